import Foundation

/// How many terminal columns text takes: two for East Asian wide and full-width characters
/// and emoji shown as pictures, one for the rest (a combining mark is part of its base
/// character). The grid and every layout that measures a title use this, not `count`.
extension Character {
    public var cellWidth: Int {
        guard let first = unicodeScalars.first, !first.isASCII else { return 1 }
        if first.properties.isEmojiPresentation || unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return Self.wideRanges.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth W and F, in ranges).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}

extension String {
    /// Terminal columns (see `Character.cellWidth`).
    public var cellWidth: Int { reduce(0) { $0 + $1.cellWidth } }

    /// The text cut to at most `width` columns, with "…" (or "~" in ASCII) where it was cut.
    public func truncated(toCells width: Int, ascii: Bool = false) -> String {
        guard cellWidth > width else { return self }
        guard width > 0 else { return "" }
        var kept = "", used = 0
        for character in self {
            guard used + character.cellWidth <= width - 1 else { break }
            kept.append(character)
            used += character.cellWidth
        }
        return kept + (ascii ? "~" : "…")
    }
}
