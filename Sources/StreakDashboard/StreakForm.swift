import Foundation
import SwiftfulGamification

/// The small form for a new streak (`n`) or the selected one (`e`): key, goal, leeway,
/// freeze mode, the days that are due (rule 8) and, for a new streak, its week start.
/// Values are checked with the library's own rules as they are typed; nothing is written
/// until every field is valid and Enter is pressed.
public struct StreakForm: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case create
        /// Editing an existing streak: its key cannot change here (`streaks rename` does it).
        case edit(key: String)
    }

    public enum Field: Int, CaseIterable, Sendable {
        case key, goal, leeway, freezes, days, weekStart

        public var label: String {
            switch self {
            case .key: return "key"
            case .goal: return "goal"
            case .leeway: return "leeway"
            case .freezes: return "freezes"
            case .days: return "days"
            case .weekStart: return "week from"
            }
        }
    }

    public static let freezeModes: [(word: String, behavior: FreezeBehavior)] =
        [FreezeBehavior.manuallyConsumeFreezes, .autoConsumeFreezes, .noFreezes].map { ($0.word, $0) }

    public let mode: Mode
    public var key: String
    public var goal: String
    public var leeway: String
    public var freezeMode: Int
    /// The schedule as typed: `daily`, `mon-fri`, `mon,wed,fri`, `3/week`...
    public var days: String
    public var weekStart: String
    /// The schedule being edited had (a change of unit is refused).
    public let originalSchedule: StreakSchedule?
    public var field: Field
    /// Keys already taken (a new streak cannot reuse one).
    public let takenKeys: [String]
    /// Shown only once Enter was pressed with invalid values (typing is not interrupted).
    public var showsErrors = false
    /// Fields still holding the value the form suggested: typing replaces it, as a selected
    /// text would be (typing "med" into a suggested "daily" makes "med").
    public var suggested: Set<Field> = Set(Field.allCases)

    public static func create(suggesting key: String, taken: [String]) -> StreakForm {
        StreakForm(
            mode: .create, key: key, goal: "1", leeway: "0", freezeMode: 0, days: "daily", weekStart: "monday", originalSchedule: nil,
            field: .key, takenKeys: taken
        )
    }

    public static func edit(_ configuration: StreakConfiguration) -> StreakForm {
        StreakForm(
            mode: .edit(key: configuration.streakKey), key: configuration.streakKey,
            goal: String(configuration.eventsRequiredPerDay), leeway: String(configuration.leewayHours),
            freezeMode: freezeModes.firstIndex { $0.behavior == configuration.freezeBehavior } ?? 0,
            days: configuration.schedule.text, weekStart: configuration.weekStart.rawValue, originalSchedule: configuration.schedule,
            field: .goal, takenKeys: []
        )
    }

    /// The fields a person can change in this mode, in Tab order.
    public var fields: [Field] { mode == .create ? Field.allCases : [.goal, .leeway, .freezes, .days] }

    /// Why a field's value cannot be used, if it cannot.
    public func error(_ field: Field) -> String? {
        switch field {
        case .key:
            guard mode == .create else { return nil }
            if key.isEmpty { return "type a key" }
            if (try? StreakValidation.validateStreakKey(key)) == nil { return "lowercase letters, digits and _ (up to 64)" }
            if takenKeys.contains(key) { return "a streak '\(key)' exists" }
            return nil
        case .goal:
            guard let value = Int(goal), StreakValidation.goalRange.contains(value) else {
                return "a whole number of events from \(StreakValidation.goalRange.lowerBound) to \(StreakValidation.goalRange.upperBound)"
            }
            return nil
        case .leeway:
            guard let value = Int(leeway), StreakValidation.leewayRange.contains(value) else { return "whole hours from 0 to 24" }
            return nil
        case .freezes:
            return nil
        case .days:
            guard let schedule = try? StreakSchedule(parsing: days) else { return "daily, mon-fri, mon,wed,fri, weekends or 3/week" }
            if let originalSchedule, originalSchedule.unit != schedule.unit { return "a change between days and weeks: create a new streak" }
            return nil
        case .weekStart:
            return Weekday(typed: weekStart) == nil ? "a day of the week" : nil
        }
    }

    public var isValid: Bool { Field.allCases.allSatisfy { error($0) == nil } }

    /// The configuration the form describes, when it is valid.
    public var configuration: StreakConfiguration? {
        guard isValid, let goal = Int(goal), let leeway = Int(leeway), let schedule = try? StreakSchedule(parsing: days),
              let weekStart = Weekday(typed: weekStart) else { return nil }
        return StreakConfiguration(
            streakKey: key, eventsRequiredPerDay: goal, leewayHours: leeway, freezeBehavior: Self.freezeModes[freezeMode].behavior,
            schedule: schedule, weekStart: weekStart
        )
    }

    /// A key pressed in the form: text for the field, Tab to move, arrows to choose the
    /// freeze mode. Returns false for keys the form does not take (Enter, Esc).
    mutating func handle(_ pressed: Key) -> Bool {
        switch pressed {
        case .tab, .down:
            moveField(by: 1)
        case .backTab, .up:
            moveField(by: -1)
        case .left where field == .freezes:
            freezeMode = (freezeMode + Self.freezeModes.count - 1) % Self.freezeModes.count
        case .right where field == .freezes, .character(" ") where field == .freezes:
            freezeMode = (freezeMode + 1) % Self.freezeModes.count
        case .backspace:
            edit { if !$0.isEmpty { $0.removeLast() } }
        case .clearField where field != .freezes:
            edit { $0 = "" }
        case .character(let character) where field != .freezes:
            guard character.isASCII, !character.isNewline, (character.asciiValue ?? 0) >= 0x20 else { return true }
            if suggested.contains(field) { edit { $0 = "" } }
            edit { text in if text.count < 64 { text.append(character) } }
        default:
            return false
        }
        return true
    }

    private mutating func moveField(by step: Int) {
        let order = fields
        let index = order.firstIndex(of: field) ?? 0
        field = order[(index + step + order.count) % order.count]
    }

    private mutating func edit(_ change: (inout String) -> Void) {
        suggested.remove(field)
        switch field {
        case .key: change(&key)
        case .goal: change(&goal)
        case .leeway: change(&leeway)
        case .days: change(&days)
        case .weekStart: change(&weekStart)
        case .freezes: break
        }
    }
}
