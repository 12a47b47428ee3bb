import Foundation

/// Stage 5b: the schema history. Versions before the latest have shipped, so their schema must never
/// change. The schema directory's `history/` folder records the CREATE statements of every version
/// (`history/v1.sql`, ...); this stage compares the schema each version derives with its record. It is
/// pure: the records come in as text (see `HistoryFiles`) and the records to write go out as text.
public enum SchemaHistory {
    /// The folder of the schema directory that holds the records.
    public static let folderName = "history"

    /// The record file of `version`: `v1.sql`.
    public static func fileName(version: Int) -> String {
        "v\(version).sql"
    }

    /// The version a record file name stands for: `v12.sql` -> 12; nil for any other name.
    public static func version(ofFileName name: String) -> Int? {
        guard name.hasPrefix("v"), name.hasSuffix(".sql") else { return nil }
        let digits = name.dropFirst().dropLast(4)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
              let version = Int(digits), version >= 1, fileName(version: version) == name
        else { return nil }
        return version
    }

    /// The record of `version`: a header comment, then exactly what `daogen sql --schema-version <version>` prints.
    public static func record(of schema: Schema, version: Int) -> String {
        record(version: version, sql: Generator.creationSQL(of: schema, version: version))
    }

    /// The record of `version`, whose CREATE statements are `sql`.
    static func record(version: Int, sql: String) -> String {
        """
            -- The schema of version \(version), recorded by daogen. Do not edit; check this file in.
            -- Once a later version exists, version \(version) has shipped: daogen then refuses a schema whose
            -- version \(version) no longer creates exactly these tables and indexes.


            """ + sql
    }

    /// The outcome of comparing a schema with its records.
    public struct Comparison: Sendable, Equatable {
        /// Shipped versions that no longer match their record, and records of versions after the latest.
        public var errors: [Diagnostic] = []
        /// Versions that have no record.
        public var missingVersions: [Int] = []
        /// True when the latest version's record exists and differs from the schema.
        public var latestIsOutdated = false
        /// The records `daogen generate` writes (file names inside `history/`): every missing record, and
        /// the latest version's when it differs. Never a shipped version's existing record.
        public var records: [GeneratedFile] = []
        /// Where `version` is written in daogen.yaml, for the warnings.
        var versionLocation: SourceLocation?
        /// The latest version.
        var latest = 1
        /// The records' folder as the warnings name it: `history`, or with the schema directory as the user
        /// wrote it (`Sources/Store/Catalog/history`), so that the warnings of several schemas differ.
        var folder = folderName

        /// The commands that write records.
        private var howToWrite: String {
            "run `daogen generate` or `daogen history` (with the plugins: "
                + "`swift package --allow-writing-to-package-directory generate-daos --history-only`)"
        }

        /// What a run that must not write into the schema directory (the build plugin) says about the
        /// records it would have written.
        public var warnings: [Diagnostic] {
            var warnings = missingVersions.map { version in
                Diagnostic(
                    .warning,
                    "version \(version) has no record in \(folder)/\(fileName(version: version)); \(howToWrite) to write it, "
                        + "and check it in",
                    at: versionLocation)
            }
            if latestIsOutdated {
                warnings.append(Diagnostic(
                    .warning,
                    "the record of version \(latest), the latest, in \(folder)/\(fileName(version: latest)) is out of date; "
                        + "\(howToWrite) to rewrite it before version \(latest) ships",
                    at: versionLocation))
            }
            return warnings
        }
    }

    /// Compares every version of `schema` with `records` (by version). A version before the latest whose
    /// derived SQL no longer matches its record is an error naming the table (or index) and the difference,
    /// located at the YAML node that changed when there is one. The latest version's record may change.
    /// `displayPath`, the schema directory as the user wrote it, names the records' folder in the
    /// diagnostics that have no YAML node of their own.
    public static func compare(_ schema: Schema, records: [Int: String], displayPath: String? = nil) -> Comparison {
        compare(schema, records: records, creation: CreationSQL(schema: schema), displayPath: displayPath)
    }

    /// Compares as above, with the statements of every version already written.
    static func compare(_ schema: Schema, records: [Int: String], creation: CreationSQL, displayPath: String? = nil) -> Comparison {
        let latest = schema.settings.version
        var comparison = Comparison(versionLocation: schema.settings.versionLocation, latest: latest)
        if let displayPath, !displayPath.isEmpty {
            comparison.folder = (displayPath.hasSuffix("/") ? displayPath : displayPath + "/") + folderName
        }
        var collector = DiagnosticCollector()
        for version in records.keys.sorted() where version > latest {
            let name = "\(comparison.folder)/\(fileName(version: version))"
            collector.error(
                "\(name) records version \(version), but 'version' is \(latest); a version that has shipped cannot be "
                    + "taken back: set 'version' to \(version) or more, or delete \(name) if version \(version) never shipped",
                at: schema.settings.versionLocation)
        }
        var differences: [Difference] = []
        // The versions' records are independent texts: written on every core.
        let expectedRecords = Array(1...max(latest, 1)).parallelMap { version in
            record(version: version, sql: Generator.creationSQL(creation.statements(at: version)))
        }
        for version in 1...max(latest, 1) {
            let expected = expectedRecords[version - 1]
            guard let recorded = records[version] else {
                comparison.missingVersions.append(version)
                comparison.records.append(GeneratedFile(name: fileName(version: version), contents: expected))
                continue
            }
            if version == latest {
                if recorded != expected {
                    comparison.latestIsOutdated = true
                    comparison.records.append(GeneratedFile(name: fileName(version: version), contents: expected))
                }
                continue
            }
            if recorded != expected {
                differences += Self.differences(
                    of: schema, at: version, expected: RecordedSQL(expected), recorded: RecordedSQL(recorded))
            }
        }
        collector.append(contentsOf: Self.diagnostics(for: differences, fallback: schema.settings.versionLocation))
        comparison.errors = collector.sorted
        return comparison
    }

    // MARK: - Differences

    /// What to do about a difference, given the last shipped version that shows it.
    enum Fix: Hashable {
        /// The element is new: it exists from the next version on.
        case since
        /// The element is gone: it existed through the shipped version.
        case until
        /// The element changed: the old declaration ends, a new one starts.
        case redeclare
        /// A table-level constraint or option changed, which has no version range of its own.
        case redeclareTable
        /// The columns moved.
        case restoreOrder
        /// A column of the table was removed and one of the same type added: probably renamed. Marking the
        /// old one `until:` and the new one `since:` would drop the values, so the rename comes first.
        case rename(old: String, new: String)

        func text(lastShipped version: Int) -> String {
            switch self {
            case let .rename(old, new):
                "did you mean `renamedFrom: { name: \(old), in: \(version + 1) }` on column '\(new)'? "
                    + "(marking '\(old)' until: \(version) and '\(new)' since: \(version + 1) instead drops the values of '\(old)')"
            case .since: "mark it since: \(version + 1)"
            case .until: "keep its declaration and mark it until: \(version)"
            case .redeclare: "declare it twice: the old definition with until: \(version), the new one with since: \(version + 1)"
            case .redeclareTable: "declare the table twice: the old definition with until: \(version), the new one with since: \(version + 1)"
            case .restoreOrder: "put the declarations back in the recorded order"
            }
        }
    }

    /// One way a shipped version's SQL differs from its record.
    struct Difference: Hashable {
        var version: Int
        /// `table 'person'`, `index 'person_by_name'`.
        var object: String
        /// What differs: `column "email" TEXT was added`.
        var detail: String
        var fix: Fix
        var location: SourceLocation?
    }

    /// One error per difference, reported for the last shipped version that shows it (fixing that one
    /// fixes the earlier ones too).
    private static func diagnostics(for differences: [Difference], fallback: SourceLocation?) -> [Diagnostic] {
        var last: [Difference] = []
        for difference in differences {
            if let index = last.firstIndex(where: {
                $0.object == difference.object && $0.detail == difference.detail && $0.location == difference.location
            }) {
                last[index].version = max(last[index].version, difference.version)
            } else {
                last.append(difference)
            }
        }
        return last.map { difference in
            let version = difference.version
            return Diagnostic(
                .error,
                "version \(version) has shipped, but \(difference.object) no longer matches its record in "
                    + "\(folderName)/\(fileName(version: version)): \(difference.detail); \(difference.fix.text(lastShipped: version))",
                at: difference.location ?? fallback)
        }
    }

    /// The differences between what `version` of `schema` creates and its record.
    private static func differences(
        of schema: Schema, at version: Int, expected: RecordedSQL, recorded: RecordedSQL
    ) -> [Difference] {
        let tables = schema.tables.filter { $0.range.contains(version) }
        func table(named name: String) -> Table? {
            tables.first { $0.name(at: version).lowercased() == name.lowercased() }
        }
        func index(named name: String) -> Index? {
            tables.lazy.flatMap { $0.indexes(at: version) }.first { $0.name(at: version).lowercased() == name.lowercased() }
        }
        func location(of object: RecordedSQL.Object) -> SourceLocation? {
            switch object.kind {
            case "table": table(named: object.name).map { $0.location(of: "name") }
            case "index": index(named: object.name)?.location
            case "view":
                schema.views(at: version).first { $0.name(at: version).lowercased() == object.name.lowercased() }?.location(of: "name")
            case "trigger":
                schema.triggers.first { $0.range.contains(version) && $0.name.lowercased() == object.name.lowercased() }?.location(of: "name")
                    ?? searchLocation(object.name, at: version, in: schema)
            case "virtual table":
                schema.virtualTables(at: version).first { $0.name.lowercased() == object.name.lowercased() }?.location(of: "name")
                    ?? searchLocation(object.name, at: version, in: schema)
            default: nil
            }
        }
        func describe(_ object: RecordedSQL.Object) -> String {
            object.kind == "statement" ? "the statement `\(object.text)`" : "\(object.kind) '\(object.name)'"
        }

        var differences: [Difference] = []
        let recordedByKey = Dictionary(recorded.objects.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let expectedKeys = Set(expected.objects.map(\.key))
        for object in expected.objects {
            guard let old = recordedByKey[object.key] else {
                differences.append(Difference(
                    version: version, object: describe(object), detail: "the record has no such \(object.kind)",
                    fix: .since, location: location(of: object)))
                continue
            }
            guard old.text != object.text else { continue }
            if object.kind == "table", let table = table(named: object.name),
               let new = RecordedSQL.tableParts(object.text), let old = RecordedSQL.tableParts(old.text) {
                differences += tableDifferences(
                    table, at: version, in: schema, object: describe(object), expected: new, recorded: old)
            } else {
                differences.append(Difference(
                    version: version, object: describe(object),
                    detail: "it was `\(old.text)`, is now `\(object.text)`", fix: .redeclare, location: location(of: object)))
            }
        }
        for object in recorded.objects where !expectedKeys.contains(object.key) {
            differences.append(Difference(
                version: version, object: describe(object), detail: "the schema no longer has it",
                fix: .until, location: location(of: object)))
        }
        return differences
    }

    /// The `search:` whose FTS5 table or trigger is named `name` at `version`.
    private static func searchLocation(_ name: String, at version: Int, in schema: Schema) -> SourceLocation? {
        let lowercased = name.lowercased()
        return schema.tables.lazy.compactMap { table -> SourceLocation? in
            guard table.range.contains(version), let search = table.search(at: version) else { return nil }
            let index = table.searchIndexName(at: version).lowercased()
            return lowercased == index || (lowercased.hasPrefix(index + "_") && lowercased.count == index.count + 3) ? search.location : nil
        }.first
    }

    /// The differences of one table, column by column.
    private static func tableDifferences(
        _ table: Table, at version: Int, in schema: Schema, object: String,
        expected: (items: [String], options: String), recorded: (items: [String], options: String)
    ) -> [Difference] {
        let tableLocation = table.location(of: "name")
        func difference(_ detail: String, _ fix: Fix, at location: SourceLocation? = nil) -> Difference {
            Difference(version: version, object: object, detail: detail, fix: fix, location: location ?? tableLocation)
        }
        // The YAML node of each column of this version, by its name at this version.
        var columns: [String: Column] = [:]
        for column in table.columns(at: version) {
            columns[column.name(at: version).lowercased()] = column
        }
        func named(_ items: [String]) -> [(name: String, item: String)] {
            items.compactMap { item in RecordedSQL.columnName(ofItem: item).map { ($0, item) } }
        }
        let newColumns = named(expected.items)
        let oldColumns = named(recorded.items)
        let oldByName = Dictionary(oldColumns.map { ($0.name.lowercased(), $0.item) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(newColumns.map { $0.name.lowercased() })

        var differences: [Difference] = []
        var added: [(name: String, item: String, location: SourceLocation?)] = []
        for (name, item) in newColumns {
            let location = columns[name.lowercased()]?.location
            if let old = oldByName[name.lowercased()] {
                if old != item {
                    func definition(_ item: String) -> String {
                        let rest = RecordedSQL.identifier(at: Substring(item))?.1 ?? Substring(item)
                        let text = rest.trimmingCharacters(in: .whitespaces)
                        return text.isEmpty ? "without a type" : text
                    }
                    differences.append(difference(
                        "column \(SQLWriter.quote(name)) was \(definition(old)), is now \(definition(item))", .redeclare, at: location))
                }
            } else {
                added.append((name, item, location))
            }
        }
        for (name, item) in oldColumns where !newNames.contains(name.lowercased()) {
            // A column removed and one of the same type added in one version is most likely a rename.
            let type = RecordedSQL.declaredType(ofItem: item)
            if let index = added.firstIndex(where: { RecordedSQL.declaredType(ofItem: $0.item) == type }) {
                let new = added.remove(at: index)
                differences.append(difference(
                    "column \(item) was removed and column \(new.item) was added", .rename(old: name, new: new.name), at: new.location))
            } else {
                differences.append(difference("column \(item) was removed", .until))
            }
        }
        for (_, item, location) in added {
            differences.append(difference("column \(item) was added", .since, at: location))
        }

        let newConstraints = expected.items.filter { RecordedSQL.columnName(ofItem: $0) == nil }
        let oldConstraints = recorded.items.filter { RecordedSQL.columnName(ofItem: $0) == nil }
        for constraint in newConstraints where !oldConstraints.contains(constraint) {
            let check = table.checks.first { $0.range.contains(version) && RecordedSQL.normalized("CHECK (\($0.sql))") == constraint }
            differences.append(check.map { difference("constraint \(constraint) was added", .since, at: $0.location) }
                ?? difference("constraint \(constraint) was added", .redeclareTable))
        }
        for constraint in oldConstraints where !newConstraints.contains(constraint) {
            differences.append(difference("constraint \(constraint) was removed", constraint.hasPrefix("CHECK") ? .until : .redeclareTable))
        }
        if expected.options != recorded.options {
            let describe: (String) -> String = { $0.isEmpty ? "none" : $0 }
            differences.append(difference(
                "its options were \(describe(recorded.options)), are now \(describe(expected.options))", .redeclareTable))
        }
        if differences.isEmpty, newColumns.map(\.item) != oldColumns.map(\.item) {
            let order: ([(name: String, item: String)]) -> String = { $0.map { SQLWriter.quote($0.name) }.joined(separator: ", ") }
            differences.append(difference(
                "its columns were in the order \(order(oldColumns)), are now in the order \(order(newColumns))", .restoreOrder))
        }
        return differences
    }
}
