import CSQLite

extension Statement {
    /// Runs a statement that returns no rows to completion, then resets it for the next execution
    /// (its bindings stay until they are replaced or cleared).
    @inlinable
    public func execute() throws {
        defer { resetAfterStepping() }
        while try step() {}
    }

    /// Decodes the first row with `decode`, or returns nil when there is none; resets the statement.
    @inlinable
    public func fetchOne<Row>(_ decode: (Statement) throws -> Row) throws -> Row? {
        defer { resetAfterStepping() }
        return try step() ? decode(self) : nil
    }

    /// Decodes every row with `decode`; resets the statement.
    @inlinable
    public func fetchAll<Row>(_ decode: (Statement) throws -> Row) throws -> [Row] {
        defer { resetAfterStepping() }
        var rows: [Row] = []
        while try step() {
            rows.append(try decode(self))
        }
        return rows
    }

    /// Binds `arguments` to parameters 1...n, in order.
    public func bind(arguments: [any DatabaseValueConvertible]) {
        for (offset, argument) in arguments.enumerated() {
            argument.bind(to: self, at: Int32(offset + 1))
        }
    }

    /// Binds the arguments of a condition to parameters 1...n, `limit` to `:daogen_limit` (no limit for
    /// nil) and `offset` to `:daogen_offset`, after checking that the statement has exactly one parameter
    /// per argument besides those two, which must come last.
    ///
    /// SQLite numbers the parameters: `?` takes the next number, `?NNN` that number, and a named
    /// parameter (`:name`, `@name`, `$name`) the next number at its first appearance, so named
    /// parameters take the arguments in the order they first appear.
    /// - Throws: ``DAOGenError/argumentCountMismatch(expected:given:sql:)``, before binding anything.
    public func bind(arguments: [any DatabaseValueConvertible], limit: Int?, offset: Int?) throws {
        let parameterCount = sqlite3_bind_parameter_count(handle)
        let limitIndex = sqlite3_bind_parameter_index(handle, Self.limitParameter)
        let offsetIndex = sqlite3_bind_parameter_index(handle, Self.offsetParameter)
        guard limitIndex > 0, offsetIndex == limitIndex + 1, offsetIndex == parameterCount,
              Int(parameterCount) - 2 == arguments.count else {
            let expected = Int(parameterCount) - (limitIndex > 0 ? 1 : 0) - (offsetIndex > 0 ? 1 : 0)
            throw DAOGenError.argumentCountMismatch(expected: expected, given: arguments.count, sql: sql)
        }
        bind(arguments: arguments)
        bind(Int64(limit ?? -1), at: limitIndex)
        bind(Int64(offset ?? 0), at: offsetIndex)
    }

    /// The named parameter that ``bind(arguments:limit:offset:)`` binds the limit to. A condition must
    /// not use it.
    public static let limitParameter = ":daogen_limit"

    /// The named parameter that ``bind(arguments:limit:offset:)`` binds the offset to. A condition must
    /// not use it.
    public static let offsetParameter = ":daogen_offset"
}
