import GamificationSupport
import Testing

@Suite struct TOMLStringsTests {
    @Test func readsTablesKeysAndStringsWithCommentsAndEscapes() throws {
        let text = """
        # a theme
        name = "night # owl"   # a comment after the value
        "quoted key" = "tab\\there"

        [roles]\r
        text = "252 bold"
        accent = "caf\\u00E9 \\"x\\" \\\\ end"
        """
        let document = try TOMLStrings.parse(text)
        let entries = document.entries
        #expect(document.tables.map(\.name) == ["roles"] && document.tables.map(\.line) == [5])
        #expect(entries.map(\.key) == ["name", "quoted key", "text", "accent"])
        #expect(entries.map(\.table) == ["", "", "roles", "roles"])
        #expect(entries[0].value == "night # owl")
        #expect(entries[1].value == "tab\there")
        #expect(entries[3].value == "café \"x\" \\ end")
        #expect(entries.map(\.line) == [2, 3, 6, 7])
    }

    @Test(arguments: [
        ("name = plain", 1, "must be a quoted string"),
        ("\n[roles", 2, "unclosed table header"),
        ("a = \"open", 1, "unclosed string"),
        ("a = \"x\" y", 1, "unexpected 'y'"),
        ("a = \"\\q\"", 1, "unknown escape"),
        ("a = \"\\u12\"", 1, "four hexadecimal digits"),
        ("just words", 1, "expected key = \"value\""),
        (" = \"x\"", 1, "a key is missing"),
    ])
    func refusesWhatItDoesNotReadNamingTheLine(text: String, line: Int, reason: String) {
        #expect {
            try TOMLStrings.parse(text)
        } throws: { error in
            guard let problem = error as? TOMLStrings.Problem else { return false }
            return problem.line == line && problem.reason.contains(reason)
        }
    }

    @Test(arguments: ["plain", "with \"quotes\" and \\ backslash", "line\nbreak\ttab", "bell \u{7}", "ünïcödé ✓"])
    func whatIsWrittenReadsBack(value: String) throws {
        let document = try TOMLStrings.parse("key = \(TOMLStrings.quoted(value))\n")
        #expect(document.entries.first?.value == value)
    }
}
