import DAOGenRuntime

extension Database {
    /// An in-memory database for the generator's checks. SQLite's authorizer refuses `ATTACH` and
    /// `DETACH` on it, so no SQL from a schema can open or create a file on the developer's machine
    /// while it is verified.
    static func scratch() throws -> Database {
        var configuration = Configuration()
        configuration.allowsAttach = false
        return try Database(path: ":memory:", configuration: configuration)
    }
}
