import Foundation
import NotesKit

do {
    let output = try NotesCommand.run(Array(CommandLine.arguments.dropFirst()))
    if !output.isEmpty { print(output) }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
