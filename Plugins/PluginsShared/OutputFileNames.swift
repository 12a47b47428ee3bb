/// Which files of a schema directory daogen reads, and the names of the files it writes: from the
/// file names alone, so that a build plugin can predict every output before daogen runs.
///
/// One source file for the tool and the plugins (plugins cannot depend on library targets): it lives
/// in `Plugins/PluginsShared` and `Sources/DAOGenCore/Write/OutputFileNames.swift` links to it.
enum OutputFileNames {
    /// The generated file that holds the database type.
    static let databaseFileName = "daogen.swift"

    /// The settings file's name without its extension (`daogen.yaml`, `daogen.yml`).
    static let settingsStem = "daogen"

    /// True for a file the schema parser reads: `.yaml` or `.yml`, and not hidden (a dotfile).
    static func isSchemaFile(named name: String) -> Bool {
        (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && !name.hasPrefix(".")
    }

    /// A schema file's name without its extension: `books.yaml` -> `books`.
    static func stem(ofSchemaFileNamed name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The output file of a schema file: `books` -> `books.swift`.
    static func outputFileName(forSchemaFileStem stem: String) -> String {
        "\(stem).swift"
    }

    /// Every output file name for a directory's file names (`daogen.yaml` and other files included or
    /// not): one per schema file other than the settings, in name order, then the database file.
    static func outputFileNames(forSchemaFiles names: [String]) -> [String] {
        let stems = names
            .filter(isSchemaFile(named:))
            .map(stem(ofSchemaFileNamed:))
            .filter { $0 != settingsStem }
            .sorted()
        return stems.map(outputFileName(forSchemaFileStem:)) + [databaseFileName]
    }
}
