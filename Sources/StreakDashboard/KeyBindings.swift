/// What a key does.
public enum Action: Equatable, Sendable, CaseIterable {
    case log, undo, remove, skipDay, skipRange, note, useFreezes, addFreeze, removeFreeze, newStreak, editStreak, archiveStreak, deleteStreak
    case nextStreak, previousStreak
    /// J/K: move the selected streak down or up the overview.
    case moveStreakDown, moveStreakUp
    /// `/`: narrow the overview by title; `z`: fold or unfold the selected streak's group.
    case filter, foldGroup
    /// Up/down: the previous/next streak in the list, or the day before/after on the calendar.
    case up, down
    /// Left/right: a week back/forward on the calendar.
    case left, right
    case monthBack, monthForward, firstDay, today
    /// T: what is left today, over the screen.
    case todayList
    /// a: the catch-up walk (`streaks ask`).
    case askWalk
    /// g: the chart view of the selected streak, or back to the calendar.
    case charts
    case switchFocus, nextTheme, help, quit
}

/// One row of the key table: the keys, how the footer and help name them, and the action.
public struct KeyBinding: Sendable {
    public let keys: [Key]
    /// How the footer and help name the keys ("space", "tab").
    public let label: String
    /// The ASCII form of the label where it differs (arrows).
    public let asciiLabel: String?
    public let description: String
    public let action: Action
    /// Footer order: lower shows first and drops last; nil keeps it out of the footer.
    public let footerPriority: Int?

    public func label(ascii: Bool) -> String { ascii ? asciiLabel ?? label : label }
}

/// The one key table: the reducer reads it to act, the footer and the help to show keys.
public enum KeyBindings {
    public static let all: [KeyBinding] = [
        KeyBinding(keys: [.character(" "), .enter], label: "space", asciiLabel: nil, description: "log an event on the cursor's day (a past day asks first); on a heading, fold it", action: .log, footerPriority: 2),
        KeyBinding(keys: [.character("u")], label: "u", asciiLabel: nil, description: "undo today's last event (asks first)", action: .undo, footerPriority: 6),
        KeyBinding(keys: [.character("x")], label: "x", asciiLabel: nil, description: "remove the cursor day's latest event (asks first)", action: .remove, footerPriority: nil),
        KeyBinding(keys: [.character("s")], label: "s", asciiLabel: nil, description: "skip the cursor's day (a holiday, a sick day), or take its skip back (asks first)", action: .skipDay, footerPriority: nil),
        KeyBinding(keys: [.character("S")], label: "S", asciiLabel: nil, description: "skip a range of days ahead, a holiday (a form)", action: .skipRange, footerPriority: nil),
        KeyBinding(keys: [.character("N")], label: "N", asciiLabel: nil, description: "write or edit the cursor day's note (a line; empty removes it)", action: .note, footerPriority: nil),
        KeyBinding(keys: [.character("f")], label: "f", asciiLabel: nil, description: "use freezes to restore a broken streak (asks first)", action: .useFreezes, footerPriority: 9),
        KeyBinding(keys: [.character("F")], label: "F", asciiLabel: nil, description: "add a freeze (asks first)", action: .addFreeze, footerPriority: 10),
        KeyBinding(keys: [.character("R")], label: "R", asciiLabel: nil, description: "remove an unused freeze (asks first)", action: .removeFreeze, footerPriority: nil),
        KeyBinding(keys: [.character("n")], label: "n", asciiLabel: nil, description: "new streak (a form)", action: .newStreak, footerPriority: nil),
        KeyBinding(keys: [.character("e")], label: "e", asciiLabel: nil, description: "edit the streak's goal, leeway, freezes and days (a form)", action: .editStreak, footerPriority: nil),
        KeyBinding(keys: [.character("A")], label: "A", asciiLabel: nil, description: "archive the streak (asks first; `streaks unarchive` brings it back)", action: .archiveStreak, footerPriority: nil),
        KeyBinding(keys: [.character("D")], label: "D", asciiLabel: nil, description: "delete the streak (asks first; the trash keeps it 30 days)", action: .deleteStreak, footerPriority: nil),
        KeyBinding(keys: [.tab], label: "tab", asciiLabel: nil, description: "next streak", action: .nextStreak, footerPriority: 3),
        KeyBinding(keys: [.backTab], label: "shift-tab", asciiLabel: nil, description: "previous streak", action: .previousStreak, footerPriority: nil),
        KeyBinding(keys: [.character("J")], label: "J", asciiLabel: nil, description: "move the streak down the list (into the next group at its end)", action: .moveStreakDown, footerPriority: nil),
        KeyBinding(keys: [.character("/")], label: "/", asciiLabel: nil, description: "filter the list by title (enter keeps it, esc clears it)", action: .filter, footerPriority: nil),
        KeyBinding(keys: [.character("z")], label: "z", asciiLabel: nil, description: "fold or unfold the group (of the heading, or the streak)", action: .foldGroup, footerPriority: nil),
        KeyBinding(keys: [.character("K")], label: "K", asciiLabel: nil, description: "move the streak up the list (into the group above at its start)", action: .moveStreakUp, footerPriority: nil),
        KeyBinding(keys: [.up, .character("k")], label: "↑ k", asciiLabel: "up k", description: "previous streak (list) / day before (calendar)", action: .up, footerPriority: nil),
        KeyBinding(keys: [.down, .character("j")], label: "↓ j", asciiLabel: "down j", description: "next streak (list) / day after (calendar)", action: .down, footerPriority: nil),
        KeyBinding(keys: [.left, .character("h")], label: "← h", asciiLabel: "left h", description: "a week back on the calendar", action: .left, footerPriority: nil),
        KeyBinding(keys: [.right, .character("l")], label: "→ l", asciiLabel: "right l", description: "a week forward on the calendar", action: .right, footerPriority: nil),
        KeyBinding(keys: [.pageUp], label: "pgup", asciiLabel: nil, description: "a month back", action: .monthBack, footerPriority: 7),
        KeyBinding(keys: [.pageDown], label: "pgdn", asciiLabel: nil, description: "a month forward", action: .monthForward, footerPriority: 8),
        KeyBinding(keys: [.home], label: "home", asciiLabel: nil, description: "the first day with an event", action: .firstDay, footerPriority: 11),
        KeyBinding(keys: [.end], label: "end", asciiLabel: nil, description: "today", action: .today, footerPriority: 12),
        KeyBinding(keys: [.character("T")], label: "T", asciiLabel: nil, description: "what is left today, most urgent first (space logs, enter goes to it)", action: .todayList, footerPriority: 5),
        KeyBinding(keys: [.character("a")], label: "a", asciiLabel: nil, description: "catch up: every due streak, every day not answered yet, oldest first (y, n, s, an amount, # a note)", action: .askWalk, footerPriority: nil),
        KeyBinding(keys: [.character("g")], label: "g", asciiLabel: nil, description: "charts: the days, weeks or months and the strength (← → a day; g or esc back)", action: .charts, footerPriority: 7),
        KeyBinding(keys: [.character("c")], label: "c", asciiLabel: nil, description: "move between the streak list and the calendar", action: .switchFocus, footerPriority: 4),
        KeyBinding(keys: [.character("t")], label: "t", asciiLabel: nil, description: "next theme", action: .nextTheme, footerPriority: 13),
        KeyBinding(keys: [.character("?")], label: "?", asciiLabel: nil, description: "help: every key, the legend, the commands", action: .help, footerPriority: 0),
        KeyBinding(keys: [.character("q"), .escape, .interrupt], label: "q", asciiLabel: nil, description: "quit (also esc, ctrl-c)", action: .quit, footerPriority: 1),
    ]

    /// The action of a key, if it has one.
    public static func action(for key: Key) -> Action? {
        all.first { $0.keys.contains(key) }?.action
    }

    /// The binding of an action.
    public static func binding(for action: Action) -> KeyBinding {
        all.first { $0.action == action }!
    }

    /// What the footer offers, in the order shown, with how important each is (lower is kept
    /// longer as the terminal narrows); the keys themselves come from the table above.
    /// The keys that act on the selected streak come first, after its name.
    private static let footerItems: [(actions: [Action], priority: Int, word: @Sendable (Focus) -> String)] = [
        ([.log], 2, { _ in "log" }),
        ([.undo], 6, { _ in "undo" }),
        ([.remove], 8, { _ in "remove" }),
        ([.useFreezes], 10, { _ in "use freezes" }),
        ([.addFreeze], 11, { _ in "add freeze" }),
        ([.nextStreak], 3, { _ in "streak" }),
        ([.left, .up, .down, .right], 5, { $0 == .list ? "streak/week" : "day/week" }),
        ([.monthBack, .monthForward], 9, { _ in "month" }),
        ([.firstDay, .today], 12, { _ in "first/today" }),
        ([.newStreak, .editStreak], 7, { _ in "new/edit" }),
        ([.switchFocus], 4, { $0 == .list ? "calendar" : "list" }),
        ([.todayList], 5, { _ in "today" }),
        ([.charts], 7, { _ in "charts" }),
        ([.askWalk], 12, { _ in "catch up" }),
        ([.nextTheme], 13, { _ in "theme" }),
        ([.help], 0, { _ in "help" }),
        ([.quit], 1, { _ in "quit" }),
    ]

    /// The actions that act on the selected streak.
    static let onStreak: Set<Action> = [.log, .undo, .remove, .useFreezes, .addFreeze]

    /// Footer items for `width` columns: `?` and `q` always, then as many more as fit, in
    /// order of importance; shown in the footer's order. With several streaks, the footer
    /// opens with the name of the streak the first keys act on (`acting`, as `title`).
    /// In the chart view (`inCharts`) the arrows move through days and `g` goes back: there
    /// is no list to switch to.
    public static func footer(width: Int, ascii: Bool, focus: Focus, hasList: Bool, acting: String? = nil, inCharts: Bool = false)
        -> (title: String?, items: [(keys: String, what: String, onStreak: Bool)]) {
        var chosen: [(order: Int, keys: String, what: String, onStreak: Bool)] = []
        let title = hasList ? acting.map { ($0.count > 16 ? $0.prefix(15) + (ascii ? "~" : "…") : $0) + ":" } : nil
        var used = title.map { $0.count + 1 + 3 } ?? 0  // the name, and the mark after its keys
        // In the chart view its way back is as important as quitting: never dropped.
        func priority(_ item: (actions: [Action], priority: Int, word: @Sendable (Focus) -> String)) -> Int {
            inCharts && item.actions == [.charts] ? 1 : item.priority
        }
        let byImportance = footerItems.enumerated().sorted { priority($0.element) < priority($1.element) }
        for (order, item) in byImportance {
            if item.actions == [.switchFocus], !hasList || inCharts { continue }
            let keys = item.actions.count == 4
                ? (ascii ? "arrows" : "←↓↑→")
                : item.actions.map { binding(for: $0).label(ascii: ascii) }.joined(separator: "/")
            let what = inCharts && item.actions == [.charts] ? "back" : item.word(hasList ? focus : .calendar)
            let cost = keys.count + 1 + what.count + (chosen.isEmpty ? 0 : 2)
            guard used + cost <= width || priority(item) < 2 else { continue }
            chosen.append((order, keys, what, item.actions.allSatisfy(onStreak.contains)))
            used += cost
        }
        return (title, chosen.sorted { $0.order < $1.order }.map { ($0.keys, $0.what, $0.onStreak) })
    }
}
