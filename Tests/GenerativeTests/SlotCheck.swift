import CSQLite
import Foundation
import _DAOGenCore

/// Runs what generated code runs, in SQLite, and says when a statement escaped its slot: version 1
/// created from `daogen sql`'s text, then every migration step, each of whose statements must be one
/// SQL statement; no statement may attach a file; and the objects at the end must be exactly the ones
/// the schema declares at the latest version, as in a file created at the latest version directly.
enum SlotCheck {
    /// Notes ATTACH and DETACH; the authorizer refuses them, so none runs.
    final class Attempts {
        var attached: [String] = []
    }

    /// A description of the first escape found, or nil when every statement kept to its slot.
    static func problem(_ loaded: TypedSchema) -> String? {
        let latest = loaded.schema.settings.version
        var declared: Set<String> = []
        for table in loaded.schema.tables where table.range.contains(latest) {
            declared.insert("table " + table.name)
            for index in table.indexes where index.range.contains(latest) { declared.insert("index " + index.name) }
        }
        for view in loaded.schema.views where view.range.contains(latest) { declared.insert("view " + view.name) }
        for trigger in loaded.schema.triggers where trigger.range.contains(latest) { declared.insert("trigger " + trigger.name) }
        // The FTS5 table of a `search:`, its shadow tables and its three triggers; a declared virtual
        // table and the shadow tables its module names after it.
        var virtualNames: [String] = []
        for table in loaded.schema.tables where table.range.contains(latest) && table.search(at: latest) != nil {
            let index = table.searchIndexName(at: latest)
            declared.insert("table " + index)
            for shadow in ["config", "data", "docsize", "idx"] { declared.insert("table \(index)_\(shadow)") }
            for trigger in ["ai", "ad", "au"] { declared.insert("trigger \(index)_\(trigger)") }
        }
        for virtual in loaded.schema.virtualTables where virtual.range.contains(latest) {
            declared.insert("table " + virtual.name)
            virtualNames.append(virtual.name + "_")
        }
        /// `objects` without the shadow tables of the declared virtual tables.
        func withoutShadows(_ objects: Set<String>) -> Set<String> {
            objects.filter { object in !(object.hasPrefix("table ") && virtualNames.contains { object.dropFirst(6).hasPrefix($0) }) }
        }
        var direct = run(loaded, from: latest)
        direct.objects = withoutShadows(direct.objects)
        if let failure = direct.failure { return "creating version \(latest): \(failure)" }
        if direct.objects != declared {
            return "a new file holds \(direct.objects.subtracting(declared).sorted()) beyond the schema, lacks \(declared.subtracting(direct.objects).sorted())"
        }
        guard latest > 1 else { return nil }
        var migrated = run(loaded, from: 1)
        migrated.objects = withoutShadows(migrated.objects)
        if let failure = migrated.failure { return "migrating from version 1: \(failure)" }
        if migrated.objects != declared {
            return "a migrated file holds \(migrated.objects.subtracting(declared).sorted()) beyond the schema, lacks \(declared.subtracting(migrated.objects).sorted())"
        }
        return nil
    }

    /// Creates version `start` and migrates it to the latest; the objects at the end, or what failed.
    private static func run(_ loaded: TypedSchema, from start: Int) -> (objects: Set<String>, failure: String?) {
        var handle: OpaquePointer?
        guard sqlite3_open(":memory:", &handle) == SQLITE_OK, let handle else { return ([], "cannot open SQLite") }
        defer { sqlite3_close(handle) }
        let attempts = Attempts()
        sqlite3_set_authorizer(handle, { context, action, first, _, _, _ in
            guard action == SQLITE_ATTACH || action == SQLITE_DETACH, let context else { return SQLITE_OK }
            Unmanaged<Attempts>.fromOpaque(context).takeUnretainedValue().attached.append(first.map { String(cString: $0) } ?? "")
            return SQLITE_DENY
        }, Unmanaged.passUnretained(attempts).toOpaque())
        var message: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(handle, Generator.creationSQL(loaded, version: start), nil, nil, &message) != SQLITE_OK {
            defer { sqlite3_free(message) }
            return ([], "the creation SQL fails: \(message.map { String(cString: $0) } ?? "?")" + attachNote(attempts))
        }
        sqlite3_exec(handle, "PRAGMA foreign_keys = OFF", nil, nil, nil)
        for version in stride(from: start + 1, through: loaded.schema.settings.version, by: 1) {
            for step in loaded.plan[version] ?? [] {
                for statement in step.statements {
                    if let failure = runOne(statement, in: handle) {
                        return ([], "version \(version): \(failure)" + attachNote(attempts))
                    }
                }
            }
        }
        if !attempts.attached.isEmpty { return ([], attachNote(attempts)) }
        var objects: Set<String> = []
        var statement: OpaquePointer?
        sqlite3_prepare_v2(handle, "SELECT type, name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'", -1, &statement, nil)
        while sqlite3_step(statement) == SQLITE_ROW {
            objects.insert(String(cString: sqlite3_column_text(statement, 0)) + " " + String(cString: sqlite3_column_text(statement, 1)))
        }
        sqlite3_finalize(statement)
        return (objects, nil)
    }

    /// Runs `sql`, which must be exactly one statement; what went wrong otherwise.
    private static func runOne(_ sql: String, in handle: OpaquePointer) -> String? {
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let bytes = Array(sql.utf8CString)
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            guard sqlite3_prepare_v2(handle, buffer.baseAddress, -1, &statement, &tail) == SQLITE_OK, let statement else {
                return "does not prepare: \(String(cString: sqlite3_errmsg(handle))): \(sql)"
            }
            defer { sqlite3_finalize(statement) }
            if let tail, tail.pointee != 0 {
                var rest: OpaquePointer?
                let code = sqlite3_prepare_v2(handle, tail, -1, &rest, nil)
                sqlite3_finalize(rest)
                if code != SQLITE_OK || rest != nil {
                    return "holds more than one statement: \(sql)"
                }
            }
            while true {
                let code = sqlite3_step(statement)
                if code == SQLITE_DONE { return nil }
                if code != SQLITE_ROW { return "fails: \(String(cString: sqlite3_errmsg(handle))): \(sql)" }
            }
        }
    }

    private static func attachNote(_ attempts: Attempts) -> String {
        attempts.attached.isEmpty ? "" : "; it tried to attach \(attempts.attached)"
    }
}
