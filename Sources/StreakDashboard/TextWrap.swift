/// Splits text into lines of at most `width` terminal columns at spaces (a word wider than
/// the width is cut); a wide character (CJK, an emoji) counts two columns, as the grid draws it.
enum TextWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var current = "", used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let wordWidth = word.cellWidth
            if current.isEmpty {
                (current, used) = (word, wordWidth)
            } else if used + 1 + wordWidth <= width {
                current += " " + word
                used += 1 + wordWidth
            } else {
                lines.append(current)
                (current, used) = (word, wordWidth)
            }
            while used > width {
                let (head, rest) = cut(current, toCells: width)
                lines.append(head)
                (current, used) = (rest, rest.cellWidth)
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// The first `width` columns of `text` and the rest; at least one character goes first
    /// (a wide one in a one-column width), so cutting always moves on.
    private static func cut(_ text: String, toCells width: Int) -> (String, String) {
        var head = "", used = 0
        var rest = Substring(text)
        while let character = rest.first, head.isEmpty || used + character.cellWidth <= width {
            head.append(character)
            used += character.cellWidth
            rest = rest.dropFirst()
        }
        return (head, String(rest))
    }

    /// `facts` joined, leaving out the least important (the last) whole until the line fits
    /// `width`: a fact is shown whole or not at all, never cut to "0 f".
    static func fitted(_ facts: [String], separator: String, width: Int) -> String {
        var shown = facts
        while shown.count > 1, shown.joined(separator: separator).cellWidth > width { shown.removeLast() }
        return shown.joined(separator: separator)
    }
}
