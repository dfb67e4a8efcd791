import Testing
@testable import StreakDashboard

/// What the terminal sends, as keys: escape sequences, Alt+key, control characters.
struct KeyDecoderTests {
    func codes(_ text: String) -> [TerminalInput] { text.unicodeScalars.map { .code($0.value) } }

    @Test func aLoneEscapeIsEscapeAndAltKeysAreSkipped() {
        #expect(KeyDecoder.keys(codes("\u{1B}")) == [.escape])
        #expect(KeyDecoder.keys(codes("\u{1B}x")).isEmpty)  // Alt+x never quits
        #expect(KeyDecoder.keys(codes("\u{1B}xq")) == [.character("q")])
    }

    @Test(arguments: [("\u{1B}[H", Key.home), ("\u{1B}OH", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
                      ("\u{1B}[F", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end), ("\u{1B}OF", .end),
                      ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
                      ("\u{1B}[A", .up), ("\u{1B}OB", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left)])
    func sequencesATerminfoMayNotName(sequence: String, key: Key) {
        #expect(KeyDecoder.keys(codes(sequence + "j")) == [key, .character("j")])
    }

    @Test func unknownSequencesAreSkippedWhole() {
        #expect(KeyDecoder.keys(codes("\u{1B}[1;5A")).isEmpty)  // Ctrl+Up
        #expect(KeyDecoder.keys(codes("\u{1B}[200~k")) == [.character("k")])
    }

    @Test func controlCharactersAndNamedKeys() {
        #expect(KeyDecoder.keys(codes("\u{3}\u{1A}\u{9}\r\n\u{7F}\u{8}\u{1C}")) == [.interrupt, .suspend, .tab, .enter, .enter, .backspace, .backspace])
        #expect(KeyDecoder.keys([.named(.up), .named(nil), .code(0x1F525)]) == [.up, .character("🔥")])
        // A named key ends an unfinished sequence, and is read as itself.
        #expect(KeyDecoder.keys([.code(27), .code(91), .named(.down)]) == [.down])
        #expect(KeyDecoder.keys([.code(27), .named(.up)]) == [.up])
    }
}
