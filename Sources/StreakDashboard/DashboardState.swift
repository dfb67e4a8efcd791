import Foundation
import SwiftfulGamification

/// Everything the screen shows about one streak, as the store last reported it.
public struct StreakView: Sendable {
    public var key: String
    public var configuration: StreakConfiguration
    public var evaluation: StreakEvaluation
    public var freezes: [StreakFreeze]

    public init(key: String, configuration: StreakConfiguration, evaluation: StreakEvaluation, freezes: [StreakFreeze]) {
        self.key = key
        self.configuration = configuration
        self.evaluation = evaluation
        self.freezes = freezes
    }

    public var streak: CurrentStreakData { evaluation.streak }
}

/// A question the dashboard asks before a write.
public enum Confirmation: Equatable, Sendable {
    case undo
    case useFreezes(count: Int, restores: Int)
}

public enum Overlay: Equatable, Sendable {
    case none
    case help
    case confirm(Confirmation)
}

/// The whole state of the dashboard; `reduce` changes it, `render` draws it.
public struct DashboardState: Sendable {
    public var keys: [String]
    public var selected: String
    public var view: StreakView?
    public var now: Date
    public var zone: TimeZone
    /// The heatmap's selected day; nil follows today.
    public var cursor: CalendarDay?
    public var themeNames: [String]
    public var themeIndex = 0
    public var overlay: Overlay = .none
    public var message: String?
    public var ascii: Bool
    public var width: Int
    public var height: Int
    public var isFinished = false

    public init(
        keys: [String], selected: String, now: Date, zone: TimeZone, themeNames: [String] = ["default"],
        ascii: Bool = false, width: Int = 80, height: Int = 24
    ) {
        self.keys = keys
        self.selected = selected
        self.now = now
        self.zone = zone
        self.themeNames = themeNames.isEmpty ? ["default"] : themeNames
        self.ascii = ascii
        self.width = width
        self.height = height
    }

    public var themeName: String { themeNames[themeIndex % themeNames.count] }
    public var glyphs: Glyphs { ascii ? .ascii : .unicode }

    /// Today in the current zone.
    public var today: CalendarDay { view?.evaluation.today ?? CalendarDay(containing: now, in: zone) }

    /// The selected day, never after today.
    public var selectedDay: CalendarDay { min(cursor ?? today, today) }
}

/// A key press, already decoded from the terminal.
public enum Key: Equatable, Sendable {
    case character(Character)
    case enter, escape, tab, backTab, up, down, left, right, interrupt
    /// Ctrl-Z: the run loop stops the process and redraws when it continues.
    case suspend
}

/// Everything that can happen to the dashboard.
public enum AppEvent: Sendable {
    case key(Key)
    case streakUpdated(StreakView)
    case keysChanged([String])
    case tick(Date)
    case resize(width: Int, height: Int)
    case message(String)
}

/// A write or a change of subscription for the run loop to carry out; its result comes
/// back as events.
public enum Effect: Equatable, Sendable {
    case log(streak: String)
    case undo(streak: String)
    case useFreezes(streak: String)
    case addFreeze(streak: String)
    case select(streak: String)
    case quit
}
