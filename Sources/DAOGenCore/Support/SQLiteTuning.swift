import CSQLite

/// Process-wide SQLite settings for the generator's process.
public enum SQLiteTuning {
    /// Turns SQLite's memory statistics off, so that the verifier's threads, each on its own in-memory
    /// connections, stop waiting on the one mutex every SQLite allocation takes while statistics are on
    /// (it showed as a fifth of the samples of a 1,000-table run). Call it first thing, before any
    /// connection opens; later, SQLite refuses the change and this does nothing. Nothing in daogen reads
    /// the statistics (`sqlite3_memory_used`).
    public static func disableMemoryStatistics() {
        _ = daogen_sqlite3_disable_memory_statistics()
    }
}
