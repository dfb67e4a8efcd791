import CNcurses
import Foundation
import StreakDashboard

/// The ncurses side of the dashboard: it only copies a `Grid` to the screen and decodes
/// keys. Every call happens on the main actor.
@MainActor
final class TerminalScreen {
    let capability: ColorCapability
    let isUTF8: Bool
    private struct PairKey: Hashable { let foreground: Int; let background: Int }
    private var pairs: [PairKey: Int32] = [:]
    private var screen: OpaquePointer?

    /// - Throws: `DashboardError.unknownTerminal` when curses cannot drive `$TERM`.
    init(noColor: Bool) throws {
        setlocale(LC_ALL, "")
        isUTF8 = streaks_locale_is_utf8() != 0
        guard let screen = streaks_newterm() else {
            throw DashboardError.unknownTerminal(ProcessInfo.processInfo.environment["TERM"] ?? "(unset)")
        }
        self.screen = screen
        set_term(screen)
        // Raw: Ctrl-C, Ctrl-\ and Ctrl-Z arrive as keys, not signals, so none of them can
        // leave the terminal in a state the program did not restore.
        raw()
        noecho()
        nonl()
        keypad(streaks_stdscr(), true)
        nodelay(streaks_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        var colors = 0
        if !noColor, has_colors() {
            start_color()
            use_default_colors()
            colors = Int(streaks_colors())
        }
        capability = ColorCapability(colors: colors)
    }

    var size: (width: Int, height: Int) { (Int(streaks_cols()), Int(streaks_lines())) }

    /// Follows a terminal resize (after SIGWINCH) and returns the new size.
    func resize() -> (width: Int, height: Int) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if streaks_window_size(&rows, &columns) == 0 {
            resizeterm(rows, columns)
        }
        return size
    }

    func draw(_ grid: Grid, theme: Theme) {
        werase(streaks_stdscr())
        var styles: [CellStyle: (attr_t, Int32)] = [:]
        for y in 0..<min(grid.height, size.height) {
            for x in 0..<min(grid.width, size.width) {
                let cell = grid[x, y]
                guard cell.glyph != " " || cell.style.reverse || cell.style.role != .background else { continue }
                let (attributes, pair) = styles[cell.style] ?? {
                    let resolved = attributesAndPair(capability.resolve(theme.style(for: cell.style.role), cell: cell.style))
                    styles[cell.style] = resolved
                    return resolved
                }()
                String(cell.glyph).withCString { streaks_put(Int32(y), Int32(x), $0, attributes, pair) }
            }
        }
        wrefresh(streaks_stdscr())
    }

    /// Every key waiting on standard input. An escape followed at once by more input is an
    /// Alt+key or an escape sequence curses did not know: it is skipped whole, so only a lone
    /// Esc reads as Esc.
    func readKeys() -> [Key] {
        var keys: [Key] = []
        var pending: [(Int32, wint_t)] = []
        var character: wint_t = 0
        while true {
            let result = wget_wch(streaks_stdscr(), &character)
            if result == streaks_err() { break }
            pending.append((result, character))
        }
        var index = 0
        while index < pending.count {
            let (result, character) = pending[index]
            index += 1
            if result == KEY_CODE_YES {
                switch Int32(character) {
                case KEY_UP: keys.append(.up)
                case KEY_DOWN: keys.append(.down)
                case KEY_LEFT: keys.append(.left)
                case KEY_RIGHT: keys.append(.right)
                case KEY_BTAB: keys.append(.backTab)
                case KEY_ENTER: keys.append(.enter)
                case KEY_PPAGE: keys.append(.pageUp)
                case KEY_NPAGE: keys.append(.pageDown)
                case KEY_HOME, KEY_A1: keys.append(.home)
                case KEY_END, KEY_C1, KEY_LL: keys.append(.end)
                case KEY_BACKSPACE, KEY_DC: keys.append(.backspace)
                default: break
                }
                continue
            }
            if character == 27, index < pending.count {
                let end = Self.endOfSequence(pending, from: index)
                let bytes = pending[index..<end].map { $0.0 == KEY_CODE_YES ? 0 : $0.1 }
                if let key = Self.knownSequence(bytes) { keys.append(key) }
                index = end
                continue
            }
            switch character {
            case 8, 127: keys.append(.backspace)
            case 9: keys.append(.tab)
            case 10, 13: keys.append(.enter)
            case 27: keys.append(.escape)
            case 3: keys.append(.interrupt)
            case 26: keys.append(.suspend)
            case 28: break  // Ctrl-\ would be SIGQUIT; here it does nothing.
            default:
                if let scalar = Unicode.Scalar(UInt32(character)) { keys.append(.character(Character(scalar))) }
            }
        }
        return keys
    }

    /// Keys whose sequences a terminal may send although its terminfo entry names others (a
    /// TERM that does not match the terminal, as xterm inside tmux): Home, End, pages,
    /// arrows. Alt+key and anything else is nil.
    private static func knownSequence(_ bytes: [wint_t]) -> Key? {
        let text = String(bytes.compactMap { Unicode.Scalar(UInt32($0)).map(Character.init) })
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
    private static func endOfSequence(_ pending: [(Int32, wint_t)], from start: Int) -> Int {
        guard pending[start].0 != KEY_CODE_YES else { return start + 1 }
        let introducer = pending[start].1
        guard introducer == 91 || introducer == 79 else { return start + 1 }  // "[" or "O"
        var index = start + 1
        while index < pending.count {
            let byte = pending[index].1
            index += 1
            if pending[index - 1].0 == KEY_CODE_YES || (64...126).contains(byte) { break }
        }
        return index
    }

    /// Gives the terminal back, stops the process (as Ctrl-Z does in a shell), and takes the
    /// screen again when the shell continues it.
    func suspend() {
        endwin()
        kill(getpid(), SIGSTOP)
        refresh()
    }

    /// True when standard input has hung up (the terminal went away).
    var inputHasHungUp: Bool {
        var request = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, 0) >= 0 else { return true }
        return request.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// Leaves the screen as it was before.
    func restore() {
        guard let screen else { return }
        curs_set(1)
        endwin()
        delscreen(screen)
        self.screen = nil
    }

    private func attributesAndPair(_ style: TerminalStyle) -> (attr_t, Int32) {
        var attributes: attr_t = 0
        if style.bold { attributes |= streaks_a_bold() }
        if style.dim { attributes |= streaks_a_dim() }
        if style.reverse { attributes |= streaks_a_reverse() }
        if style.underline { attributes |= streaks_a_underline() }
        guard capability.colors > 0, style.foreground >= 0 || style.background >= 0 else { return (attributes, 0) }
        let key = PairKey(foreground: style.foreground, background: style.background)
        if let pair = pairs[key] { return (attributes, pair) }
        let pair = alloc_pair(Int32(style.foreground), Int32(style.background))
        pairs[key] = max(pair, 0)
        return (attributes, max(pair, 0))
    }
}

enum DashboardError: Error, LocalizedError {
    case unknownTerminal(String)

    var errorDescription: String? {
        switch self {
        case .unknownTerminal(let term):
            return "The terminal type '\(term)' is unknown to curses; set TERM (for example TERM=xterm-256color) or use `streaks status`."
        }
    }
}
