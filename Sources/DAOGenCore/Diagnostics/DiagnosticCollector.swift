/// Gathers the diagnostics of a stage so that all of them are reported at once.
struct DiagnosticCollector {
    private(set) var diagnostics: [Diagnostic] = []

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func error(_ message: String, at location: SourceLocation?) {
        append(Diagnostic(.error, message, at: location))
    }

    mutating func warning(_ message: String, at location: SourceLocation?) {
        append(Diagnostic(.warning, message, at: location))
    }

    mutating func append(_ diagnostic: Diagnostic) {
        // One node can fail the same way at several versions; say it once.
        if !diagnostics.contains(diagnostic) {
            diagnostics.append(diagnostic)
        }
    }

    mutating func append(contentsOf other: [Diagnostic]) {
        other.forEach { append($0) }
    }

    /// Diagnostics sorted by file and position, the order a reader expects.
    var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            switch (lhs.element.location, rhs.element.location) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return false
            case (_?, nil): return true
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }

    /// Throws every diagnostic when there is an error among them.
    func throwIfErrors() throws(DiagnosticsError) {
        if hasErrors { throw DiagnosticsError(diagnostics: sorted) }
    }

    var warnings: [Diagnostic] { sorted.filter { $0.severity == .warning } }
}
