import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Changes the files of one directory together: every file written and removed, or, when one change
/// fails, none, the directory left as it was and no temporary file behind.
///
/// Each new contents is written to a temporary file in the directory itself (one file system, so that a
/// rename moves it into place atomically). The files it replaces are kept under temporary names (hard
/// links, which cost no copy) and the files to remove are moved aside; then the new files are renamed
/// into place. On a failure the kept files go back under their names, the new ones are removed, and so
/// are the temporary files. Temporary names are short and fixed (`.daogen-<random>-<n>.tmp`), so a
/// target whose name is as long as a file name may be still has one.
struct DirectoryTransaction {
    /// The directory whose files change; it exists.
    let directory: URL
    /// The files to create or replace, by name, with their new contents.
    var writes: [(name: String, data: Data)] = []
    /// The files to remove, by name.
    var removals: [String] = []
    /// Called with each new file's name just before it is renamed into place: where a test makes a
    /// rename fail after others succeeded.
    var willMoveIntoPlace: (String) -> Void = { _ in }

    /// A change that could not be made: the file it was about and why.
    struct Failure: Error {
        /// The path of the file the change was about.
        var path: String
        /// Why, in a few words.
        var reason: String
    }

    /// Makes every change, or none.
    func commit() throws(Failure) {
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        var temporaryCount = 0
        // Every temporary path taken, removed at the end whatever happened (those moved into place are gone).
        var temporaries: [String] = []
        // What undoes each change made so far, in the order made.
        var undo: [Undo] = []
        func temporaryPath() -> String {
            temporaryCount += 1
            let path = self.path(of: ".daogen-\(random)-\(temporaryCount).tmp")
            temporaries.append(path)
            return path
        }
        // A kept file that could not go back stays, under its temporary name, rather than be lost.
        var stranded: Set<String> = []
        defer {
            for path in temporaries where !stranded.contains(path) { _ = unlink(path) }
        }
        do throws(Failure) {
            // The new contents, beside their targets.
            var staged: [(name: String, temporary: String)] = []
            for write in writes {
                let temporary = temporaryPath()
                do {
                    try write.data.write(to: URL(filePath: temporary, directoryHint: .notDirectory))
                } catch {
                    throw Failure(path: path(of: write.name), reason: Self.reason(error))
                }
                staged.append((write.name, temporary))
            }
            // The files replaced, kept: renaming one back puts its old contents (its inode) back. Renaming
            // it over a target not yet replaced, a link to the same file, does nothing.
            var replaced: Set<String> = []
            for (name, _) in staged where FileManager.default.fileExists(atPath: path(of: name)) {
                let kept = temporaryPath()
                try keep(path(of: name), as: kept)
                undo.append(.putBack(kept, as: path(of: name)))
                replaced.insert(name)
            }
            // The files removed, moved aside.
            for name in removals {
                let aside = temporaryPath()
                try move(path(of: name), to: aside)
                undo.append(.putBack(aside, as: path(of: name)))
            }
            // The new files, into place.
            for (name, temporary) in staged {
                willMoveIntoPlace(name)
                try move(temporary, to: path(of: name))
                if !replaced.contains(name) {
                    undo.append(.remove(path(of: name)))
                }
            }
        } catch {
            for action in undo.reversed() {
                switch action {
                case .putBack(let kept, let target):
                    if rename(kept, target) != 0 { stranded.insert(kept) }
                case .remove(let target):
                    _ = unlink(target)
                }
            }
            throw error
        }
    }

    /// What undoes one change.
    private enum Undo {
        /// Renames the kept file back to its target's path.
        case putBack(String, as: String)
        /// Removes a file that did not exist before.
        case remove(String)
    }

    /// The path of the file `name` of the directory.
    private func path(of name: String) -> String {
        directory.appending(path: name, directoryHint: .notDirectory).path(percentEncoded: false)
    }

    /// Renames `source` to `target`, replacing a file there.
    private func move(_ source: String, to target: String) throws(Failure) {
        guard rename(source, target) == 0 else {
            throw Failure(path: target, reason: String(cString: strerror(errno)))
        }
    }

    /// Keeps the file at `path` under the name `kept` too: a hard link, else (a file system without
    /// them) a copy.
    private func keep(_ path: String, as kept: String) throws(Failure) {
        if link(path, kept) == 0 { return }
        do {
            try FileManager.default.copyItem(atPath: path, toPath: kept)
        } catch {
            throw Failure(path: path, reason: Self.reason(error))
        }
    }

    /// The reason of a Foundation error, without its domain dump.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        return ((nsError.userInfo[NSUnderlyingErrorKey] as? NSError) ?? nsError).localizedDescription
    }
}
