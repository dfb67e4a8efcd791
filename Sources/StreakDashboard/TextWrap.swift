/// Splits text into lines of at most `width` characters at spaces (a word longer than the
/// width is cut).
enum TextWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            if current.isEmpty {
                current = word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = word
            }
            while current.count > width {
                lines.append(String(current.prefix(width)))
                current = String(current.dropFirst(width))
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// `facts` joined, leaving out the least important (the last) whole until the line fits
    /// `width`: a fact is shown whole or not at all, never cut to "0 f".
    static func fitted(_ facts: [String], separator: String, width: Int) -> String {
        var shown = facts
        while shown.count > 1, shown.joined(separator: separator).cellWidth > width { shown.removeLast() }
        return shown.joined(separator: separator)
    }
}
