/// A grid as an SVG picture in a theme's colours, for screenshots that cannot go stale:
/// they are rendered from fixtures by the same `render` the terminal shows, and coloured
/// the way a terminal of the given capability shows them (`.none` for `NO_COLOR`).
public enum SVGExport {
    /// The terminal's own colours, which `default` in a theme stands for.
    public struct Palette: Sendable {
        public let background: (Int, Int, Int)
        public let foreground: (Int, Int, Int)

        public static let dark = Palette(background: (28, 28, 28), foreground: (208, 208, 208))
        public static let light = Palette(background: (250, 250, 250), foreground: (48, 48, 48))
    }

    public static func svg(_ grid: Grid, theme: Theme, palette: Palette, capability: ColorCapability = ColorCapability(colors: 256)) -> String {
        let cellWidth = 8.4
        let cellHeight = 18.0
        let width = Double(grid.width) * cellWidth + 24
        let height = Double(grid.height) * cellHeight + 24
        var output = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))">
        <rect width="100%" height="100%" rx="8" fill="\(hex(palette.background))"/>
        <g font-family="DejaVu Sans Mono, monospace" font-size="14px" xml:space="preserve">

        """
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let cell = grid[x, y]
                let style = capability.resolve(theme.style(for: cell.style.role), cell: cell.style)
                var foreground = style.foreground < 0 ? palette.foreground : ColorCapability.xtermRGB(style.foreground)
                var background = style.background < 0 ? nil : ColorCapability.xtermRGB(style.background)
                if style.reverse {
                    (foreground, background) = (background ?? palette.background, foreground)
                }
                let left = 12 + Double(x) * cellWidth
                let top = 12 + Double(y) * cellHeight
                if let background {
                    output += "<rect x=\"\(format(left))\" y=\"\(format(top))\" width=\"\(format(cellWidth + 0.2))\" height=\"\(format(cellHeight))\" fill=\"\(hex(background))\"/>\n"
                }
                guard cell.glyph != " ", !cell.isContinuation else { continue }
                var attributes = "x=\"\(format(left))\" y=\"\(format(top + 14))\" fill=\"\(hex(foreground))\""
                if style.bold { attributes += " font-weight=\"bold\"" }
                if style.dim { attributes += " opacity=\"0.6\"" }
                if style.underline { attributes += " text-decoration=\"underline\"" }
                output += "<text \(attributes)>\(escape(cell.glyph))</text>\n"
            }
        }
        return output + "</g>\n</svg>\n"
    }

    private static func hex(_ color: (Int, Int, Int)) -> String {
        "#" + [color.0, color.1, color.2].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    private static func format(_ value: Double) -> String { String(Int((value * 10).rounded())) == "" ? "0" : "\((value * 10).rounded() / 10)" }

    private static func escape(_ glyph: Character) -> String {
        switch glyph {
        case "<": return "&lt;"
        case ">": return "&gt;"
        case "&": return "&amp;"
        default: return String(glyph)
        }
    }
}
