/// One problem found in the input, with the place it comes from.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad the problem is.
    public enum Severity: String, Sendable, Hashable {
        /// Generation fails; nothing is written.
        case error
        /// Generation goes on; the message is printed.
        case warning
    }

    /// How bad the problem is.
    public var severity: Severity
    /// What is wrong, and where possible what to write instead.
    public var message: String
    /// The YAML node the problem is about, when there is one.
    public var location: SourceLocation?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation?) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `path:line:column: error: message`, or `error: message` without a location. Always one line:
    /// line breaks and other control characters of user values or SQLite's echo of SQL are escaped,
    /// so a compiler, Xcode or grep sees one diagnostic a line.
    public var description: String {
        let text = Self.oneLine(message)
        if let location {
            return "\(location): \(severity.rawValue): \(text)"
        }
        return "\(severity.rawValue): \(text)"
    }

    /// `text` with line breaks as `\n`, `\r` and other control characters as `\u{…}`.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Control characters and the Unicode line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII answered directly (its controls are U+0000-U+001F and U+007F): the Unicode property
        // lookup showed in profiles, run on every character of the generated SQL literals.
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}

/// The failure of a generator stage: every error it found, with the warnings seen so far.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic of the run, errors and warnings, in source order.
    public var diagnostics: [Diagnostic]

    /// Creates the failure from a run's diagnostics.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic a line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
