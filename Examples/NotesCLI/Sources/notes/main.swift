import Foundation
import NotesKit

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    if arguments.last == "watch" {
        // `notes [--file PATH] watch`: observe the notes until interrupted.
        let path = arguments.first == "--file" && arguments.count == 3 ? arguments[1] : "notes.sqlite"
        try await NotesCommand.watch(path: path) { print($0) }
    } else {
        let output = try NotesCommand.run(arguments)
        if !output.isEmpty { print(output) }
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
