import Testing

@testable import _DAOGenCore

/// Generated files are normalized (trailing spaces removed, blank-line runs folded, one final newline);
/// the word-at-a-time ASCII pass gives what the line-by-line reference gives.
@Suite struct NormalizationTests {
    @Test func examples() {
        #expect(Generator.normalized("") == "\n")
        #expect(Generator.normalized("a  \n\n\n b \n\n") == "a\n\n b\n")
        #expect(Generator.normalized("\n\nx") == "\nx\n")
        #expect(Generator.normalized("é  \n\n\nx") == "é\n\nx\n")
    }

    @Test func asciiPassEqualsTheReference() {
        var random = SplitMix64(seed: 0x9012_3A1E)
        let pieces = ["a", "let x = 1", " ", "  ", "\n", "\n", "\n\n", "\t", "\r", "\r\n", "é", "\u{7F}"]
        for _ in 0..<5_000 {
            let text = random.text(joining: pieces, count: 0...24)
            #expect(Generator.normalized(text) == Generator.generalNormalized(text), "\(text.debugDescription)")
        }
    }
}
