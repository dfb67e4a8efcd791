import Foundation
import StreakPresentation
import StreakStoreKit
import Synchronization
import SwiftfulGamification

/// A row of the overview.
public enum ListRow: Equatable, Sendable {
    case heading(String)
    case streak(String)
}

/// One streak as its manager last delivered it, with what the screen derives from it
/// computed once, when it arrives (never per frame); the chart's series once, when the
/// chart view first draws it.
public struct StreakView: Sendable {
    public let key: String
    public let evaluation: StreakEvaluation
    public let statistics: StreakStatistics
    /// How a day's count maps to a shade.
    public let shades: HeatShades
    /// What the streak just did, as its `StreakManager` noticed it in this evaluation (each
    /// notice once, whoever caused it): shown as a toast.
    public let notices: [StreakNotice]
    /// Rule 13's strength, shared by the statistics and the chart.
    private let strength: StreakStrength?
    private let chartSeries = LazyChart()

    /// What the streak is called on the screen: its title, else its key.
    public var name: String { evaluation.configuration.displayName }

    public init(key: String, evaluation: StreakEvaluation, notices: [StreakNotice] = []) {
        self.key = key
        self.evaluation = evaluation
        self.notices = notices
        strength = StreakStrength(evaluation: evaluation)
        statistics = StreakStatistics(evaluation: evaluation, strength: strength)
        shades = HeatShades(evaluation: evaluation)
    }

    /// What the chart view draws: made on first use, so streaks never charted cost nothing.
    public var chart: ChartSeries {
        chartSeries.value { ChartSeries(evaluation: evaluation, strength: strength) }
    }

    public var configuration: StreakConfiguration { evaluation.configuration }
    public var streak: CurrentStreakData { evaluation.streak }
}

/// A value made once, on first use, by whichever copy of a view asks first.
final class LazyChart: Sendable {
    private let made = Mutex<ChartSeries?>(nil)

    func value(_ make: () -> ChartSeries) -> ChartSeries {
        made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}

/// The regular events of one day of one streak, loaded for the day detail.
public struct DayEvents: Sendable, Equatable {
    public let key: String
    public let day: CalendarDay
    public let events: [StreakEvent]

    public init(key: String, day: CalendarDay, events: [StreakEvent]) {
        self.key = key
        self.day = day
        self.events = events
    }
}

/// Where the up and down keys go.
public enum Focus: Equatable, Sendable {
    /// The streak list: up/down select a streak.
    case list
    /// The calendar: up/down move a day.
    case calendar
}

/// A question the dashboard asks before a write.
public enum Confirmation: Equatable, Sendable {
    /// Undo today's last event of the streak named (its title or key).
    case undo(name: String)
    /// Remove a past day's latest event ("09:30 EDT") of the streak named.
    case remove(eventId: String, day: CalendarDay, time: String, name: String)
    case useFreezes(count: Int, restores: Int, name: String)
    case addFreeze(have: Int, name: String)
    case removeFreeze(id: String, have: Int, name: String)
    case archive(key: String)
    /// Delete a streak to the trash: its key, and its name and length in words.
    case delete(key: String, name: String, length: String)
    /// Skip a day (rule 9) of the streak named, or take its skip back.
    case skip(CalendarDay, skipping: Bool, name: String)
}

public enum Overlay: Equatable, Sendable {
    case none
    case help
    case confirm(Confirmation)
    case form(StreakForm)
    case skipForm(SkipForm)
    /// How much, or how many events, Space logs (`AmountPrompt`).
    case amountPrompt(AmountPrompt)
    /// The cursor day's note (`N`).
    case noteForm(NoteForm)
    /// What is left today (`T`).
    case today(TodayPanel)
    /// The catch-up walk (`a`).
    case ask(AskPanel)
}

/// A streak to select once the store lists it: a new one opens on today (Space logs it
/// now); a renamed one keeps the day its calendar was on.
public struct PendingSelection: Equatable, Sendable {
    public var key: String
    public var isNew: Bool

    public init(key: String, isNew: Bool) {
        self.key = key
        self.isNew = isNew
    }
}

/// The whole state of the dashboard; `reduce` changes it, `render` draws it.
public struct DashboardState: Sendable {
    /// Every streak's key, in the order the list shows them.
    public var keys: [String]
    /// The streaks delivered so far, by key.
    public var views: [String: StreakView] = [:]
    /// What `/` narrows the overview to (titles and keys containing it); nil shows every streak.
    public var filter: String?
    /// The filter is being typed: keys go to it.
    public var isTypingFilter = false
    /// Groups folded to their heading (`z`, or Enter on the heading).
    public var collapsedGroups: Set<String> = []
    /// The group whose heading the list's cursor is on (↑ and ↓ reach headings; Enter or
    /// Space folds the group there); nil while it is on a streak. The panel keeps `selected`.
    public var selectedHeading: String?
    /// The selection was placed by a person (or on the list's first row once every streak
    /// arrived): it is not moved for them any more.
    public var selectionSettled = false
    /// Streaks whose data could not be read, with the reason.
    public var failures: [String: String] = [:]
    public var selected: String?
    /// The cursor day's events for the selected streak (nil while loading).
    public var dayEvents: DayEvents?
    public var now: Date
    public var zone: TimeZone
    /// The calendar's selected day; nil follows today.
    public var cursor: CalendarDay?
    public var focus: Focus
    /// The chart view (`g`) in the calendar's place.
    public var showsCharts = false
    public var themeNames: [String]
    public var themeIndex = 0
    public var overlay: Overlay = .none
    public var message: String?
    /// What a streak just did (a milestone, a new best, a freeze, a break), until `until` or a key.
    public var toast: Toast?
    /// Changes waiting for the server, a sync running, the server out of reach (a store
    /// without a replica: nothing ever waits).
    public var sync: StoreSyncState = .direct
    public var ascii: Bool
    public var width: Int
    public var height: Int
    public var isFinished = false
    /// A streak the form created or renamed, selected when the store lists it.
    public var pendingSelection: PendingSelection?
    /// Streaks the today list logged whose write has not come back: a second Space before
    /// the list shows the first would log the same streak again.
    public var loggingFromToday: Set<String> = []
    /// The catch-up walk's answers the store does not hold (no, later), by streak.
    public var askMemory: [String: AskWalk.Memory] = [:]
    /// The user's experience points, while points are on (the header shows the level).
    public var points: CurrentExperiencePointsData?

    public init(
        keys: [String], selected: String? = nil, now: Date, zone: TimeZone, themeNames: [String] = ["default"],
        ascii: Bool = false, width: Int = 80, height: Int = 24
    ) {
        self.keys = keys
        self.selected = selected ?? keys.first
        self.now = now
        self.zone = zone
        self.themeNames = themeNames.isEmpty ? ["default"] : themeNames
        self.ascii = ascii
        self.width = width
        self.height = height
        focus = keys.count > 1 ? .list : .calendar
        // An empty store opens on the form for a first streak; nothing is written by itself.
        if keys.isEmpty { overlay = .form(.create(suggesting: "daily", taken: [], today: CalendarDay(containing: now, in: zone))) }
    }

    public var themeName: String { themeNames[themeIndex % themeNames.count] }
    public var glyphs: Glyphs { ascii ? .ascii : .unicode }

    /// The selected streak's data, once delivered.
    public var view: StreakView? { selected.flatMap { views[$0] } }

    /// The list shows when there is more than one streak.
    public var showsList: Bool { keys.count > 1 }

    /// The streaks in the order every screen shows them (`StreakOrder`: ungrouped first, then
    /// the groups); streaks not delivered yet last, by key.
    public var displayKeys: [String] {
        let ordered = StreakOrder.sorted(keys.compactMap { views[$0]?.configuration }).map(\.streakKey)
        let placed = Set(ordered)
        let all = ordered + keys.filter { !placed.contains($0) }
        guard let filter, !filter.isEmpty else { return all }
        return all.filter { key in
            let name = views[key]?.name ?? key
            return [name, key].contains { $0.range(of: filter, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        }
    }

    /// The streaks that can be selected: those shown, folded groups left out.
    public var selectableKeys: [String] {
        displayKeys.filter { key in views[key]?.configuration.group.map { !collapsedGroups.contains($0) } ?? true }
    }

    /// The overview's rows: a heading before each group (when there are groups), then its streaks.
    public var listRows: [ListRow] {
        var rows: [ListRow] = []
        var group: String?
        for key in displayKeys {
            let named = views[key]?.configuration.group
            if let named, named != group { rows.append(.heading(named)) }
            group = named
            if let named, collapsedGroups.contains(named) { continue }
            rows.append(.streak(key))
        }
        return rows
    }

    /// Today in the current zone.
    public var today: CalendarDay { view?.evaluation.today ?? CalendarDay(containing: now, in: zone) }

    /// The earliest day the cursor may reach: the first day of the selected streak's history,
    /// or a year back (as far as backfilling reaches) for a young streak.
    public var firstDay: CalendarDay {
        min(view?.evaluation.firstHistoryDay ?? today, today.adding(days: -366))
    }

    /// The selected day, within reach.
    public var selectedDay: CalendarDay { max(min(cursor ?? today, today), firstDay) }
}

/// A key press, already decoded from the terminal.
public enum Key: Equatable, Sendable {
    case character(Character)
    case enter, escape, tab, backTab, up, down, left, right, interrupt
    case pageUp, pageDown, home, end, backspace
    /// Ctrl-U: clear the text field.
    case clearField
    /// Ctrl-Z: the run loop stops the process and redraws when it continues.
    case suspend
}

/// Everything that can happen to the dashboard.
public enum AppEvent: Sendable {
    case key(Key)
    /// The store's streaks, created or removed by any process.
    case keysChanged([String])
    case streakUpdated(StreakView)
    case streakFailed(key: String, reason: String)
    case dayEventsLoaded(DayEvents)
    case tick(Date)
    case resize(width: Int, height: Int)
    case message(String)
    case syncChanged(StoreSyncState)
    /// The user's experience points, as they changed (points on).
    case pointsUpdated(CurrentExperiencePointsData)
    /// A write's outcome. The streak as the write left it is not in it: it reaches the screen
    /// as every change does, from the streak's manager (`streakUpdated`), just before this.
    /// `savedOffline`: the server was out of reach; the change waits on this machine.
    case written(WriteOutcome, savedOffline: Bool = false)

    /// The case's name ("key", "streakUpdated"), without describing what it carries.
    public var name: String {
        switch self {
        case .key: "key"
        case .keysChanged: "keysChanged"
        case .streakUpdated: "streakUpdated"
        case .streakFailed: "streakFailed"
        case .dayEventsLoaded: "dayEventsLoaded"
        case .tick: "tick"
        case .resize: "resize"
        case .message: "message"
        case .syncChanged: "syncChanged"
        case .pointsUpdated: "pointsUpdated"
        case .written: "written"
        }
    }
}

/// A line that shows for a few seconds.
public struct Toast: Equatable, Sendable {
    public let text: String
    public let until: Date

    /// How long a toast stays (a key dismisses it sooner).
    public static let duration: TimeInterval = 6
}

/// A write or a read for the run loop to carry out; its result comes back as events.
public enum Effect: Equatable, Sendable {
    /// Write this change (of the vocabulary every writer shares) to the streak `streak`: every
    /// write the dashboard makes that needs nothing of the run loop's own.
    case write(StreakChange, streak: String)
    /// Log an event now (its id and instant are the run loop's).
    case log(streak: String)
    /// Log `count` events of `amount` each (nil: counted as 1) on a day (today: now; a past
    /// day: at the current wall-clock time of that day).
    case logOn(streak: String, day: CalendarDay, count: Int, amount: Double?)
    /// Take back today's last event (today by the run loop's clock).
    case undo(streak: String)
    /// A freeze earned now (its id and instant are the run loop's).
    case addFreeze(streak: String)
    /// A holiday: skip the days in every active streak, each on the days due for it.
    case skipEveryStreak(days: ClosedRange<CalendarDay>)
    /// Move a streak in the overview's order (J, K).
    case move(streak: String, place: StreakOrder.Place)
    /// Remember the theme chosen.
    case saveTheme(String)
    /// Remember the walk's answers the store does not hold (no, later), by streak.
    case rememberAnswers([String: AskWalk.Memory])
    /// Read the day's events for the detail.
    case loadDay(streak: String, day: CalendarDay)
    case quit
}
