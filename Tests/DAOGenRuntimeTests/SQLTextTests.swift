@testable import DAOGenRuntime
import Testing
import Seeded

/// `SQLText.concatenation(_:)`, which writes the SQL of typed conditions into one buffer.
@Suite("SQL text")
struct SQLTextTests {
    /// The pieces random parts are made of: empty, ASCII, multi-byte UTF-8, a NUL byte, and text long
    /// enough to live outside a small string.
    static let pieces = ["", " ", "?", "\"category\"", " AND ", "é", "✓", "😀", "\u{0}", "'it''s'", String(repeating: "abcdefgh", count: 5)]

    @Test("the concatenation of random parts is their joined text, byte for byte")
    func randomParts() {
        var random = SeededRandom(seed: 31)
        for trial in 0..<2_000 {
            let parts = (0..<random.below(6)).map { _ in
                (0..<random.below(4)).map { _ in random.pick(Self.pieces) }.joined()
            }
            let joined = parts.joined()
            let concatenated: String
            switch parts.count {
            case 0: concatenated = SQLText.concatenation()
            case 1: concatenated = SQLText.concatenation(parts[0])
            case 2: concatenated = SQLText.concatenation(parts[0], parts[1])
            case 3: concatenated = SQLText.concatenation(parts[0], parts[1], parts[2])
            case 4: concatenated = SQLText.concatenation(parts[0], parts[1], parts[2], parts[3])
            default: concatenated = SQLText.concatenation(parts[0], parts[1], parts[2], parts[3], parts[4])
            }
            #expect(Array(concatenated.utf8) == Array(joined.utf8), "trial \(trial): \(parts)")
        }
    }
}
