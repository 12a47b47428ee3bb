import Testing

@testable import _DAOGenCore

/// Generated files are normalized: trailing spaces removed, blank-line runs folded, one final newline.
@Suite struct NormalizationTests {
    @Test func examples() {
        #expect(Generator.normalized("") == "\n")
        #expect(Generator.normalized("a  \n\n\n b \n\n") == "a\n\n b\n")
        #expect(Generator.normalized("\n\nx") == "\nx\n")
        #expect(Generator.normalized("é  \n\n\nx") == "é\n\nx\n")
    }
}
