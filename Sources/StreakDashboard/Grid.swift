import StreakPresentation

/// What a cell means; a theme turns roles into colours and attributes.
public enum Role: String, CaseIterable, Sendable, Hashable {
    case background, text, muted, accent, streak
    case heat0, heat1, heat2, heat3, heat4
    /// Days with events but the goal not met, and missed days.
    case partial, missed
    case frozen, warning, success, danger, cursor, today

    /// The role a theme's style falls back to when the theme does not name this one.
    public var fallback: Role? {
        switch self {
        case .partial: return .warning
        case .missed: return .muted
        default: return nil
        }
    }

    /// One letter per role for snapshot style maps.
    public var code: Character {
        switch self {
        case .background: return " "
        case .text: return "t"
        case .muted: return "m"
        case .accent: return "a"
        case .streak: return "s"
        case .heat0: return "0"
        case .heat1: return "1"
        case .heat2: return "2"
        case .heat3: return "3"
        case .heat4: return "4"
        case .partial: return "p"
        case .missed: return "x"
        case .frozen: return "f"
        case .warning: return "w"
        case .success: return "g"
        case .danger: return "d"
        case .cursor: return "c"
        case .today: return "y"
        }
    }
}

/// A cell's look before theming: a role plus emphasis.
public struct CellStyle: Hashable, Sendable {
    public var role: Role
    public var bold: Bool
    public var reverse: Bool
    public var dim: Bool

    public init(_ role: Role = .text, bold: Bool = false, reverse: Bool = false, dim: Bool = false) {
        self.role = role
        self.bold = bold
        self.reverse = reverse
        self.dim = dim
    }

    public static let plain = CellStyle(.text)
}

public struct Cell: Hashable, Sendable {
    public var glyph: Character
    public var style: CellStyle

    public static let blank = Cell(glyph: " ", style: CellStyle(.background))

    /// The right half of a wide character drawn in the cell to its left: nothing of its own
    /// is drawn there.
    public static let continuation = Cell(glyph: "\u{0}", style: CellStyle(.background))

    public var isContinuation: Bool { glyph == "\u{0}" }
}

/// A screen's worth of cells. Drawing clips to the grid, so widgets never fail.
public struct Grid: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { contains(x, y) ? cells[y * width + x] : .blank }
        set {
            guard contains(x, y) else { return }
            // Never leave half of a wide character behind.
            if cells[y * width + x].isContinuation, !newValue.isContinuation, x > 0 { cells[y * width + x - 1] = .blank }
            if x + 1 < width, cells[y * width + x + 1].isContinuation, !newValue.isContinuation { cells[y * width + x + 1] = .blank }
            cells[y * width + x] = newValue
        }
    }

    func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Writes `text` from (x, y), clipped to `limit` columns: one column a character, two for
    /// a wide one (never cut in half).
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain, limit: Int? = nil) {
        var column = x
        let end = min(limit.map { x + $0 } ?? width, width)
        for character in text {
            let cells = character.cellWidth
            guard column + cells <= end else { break }
            self[column, y] = Cell(glyph: character, style: style)
            if cells == 2 { self[column + 1, y] = .continuation }
            column += cells
        }
    }

    /// Fills a rectangle with one glyph.
    public mutating func fill(_ rect: Rect, glyph: Character = " ", style: CellStyle = CellStyle(.background)) {
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) { self[x, y] = Cell(glyph: glyph, style: style) }
        }
    }

    /// The screen as text, trailing spaces trimmed.
    public var lines: [String] {
        (0..<height).map { y in
            var line = String((0..<width).map { cells[y * width + $0] }.filter { !$0.isContinuation }.map(\.glyph))
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// One letter per cell (see `Role.code`), upper case when bold or reversed.
    public var styleLines: [String] {
        (0..<height).map { y in
            var line = String((0..<width).filter { !cells[y * width + $0].isContinuation }.map { x -> Character in
                let style = cells[y * width + x].style
                let code = style.role.code
                return style.bold || style.reverse ? Character(code.uppercased()) : code
            })
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}

/// A rectangle of the screen.
public struct Rect: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }
}

extension Role {
    /// The colour role a presentation tone is drawn in.
    public init(_ tone: Tone) {
        switch tone {
        case .text: self = .text
        case .muted: self = .muted
        case .success: self = .success
        case .warning: self = .warning
        case .danger: self = .danger
        case .frozen: self = .frozen
        }
    }
}
