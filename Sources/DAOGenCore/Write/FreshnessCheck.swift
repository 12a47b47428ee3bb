import Foundation

/// `daogen check`: compares the files on disk with what would be generated, for teams that check generated code in.
public enum FreshnessCheck {
    /// One file that is missing, stale or no longer generated.
    public struct StaleFile: Sendable, Equatable {
        /// The file name.
        public var name: String
        /// A unified diff from the file on disk to the generated text (all `+` lines when the file is missing).
        public var diff: String
    }

    /// The generated files that differ from `directory`'s, with a diff each; empty when everything is current.
    /// A generated file on disk that no schema file produces any more counts as stale too.
    public static func staleFiles(_ files: [GeneratedFile], in directory: URL) -> [StaleFile] {
        var stale: [StaleFile] = []
        let displayDirectory = directory.path(percentEncoded: false)
        for file in files {
            let url = directory.appending(path: file.name, directoryHint: .notDirectory)
            let onDisk = try? String(contentsOf: url, encoding: .utf8)
            if onDisk != file.contents {
                let path = (displayDirectory as NSString).appendingPathComponent(file.name)
                stale.append(StaleFile(
                    name: file.name,
                    diff: UnifiedDiff.diff(
                        old: onDisk ?? "", new: file.contents,
                        oldName: onDisk == nil ? "/dev/null" : path, newName: "\(path) (generated)")))
            }
        }
        let orphans = (try? OutputWriter.orphanedFiles(in: directory, listing: displayDirectory, expected: Set(files.map(\.name)))) ?? []
        for (name, text) in orphans {
            let path = (displayDirectory as NSString).appendingPathComponent(name)
            stale.append(StaleFile(name: name, diff: UnifiedDiff.diff(old: text, new: "", oldName: path, newName: "/dev/null")))
        }
        return stale
    }
}
