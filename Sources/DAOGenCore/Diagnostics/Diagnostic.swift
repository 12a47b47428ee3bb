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

    /// `path:line:column: error: message`, or `error: message` without a location.
    public var description: String {
        if let location {
            return "\(location): \(severity.rawValue): \(message)"
        }
        return "\(severity.rawValue): \(message)"
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
