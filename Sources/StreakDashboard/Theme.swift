/// A colour as a theme names it.
public enum ThemeColor: Equatable, Sendable {
    case terminalDefault
    case ansi(Int)
    case index(Int)
    case rgb(Int, Int, Int)
}

/// How a role looks: colours and attributes.
public struct ThemeStyle: Equatable, Sendable {
    public var foreground: ThemeColor?
    public var background: ThemeColor?
    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false

    public init(foreground: ThemeColor? = nil, background: ThemeColor? = nil, bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }
}

/// Semantic roles to styles. Roles a theme leaves out fall back to `text`.
public struct Theme: Equatable, Sendable {
    public var name: String
    public var styles: [Role: ThemeStyle]

    public init(name: String, styles: [Role: ThemeStyle]) {
        self.name = name
        self.styles = styles
    }

    public func style(for role: Role) -> ThemeStyle {
        styles[role] ?? role.fallback.flatMap { styles[$0] } ?? styles[.text] ?? ThemeStyle()
    }
}

/// A style as a terminal can show it: colour numbers (-1 = the terminal's default) and
/// attributes.
public struct TerminalStyle: Equatable, Hashable, Sendable {
    public var foreground: Int
    public var background: Int
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool
}

/// Maps themes onto what a terminal has: 256 colours, 16 or 8, or none (`NO_COLOR`, vt100).
public struct ColorCapability: Equatable, Sendable {
    public let colors: Int

    public init(colors: Int) { self.colors = colors }

    public static let none = ColorCapability(colors: 0)

    public func resolve(_ style: ThemeStyle, cell: CellStyle) -> TerminalStyle {
        var result = TerminalStyle(
            foreground: color(style.foreground, isForeground: true), background: color(style.background, isForeground: false),
            bold: style.bold || cell.bold, dim: style.dim || cell.dim, reverse: style.reverse != cell.reverse, underline: style.underline
        )
        if colors == 0 {
            // Without colour, emphasis carries the meaning.
            switch cell.role {
            case .muted, .heat0, .heat1, .missed: result.dim = true
            case .streak, .accent, .heat4, .danger, .warning: result.bold = true
            case .today: result.underline = true
            default: break
            }
        }
        return result
    }

    private func color(_ color: ThemeColor?, isForeground: Bool) -> Int {
        guard let color, colors > 0 else { return -1 }
        switch color {
        case .terminalDefault: return -1
        case .ansi(let number): return colors >= 16 ? number : number % 8
        case .index(let number):
            if colors >= 256 { return number }
            return nearestANSI(Self.xtermRGB(number), isForeground: isForeground)
        case .rgb(let red, let green, let blue):
            if colors >= 256 { return Self.nearestXterm(red, green, blue) }
            return nearestANSI((red, green, blue), isForeground: isForeground)
        }
    }

    /// The nearest of the 16 (or 8) ANSI colours. A foreground never becomes black: on the
    /// usual dark background a dark green or grey would vanish (an empty day's dot, a partly
    /// done day); it takes the nearest visible colour, by hue, instead.
    private func nearestANSI(_ rgb: (Int, Int, Int), isForeground: Bool) -> Int {
        var candidates = Array(colors >= 16 ? 0..<16 : 0..<8)
        if isForeground {
            candidates.removeAll { $0 == 0 }
            // Judge dark colours by their hue: scale them up before comparing.
            let brightest = max(rgb.0, rgb.1, rgb.2)
            if brightest > 0, brightest < 160 {
                let scale = 160.0 / Double(brightest)
                let scaled = (Int(Double(rgb.0) * scale), Int(Double(rgb.1) * scale), Int(Double(rgb.2) * scale))
                return candidates.min { Self.distance(Self.xtermRGB($0), scaled) < Self.distance(Self.xtermRGB($1), scaled) } ?? 7
            }
        }
        return candidates.min { Self.distance(Self.xtermRGB($0), rgb) < Self.distance(Self.xtermRGB($1), rgb) } ?? 7
    }

    static let cubeLevels = [0, 95, 135, 175, 215, 255]
    static let ansiRGB = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The RGB value of an xterm colour number.
    static func xtermRGB(_ number: Int) -> (Int, Int, Int) {
        if number < 16 { return ansiRGB[max(0, number)] }
        if number >= 232 {
            let level = 8 + (number - 232) * 10
            return (level, level, level)
        }
        let cube = number - 16
        return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
    }

    /// The nearest of xterm's 6x6x6 cube and grey ramp.
    static func nearestXterm(_ red: Int, _ green: Int, _ blue: Int) -> Int {
        func level(_ value: Int) -> Int { cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) }! }
        let cube = 16 + 36 * level(red) + 6 * level(green) + level(blue)
        let grey = 232 + max(0, min(23, ((red + green + blue) / 3 - 8 + 5) / 10))
        return distance(xtermRGB(cube), (red, green, blue)) <= distance(xtermRGB(grey), (red, green, blue)) ? cube : grey
    }

    static func distance(_ lhs: (Int, Int, Int), _ rhs: (Int, Int, Int)) -> Int {
        let red = lhs.0 - rhs.0
        let green = lhs.1 - rhs.1
        let blue = lhs.2 - rhs.2
        return 2 * red * red + 4 * green * green + 3 * blue * blue
    }
}
