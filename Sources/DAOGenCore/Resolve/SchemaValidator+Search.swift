extension SchemaValidator {
    /// A table's `search:`: on a table with a rowid, over columns it has at every version the index
    /// exists in, one declaration per version.
    mutating func checkSearch(_ table: Table) {
        guard !table.search.isEmpty else { return }
        if table.withoutRowID {
            diagnostics.error(
                "table '\(table.name)' is WITHOUT ROWID, so it cannot have 'search': an FTS5 index keeps the rowid of each row",
                at: table.location(of: "search"))
            return
        }
        for (position, search) in table.search.enumerated() {
            if let earlier = table.search[..<position].first(where: { $0.range.overlaps(search.range, latest: latest) }) {
                diagnostics.error(
                    "table '\(table.name)' has 'search' twice at version \(max(earlier.range.since, search.range.since)); "
                        + "give the declarations 'since' / 'until' ranges that do not overlap",
                    at: search.location)
                continue
            }
            var reported: Set<String> = []
            for version in search.range.since...(search.range.until ?? latest) {
                for name in search.columns where !reported.contains(name) {
                    guard let column = table.column(named: name, at: version) else {
                        reported.insert(name)
                        diagnostics.error(
                            "'search' names column '\(name)', which table '\(table.name(at: version))' does not have at version \(version)",
                            at: search.location(of: "columns"))
                        continue
                    }
                    if column.affinity != .text {
                        reported.insert(name)
                        diagnostics.error(
                            "'search' indexes text, but column '\(name)' of table '\(table.name(at: version))' has \(column.affinity.rawValue) affinity",
                            at: search.location(of: "columns"))
                    }
                }
            }
            if Set(search.columns).count != search.columns.count {
                diagnostics.error("'search' names a column twice", at: search.location(of: "columns"))
            }
        }
    }

    /// No table, FTS5 index of a `search:` or declared virtual table shares an SQL name at one version.
    mutating func checkVirtualTableNames() {
        guard schema.hasVirtualTables else { return }
        var reported: Set<String> = []
        for version in 1...latest {
            var seen: [String: SourceLocation] = [:]
            for table in schema.tables where table.range.contains(version) {
                seen[table.name(at: version).lowercased()] = table.location
            }
            func declare(_ name: String, what: String, at location: SourceLocation) {
                if let first = seen[name.lowercased()] {
                    if reported.insert("\(location)").inserted {
                        diagnostics.error(
                            "\(what) '\(name)' at version \(version) has the name of another table (declared at \(first)); rename one of them",
                            at: location)
                    }
                } else {
                    seen[name.lowercased()] = location
                }
            }
            for table in schema.tables where table.search(at: version) != nil {
                declare(table.searchIndexName(at: version), what: "the FTS5 table of 'search'", at: table.search(at: version)!.location)
            }
            for virtual in schema.virtualTables(at: version) {
                declare(virtual.name, what: "virtual table", at: virtual.location(of: "name"))
            }
        }
    }
}

extension VersionRange {
    /// True when the two ranges share a version, `latest` standing for an open end.
    func overlaps(_ other: VersionRange, latest: Int) -> Bool {
        since <= (other.until ?? latest) && other.since <= (until ?? latest)
    }
}
