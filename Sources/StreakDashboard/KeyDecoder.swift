import Foundation

/// What the terminal library read: a key it named itself (an arrow, Home), or a character
/// code (a letter, a control character, a byte of an escape sequence it did not know).
public enum TerminalInput: Equatable, Sendable {
    /// A key the library decoded; nil for one the dashboard has no use for.
    case named(Key?)
    case code(UInt32)
}

/// Turns what the terminal sent into keys. An escape followed at once by more input is an
/// Alt+key or an escape sequence the terminal library did not know: it is skipped whole,
/// unless it is one of the sequences for Home, End, the pages and the arrows that a
/// terminal may send although its terminfo entry names others (a TERM that does not match
/// it, as xterm inside tmux). So only a lone Esc reads as Esc.
public enum KeyDecoder {
    public static func keys(_ input: [TerminalInput]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < input.count {
            let item = input[index]
            index += 1
            switch item {
            case .named(let key):
                if let key { keys.append(key) }
            case .code(27) where index < input.count:
                let end = endOfSequence(input, from: index)
                if let key = knownSequence(input[index..<end]) { keys.append(key) }
                index = end
            case .code(let code):
                if let key = key(for: code) { keys.append(key) }
            }
        }
        return keys
    }

    private static func key(for code: UInt32) -> Key? {
        switch code {
        case 8, 127: return .backspace
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 3: return .interrupt
        case 26: return .suspend
        case 21: return .clearField
        case 28: return nil  // Ctrl-\ would be SIGQUIT; here it does nothing.
        default: return Unicode.Scalar(code).map { .character(Character($0)) }
        }
    }

    private static func knownSequence(_ input: ArraySlice<TerminalInput>) -> Key? {
        var text = ""
        for item in input {
            guard case .code(let code) = item, let scalar = Unicode.Scalar(code) else { return nil }
            text.unicodeScalars.append(scalar)
        }
        switch text {
        case "[1~", "[7~", "[H", "OH": return .home
        case "[4~", "[8~", "[F", "OF": return .end
        case "[5~": return .pageUp
        case "[6~": return .pageDown
        case "[A", "OA": return .up
        case "[B", "OB": return .down
        case "[C", "OC": return .right
        case "[D", "OD": return .left
        default: return nil
        }
    }

    /// The index after an escape sequence or Alt+key that starts at `start` (just after ESC):
    /// a CSI or SS3 sequence runs to its final byte; anything else is one key.
    private static func endOfSequence(_ input: [TerminalInput], from start: Int) -> Int {
        guard case .code(let introducer) = input[start] else { return start }  // a named key right after ESC: Alt+it, read as it
        guard introducer == 91 || introducer == 79 else { return start + 1 }  // "[" or "O"
        var index = start + 1
        while index < input.count {
            // A key the library named is not part of the sequence: it ends there, unfinished.
            guard case .code(let byte) = input[index] else { break }
            index += 1
            if (64...126).contains(byte) { break }
        }
        return index
    }
}
