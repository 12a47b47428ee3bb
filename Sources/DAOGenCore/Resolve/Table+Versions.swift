extension VersionRange {
    /// The versions at which an element with this range, renamed by `rename`, appears, disappears
    /// or changes its name.
    func changeVersions(renamed rename: Rename?) -> [Int] {
        [since] + [until.map { $0 + 1 }, rename?.version].compactMap { $0 }
    }
}

extension Table {
    /// The versions at which the table or one of its columns starts, ends or is renamed, and version
    /// 1: at any other version, the table's name, its columns and their names are the version before's.
    var columnChangeVersions: Set<Int> {
        var versions: Set<Int> = [1]
        versions.formUnion(range.changeVersions(renamed: renamedFrom))
        for column in columns { versions.formUnion(column.range.changeVersions(renamed: column.renamedFrom)) }
        return versions
    }
}
