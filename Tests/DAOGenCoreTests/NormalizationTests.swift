import Testing

@testable import _DAOGenCore
import Seeded

/// Generated files are normalized: trailing spaces removed, blank-line runs folded, one final newline.
@Suite struct NormalizationTests {
    @Test func examples() {
        #expect(Generator.normalized("") == "\n")
        #expect(Generator.normalized("a  \n\n\n b \n\n") == "a\n\n b\n")
        #expect(Generator.normalized("\n\nx") == "\nx\n")
        #expect(Generator.normalized("é  \n\n\nx") == "é\n\nx\n")
    }

    /// The rule written line by line, as the reference of random texts.
    @Test func randomTextsFollowTheRule() {
        func reference(_ text: String) -> String {
            var lines: [Substring] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                var trimmed = line
                while trimmed.last == " " { trimmed = trimmed.dropLast() }
                if trimmed.isEmpty, lines.last?.isEmpty == true { continue }
                lines.append(trimmed)
            }
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines.joined(separator: "\n") + "\n"
        }
        var random = SeededRandom(seed: 0x9012_3A1E)
        let pieces = ["a", "let x = 1", " ", "  ", "\n", "\n", "\n\n", "\t", "é", "\u{7F}", " \u{301}"]
        for _ in 0..<5_000 {
            let text = random.text(joining: pieces, count: 0...24)
            #expect(Generator.normalized(text) == reference(text), "\(text.debugDescription)")
        }
    }
}
