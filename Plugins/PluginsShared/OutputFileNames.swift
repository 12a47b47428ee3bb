/// Which files of a schema directory daogen reads, and the names of the files it writes: from the
/// file names and the `database:` line of `daogen.yaml` alone, so that a build plugin can predict every
/// output before daogen runs (without a YAML parser: plugins cannot depend on Yams).
///
/// One source file for the tool and the plugins (plugins cannot depend on library targets): it lives
/// in `Plugins/PluginsShared` and `Sources/DAOGenCore/Write/OutputFileNames.swift` links to it.
enum OutputFileNames {
    /// The database type's name when `daogen.yaml` sets none.
    static let defaultDatabaseTypeName = "AppDatabase"

    /// The name of the file that an older daogen (before several schemas could share a target) wrote
    /// the database type into, whatever its name.
    static let legacyDatabaseFileName = "daogen.swift"

    /// The settings file's name without its extension (`daogen.yaml`, `daogen.yml`).
    static let settingsStem = "daogen"

    /// True for a file the schema parser reads: `.yaml` or `.yml`, and not hidden (a dotfile).
    static func isSchemaFile(named name: String) -> Bool {
        (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && !name.hasPrefix(".")
    }

    /// True for the settings file's name: `daogen.yaml` or `daogen.yml`.
    static func isSettingsFile(named name: String) -> Bool {
        isSchemaFile(named: name) && stem(ofSchemaFileNamed: name) == settingsStem
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

    /// The file of the database type, named after it so that two schemas can share a module:
    /// `LibraryDatabase` -> `LibraryDatabase.swift`.
    static func databaseFileName(forTypeName typeName: String) -> String {
        "\(typeName).swift"
    }

    /// The database type's name as a line of `daogen.yaml`'s text says it: the value of a top-level
    /// `database:` key written on one line (plain, or in single or double quotes; a comment may follow).
    /// Nil when no such line exists. daogen checks that its YAML parser reads the same name, so the
    /// plugins' prediction and the tool's output always agree.
    static func databaseTypeName(inSettingsText text: String) -> String? {
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {  // "\r\n" is one Character
            var rest = Substring(line)
            // The key, at the start of the line (the top level of a block mapping), maybe quoted.
            var matched = false
            for key in ["database", "\"database\"", "'database'"] where rest.hasPrefix(key) {
                rest = rest.dropFirst(key.count)
                matched = true
                break
            }
            guard matched else { continue }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard rest.first == ":" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            if let quote = rest.first, quote == "\"" || quote == "'" {
                let body = rest.dropFirst()
                guard let end = body.firstIndex(of: quote) else { return nil }
                return String(body[..<end])
            }
            let value = rest.prefix { $0 != " " && $0 != "\t" && $0 != "#" }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }

    /// Every output file name for a directory's file names (`daogen.yaml` and other files included or
    /// not): one per schema file other than the settings, in name order, then the database type's file.
    static func outputFileNames(forSchemaFiles names: [String], databaseTypeName: String) -> [String] {
        let stems = names
            .filter(isSchemaFile(named:))
            .map(stem(ofSchemaFileNamed:))
            .filter { $0 != settingsStem }
            .sorted()
        return stems.map(outputFileName(forSchemaFileStem:)) + [databaseFileName(forTypeName: databaseTypeName)]
    }
}
