import Foundation

/// Editing one line of text with a cursor, as every text field of the dashboard does:
/// characters insert at the cursor, Backspace deletes before it, ←/→ move it, Home/End go
/// to the start/end, Ctrl-U deletes everything before it. The cursor counts characters;
/// nil is the end (where typing usually happens).
enum TextEditing {
    /// Applies `key` to `text`; false when the key is not an editing key (or `accept`
    /// refuses the character), so the caller can give it another meaning.
    static func apply(_ key: Key, to text: inout String, cursor: inout Int?, limit: Int, accept: (Character) -> Bool) -> Bool {
        let at = min(cursor ?? text.count, text.count)
        func place(_ position: Int) { cursor = position >= text.count ? nil : max(0, position) }
        switch key {
        case .home: place(0); if text.isEmpty { cursor = nil }
        case .end: cursor = nil
        case .left: place(at - 1); if text.isEmpty { cursor = nil }
        case .right: place(at + 1)
        case .backspace:
            guard at > 0 else { return true }
            text.remove(at: text.index(text.startIndex, offsetBy: at - 1))
            place(at - 1)
        case .clearField:
            text.removeSubrange(text.startIndex..<text.index(text.startIndex, offsetBy: at))
            place(0)
        case .character(let character) where accept(character):
            guard text.count < limit else { return true }
            text.insert(character, at: text.index(text.startIndex, offsetBy: at))
            place(at + 1)
        default:
            return false
        }
        return true
    }

    /// The text split at the cursor, for drawing it there: before, the character under the
    /// cursor (nil at the end), after.
    static func split(_ text: String, cursor: Int?) -> (before: String, under: Character?, after: String) {
        guard let cursor, cursor < text.count else { return (text, nil, "") }
        let index = text.index(text.startIndex, offsetBy: cursor)
        return (String(text[..<index]), text[index], String(text[text.index(after: index)...]))
    }
}

extension Key {
    var isCharacter: Bool { if case .character = self { true } else { false } }
}
