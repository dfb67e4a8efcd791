import CNcurses
import Foundation
import StreakDashboard

/// The ncurses side of the dashboard: it copies a `Grid` to the screen, decodes keys, and
/// turns standard input, SIGWINCH and every signal that would end the process into events
/// (the run loop restores the terminal first). Every call happens on the main actor.
@MainActor
package final class NcursesBackend: TerminalBackend {
    let capability: ColorCapability
    package let isUTF8: Bool
    private struct PairKey: Hashable { let foreground: Int; let background: Int }
    private var pairs: [PairKey: Int32] = [:]
    private var screen: OpaquePointer?
    private var sources: [any DispatchSourceProtocol] = []

    /// - Throws: `DashboardError.unknownTerminal` when curses cannot drive `$TERM`.
    package init(noColor: Bool) throws {
        // The character set is all curses needs from the locale (wide characters, UTF-8).
        setlocale(LC_CTYPE, "")
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
        // No typeahead check while drawing: curses would otherwise flush and poll the
        // keyboard every few lines; a frame is written in one go and keys wait for the loop.
        typeahead(-1)
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

    package var size: (width: Int, height: Int) { (Int(streaks_cols()), Int(streaks_lines())) }

    /// Follows a terminal resize (after SIGWINCH) and returns the new size.
    func resize() -> (width: Int, height: Int) {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if streaks_window_size(&rows, &columns) == 0 {
            resizeterm(rows, columns)
        }
        return size
    }

    package func draw(_ grid: Grid, theme: Theme) {
        werase(streaks_stdscr())
        var styles: [CellStyle: (attr_t, Int32)] = [:]
        for y in 0..<min(grid.height, size.height) {
            for x in 0..<min(grid.width, size.width) {
                let cell = grid[x, y]
                guard !cell.isContinuation, cell.glyph != " " || cell.style.reverse || cell.style.role != .background else { continue }
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

    /// Every key waiting on standard input (decoded by `KeyDecoder`).
    func readKeys() -> [Key] {
        var input: [TerminalInput] = []
        var character: wint_t = 0
        while true {
            let result = wget_wch(streaks_stdscr(), &character)
            if result == streaks_err() { break }
            input.append(result == KEY_CODE_YES ? .named(Self.namedKey(Int32(character))) : .code(UInt32(character)))
        }
        return KeyDecoder.keys(input)
    }

    /// The keys curses names that the dashboard uses.
    private static func namedKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME, KEY_A1: return .home
        case KEY_END, KEY_C1, KEY_LL: return .end
        case KEY_BACKSPACE, KEY_DC: return .backspace
        default: return nil
        }
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

    package func start(deliver: @escaping @MainActor (AppEvent) -> Void, redraw: @escaping @MainActor () -> Void) {
        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                let keys = self.readKeys()
                if keys.isEmpty, self.inputHasHungUp {
                    // The terminal is gone: nobody is left to see the dashboard.
                    deliver(.key(.interrupt))
                    return
                }
                for key in keys {
                    if key == .suspend {
                        self.suspend()
                        redraw()
                    } else {
                        deliver(.key(key))
                    }
                }
            }
        }
        input.resume()
        sources.append(input)
        // Every signal that would end the process ends it through the run loop instead, which
        // restores the terminal first. SIGPIPE stays ignored: a dashboard writes to no pipe.
        for (number, event) in [(SIGWINCH, "resize")] + Self.quittingSignals.map({ ($0, "quit") }) {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    if event == "resize" {
                        let size = self.resize()
                        deliver(.resize(width: size.width, height: size.height))
                    } else {
                        deliver(.key(.interrupt))
                    }
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    package func stop() {
        sources.forEach { $0.cancel() }
        sources = []
        restore()
        // Nobody handles them any more: whatever still runs (closing a connection to a server
        // that is gone) must not make the process deaf to SIGTERM and SIGHUP.
        for number in Self.quittingSignals { signal(number, SIG_DFL) }
    }

    /// Signals that end the process, handled by the run loop while the dashboard is up.
    private static let quittingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ]

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

package enum DashboardError: Error, LocalizedError {
    case unknownTerminal(String)

    package var errorDescription: String? {
        switch self {
        case .unknownTerminal(let term):
            return "The terminal type '\(term)' is unknown to curses; set TERM (for example TERM=xterm-256color) or use `streaks status`."
        }
    }
}
