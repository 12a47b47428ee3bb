import Foundation

extension SchemaImporter {
    /// Runs what `daogen generate` runs (resolve, plan, verify with SQLite, the migration proof) on the
    /// imported schema, in a scratch directory, so that no schema directory is written that generation
    /// would reject. A view column daogen cannot type from the schema gets `types: { column:
    /// DatabaseValue? }` (each value as stored); any other error is a refusal naming the object.
    static func check(_ schema: inout ImportedSchema) throws {
        // Three rounds at most: the first finds the untyped view columns, the second confirms.
        for _ in 0..<3 {
            let problems = try problems(of: schema)
            guard !problems.isEmpty else { return }
            var typed = false
            for problem in problems {
                if case let .view(index) = problem.object,
                   let column = untypedColumn(in: problem.message),
                   !schema.views[index].types.contains(where: { $0.name == column }) {
                    schema.views[index].types.append((column, "DatabaseValue?"))
                    typed = true
                }
            }
            if typed { continue }
            for problem in problems {
                let object = switch problem.object {
                case let .view(index): "view '\(schema.views[index].name)'"
                case let .trigger(index): "trigger '\(schema.triggers[index].name)'"
                case .other: "the imported schema"
                }
                schema.refusals.append("\(object) cannot be imported: daogen generate would reject it: \(problem.message)")
            }
            return
        }
    }

    /// What a generation error is about: a view or trigger (by position), or anything else.
    private enum CheckedObject {
        case view(Int), trigger(Int), other
    }

    /// The error messages of generating `schema`, each with the object it is about.
    private static func problems(of schema: ImportedSchema) throws -> [(object: CheckedObject, message: String)] {
        let directory = FileManager.default.temporaryDirectory.appending(
            path: "daogen-import-check-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Tables as import writes them; each view and trigger in a file of its own, so that an error's
        // file names its object.
        var checked = schema
        checked.views = []
        checked.triggers = []
        checked.virtualTables = []
        for file in ImportYAMLWriter.files(for: checked, source: "check") {
            try Data(file.contents.utf8).write(to: directory.appending(path: file.name))
        }
        for (index, view) in schema.views.enumerated() {
            try Data(("views:\n" + ImportYAMLWriter.viewText(view)).utf8).write(to: directory.appending(path: "zzview\(index).yaml"))
        }
        if !schema.virtualTables.isEmpty {
            try Data(("virtualTables:\n" + schema.virtualTables.map(ImportYAMLWriter.virtualTableText).joined()).utf8)
                .write(to: directory.appending(path: "virtualtables.yaml"))
        }
        for (index, trigger) in schema.triggers.enumerated() {
            try Data(("triggers:\n" + ImportYAMLWriter.triggerText(trigger)).utf8)
                .write(to: directory.appending(path: "zztrigger\(index).yaml"))
        }
        do {
            _ = try Generator.load(directory: directory, displayPath: "check")
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map { diagnostic in
                let file = diagnostic.location.map { URL(filePath: $0.file).lastPathComponent } ?? ""
                let object: CheckedObject =
                    if file.hasPrefix("zzview"), let index = Int(file.dropFirst(6).dropLast(5)) { .view(index) }
                    else if file.hasPrefix("zztrigger"), let index = Int(file.dropFirst(9).dropLast(5)) { .trigger(index) }
                    else { .other }
                return (object, diagnostic.message)
            }
        }
    }

    /// The result column of the generator's "cannot be inferred" error, or nil for any other message.
    private static func untypedColumn(in message: String) -> String? {
        let marker = "the type of result column '"
        guard let start = message.range(of: marker)?.upperBound,
              let end = message[start...].range(of: "' cannot be inferred")?.lowerBound
        else { return nil }
        return String(message[start..<end])
    }
}
