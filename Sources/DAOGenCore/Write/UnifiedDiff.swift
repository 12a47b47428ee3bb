/// A unified diff (`diff -u` format, 3 lines of context) between two texts, for `daogen check`.
enum UnifiedDiff {
    private enum Edit: Equatable {
        case same(String), removed(String), added(String)
    }

    /// The diff from `old` to `new`; empty when they are equal.
    static func diff(old: String, new: String, oldName: String, newName: String) -> String {
        guard old != new else { return "" }
        let edits = Self.edits(from: lines(old), to: lines(new))
        var output = "--- \(oldName)\n+++ \(newName)\n"
        let context = 3
        var index = 0
        var oldLine = 1
        var newLine = 1
        // Walk the edits, emitting each run of changes with its context as one hunk.
        while index < edits.count {
            guard let firstChange = edits[index...].firstIndex(where: { if case .same = $0 { return false } else { return true } }) else { break }
            let start = max(index, firstChange - context)
            oldLine += start - index
            newLine += start - index
            // Extend the hunk until more than twice the context separates it from the next change.
            var end = firstChange
            var trailingSame = 0
            while end < edits.count {
                if case .same = edits[end] {
                    if trailingSame == 2 * context { break }
                    trailingSame += 1
                } else {
                    trailingSame = 0
                }
                end += 1
            }
            end -= max(0, trailingSame - context)
            let hunk = edits[start..<end]
            let oldCount = hunk.filter { if case .added = $0 { return false } else { return true } }.count
            let newCount = hunk.filter { if case .removed = $0 { return false } else { return true } }.count
            output += "@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@\n"
            for edit in hunk {
                switch edit {
                case let .same(line): output += " \(line)\n"
                case let .removed(line): output += "-\(line)\n"
                case let .added(line): output += "+\(line)\n"
                }
            }
            oldLine += oldCount
            newLine += newCount
            index = end
        }
        return output
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The shortest edit script, by a longest-common-subsequence table over the part between the common
    /// prefix and suffix (generated files differ in few places, so that part is small).
    private static func edits(from old: [String], to new: [String]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let a = Array(old[prefix..<(old.count - suffix)])
        let b = Array(new[prefix..<(new.count - suffix)])
        var middle: [Edit] = []
        if a.count * b.count > 4_000_000 {
            middle = a.map(Edit.removed) + b.map(Edit.added)
        } else {
            var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            var i = 0
            var j = 0
            while i < a.count || j < b.count {
                if i < a.count, j < b.count, a[i] == b[j] {
                    middle.append(.same(a[i])); i += 1; j += 1
                } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
                    middle.append(.removed(a[i])); i += 1
                } else {
                    middle.append(.added(b[j])); j += 1
                }
            }
        }
        return old[..<prefix].map(Edit.same) + middle + old[(old.count - suffix)...].map(Edit.same)
    }
}
