import Foundation

/// A hand-written SVG bar chart of each implementation's median relative to the hand-written
/// baseline: one group of bars per workload, with the 1.10× target drawn as a dashed line.
///
/// The axis stops at ``axisLimit`` so that the differences near 1× stay visible; longer bars are
/// cut with a break mark, and their labels give the real ratio.
struct SVGChart {
    /// The workloads that ran, with a ratio per implementation (nil when it has none).
    var groups: [(title: String, ratios: [Double?])]
    /// The implementations' names, in the order of the ratios.
    var implementations: [String]

    /// The largest ratio the axis shows.
    static let axisLimit = 3.0

    /// Bar colors, by implementation.
    private static let colors = ["#8c8c8c", "#2e7d32", "#ef6c00", "#1565c0", "#6a1b9a"]

    /// Builds the chart from a report's results.
    init(report: MarkdownReport) {
        implementations = report.implementations
        groups = report.results.filter { $0.skipped == nil }.map { result in
            (result.title, result.durations.indices.map { report.ratio(result, $0) })
        }
    }

    /// The SVG document.
    var svg: String {
        let barWidth = 30.0, barGap = 4.0, groupGap = 44.0
        let left = 64.0, right = 20.0, top = 90.0, plotHeight = 300.0, bottom = 56.0
        let groupWidth = Double(implementations.count) * (barWidth + barGap) - barGap
        let width = left + Double(max(groups.count, 1)) * (groupWidth + groupGap) + right
        let height = top + plotHeight + bottom
        let largest = groups.flatMap { $0.ratios.compactMap { $0 } }.max() ?? 1
        let axisMax = min(Self.niceCeiling(max(largest, 1.2)), Self.axisLimit)
        /// The y coordinate of a ratio.
        func y(_ ratio: Double) -> Double { top + plotHeight - ratio / axisMax * plotHeight }

        var svg: [String] = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" viewBox="0 0 \##(Int(width)) \##(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">"##,
            ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
            ##"<text x="\##(left)" y="22" font-size="15" font-weight="bold">Time relative to the hand-written sqlite3 C API (median; lower is better)</text>"##,
            ##"<text x="\##(left)" y="68" fill="#666666">Bars over \##(Self.tickLabel(axisMax))× are cut; labels give the ratio</text>"##,
        ]
        // Legend.
        var legendX = left
        for (index, name) in implementations.enumerated() {
            svg.append(##"<rect x="\##(legendX)" y="36" width="12" height="12" fill="\##(Self.colors[index % Self.colors.count])"/>"##)
            svg.append(##"<text x="\##(legendX + 16)" y="46">\##(Self.escape(name))</text>"##)
            legendX += 24 + Double(name.count) * 6.6
        }
        svg.append(##"<line x1="\##(legendX)" y1="42" x2="\##(legendX + 22)" y2="42" stroke="#c62828" stroke-width="2" stroke-dasharray="6 4"/>"##)
        svg.append(##"<text x="\##(legendX + 28)" y="46" fill="#c62828">1.10× target for (2)</text>"##)
        // Grid and axis labels.
        let step = Self.niceStep(axisMax)
        var tick = 0.0
        while tick <= axisMax + 1e-9 {
            svg.append(##"<line x1="\##(left)" y1="\##(y(tick))" x2="\##(width - right)" y2="\##(y(tick))" stroke="#e0e0e0"/>"##)
            svg.append(##"<text x="\##(left - 8)" y="\##(y(tick) + 4)" text-anchor="end">\##(Self.tickLabel(tick))×</text>"##)
            tick += step
        }
        // Bars.
        for (groupIndex, group) in groups.enumerated() {
            let groupX = left + groupGap / 2 + Double(groupIndex) * (groupWidth + groupGap)
            for (index, ratio) in group.ratios.enumerated() {
                guard let ratio else { continue }
                let x = groupX + Double(index) * (barWidth + barGap)
                let color = Self.colors[index % Self.colors.count]
                let shown = min(ratio, axisMax)
                svg.append(##"<rect x="\##(x)" y="\##(y(shown))" width="\##(barWidth)" height="\##(y(0) - y(shown))" fill="\##(color)"><title>\##(Self.escape(implementations[index])): \##(Format.ratio(ratio))</title></rect>"##)
                if ratio > axisMax {
                    // A break mark: the bar is longer than the axis.
                    let breakY = y(axisMax) + 14
                    svg.append(##"<path d="M\##(x - 1) \##(breakY + 4) L\##(x + barWidth + 1) \##(breakY - 4) M\##(x - 1) \##(breakY + 9) L\##(x + barWidth + 1) \##(breakY + 1)" stroke="#ffffff" stroke-width="3"/>"##)
                }
                svg.append(##"<text x="\##(x + barWidth / 2)" y="\##(y(shown) - 4)" text-anchor="middle" font-size="10">\##(Self.barLabel(ratio))</text>"##)
            }
            // The title, wrapped on two lines under the group.
            let words = group.title.split(separator: " ")
            let half = (words.count + 1) / 2
            let lines = [words.prefix(half).joined(separator: " "), words.dropFirst(half).joined(separator: " ")]
            for (lineIndex, line) in lines.enumerated() where !line.isEmpty {
                svg.append(##"<text x="\##(groupX + groupWidth / 2)" y="\##(y(0) + 18 + Double(lineIndex) * 14)" text-anchor="middle">\##(Self.escape(line))</text>"##)
            }
        }
        // The target line.
        svg.append(##"<line x1="\##(left)" y1="\##(y(1.1))" x2="\##(width - right)" y2="\##(y(1.1))" stroke="#c62828" stroke-dasharray="6 4"/>"##)
        svg.append(##"<line x1="\##(left)" y1="\##(y(0))" x2="\##(width - right)" y2="\##(y(0))" stroke="#444444"/>"##)
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// The smallest of 1.5, 2, 3, 5 times a power of ten not below `value`.
    static func niceCeiling(_ value: Double) -> Double {
        var magnitude = 1.0
        while magnitude * 10 < value { magnitude *= 10 }
        for factor in [1.0, 1.5, 2, 3, 5, 10] where factor * magnitude >= value {
            return factor * magnitude
        }
        return 10 * magnitude
    }

    /// A grid step giving 4 to 10 lines up to `axisMax`.
    static func niceStep(_ axisMax: Double) -> Double {
        for step in [0.25, 0.5, 1, 2, 5, 10, 20, 50, 100] where axisMax / step <= 10 {
            return step
        }
        return axisMax / 5
    }

    /// A tick label without needless decimals.
    static func tickLabel(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2g", value)
    }

    /// The label over a bar.
    private static func barLabel(_ ratio: Double) -> String {
        ratio >= 10 ? String(format: "%.0f", ratio) : String(format: "%.2f", ratio)
    }

    /// Text escaped for XML.
    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
