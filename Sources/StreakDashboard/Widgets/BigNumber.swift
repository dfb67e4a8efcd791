/// Digits five rows tall, for the current streak.
enum BigNumber {
    private static let font: [Character: [String]] = [
        "0": ["###", "# #", "# #", "# #", "###"], "1": [" # ", "## ", " # ", " # ", "###"],
        "2": ["###", "  #", "###", "#  ", "###"], "3": ["###", "  #", "###", "  #", "###"],
        "4": ["# #", "# #", "###", "  #", "  #"], "5": ["###", "#  ", "###", "  #", "###"],
        "6": ["###", "#  ", "###", "# #", "###"], "7": ["###", "  #", "  #", "  #", "  #"],
        "8": ["###", "# #", "###", "# #", "###"], "9": ["###", "# #", "###", "  #", "###"],
    ]

    static func width(of number: Int) -> Int { String(number).count * 4 - 1 }

    static func draw(_ number: Int, at x: Int, y: Int, in grid: inout Grid, glyph: Character, style: CellStyle) {
        for (index, digit) in String(number).enumerated() {
            guard let rows = font[digit] else { continue }
            for (row, pattern) in rows.enumerated() {
                for (column, mark) in pattern.enumerated() where mark == "#" {
                    grid[x + index * 4 + column, y + row] = Cell(glyph: glyph, style: style)
                }
            }
        }
    }
}
