import Foundation
import SwiftfulGamification

/// The small form for a new streak (`n`) or the selected one (`e`): key, target (at least,
/// at most or tracking; an amount in a unit, or events), leeway, freeze mode, the days that
/// are due (rule 8) and, for a new streak, its week start and a limit's start day.
/// Values are checked with the library's own rules as they are typed; nothing is written
/// until every field is valid and Enter is pressed.
public struct StreakForm: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case create
        /// Editing an existing streak (a new key renames it).
        case edit(key: String)
    }

    public enum Field: Int, CaseIterable, Sendable {
        // A new streak's title comes last (most are named by their key); an edited one's after its key.
        case key, target, goal, unit, per, measure, leeway, freezes, days, weekStart, since, title

        public var label: String {
            switch self {
            case .key: return "key"
            case .title: return "title"
            case .target: return "target"
            case .goal: return "amount"
            case .unit: return "unit"
            case .per: return "per"
            case .leeway: return "leeway"
            case .freezes: return "freezes"
            case .days: return "days"
            case .weekStart: return "week from"
            case .since: return "since"
            case .measure: return "day value"
            }
        }

        /// Fields chosen with the arrows (or Space), not typed.
        public var isChoice: Bool { self == .target || self == .per || self == .freezes || self == .measure }
    }

    /// Rule 10's directions, as the form offers them.
    public static let targetKinds: [StreakTarget.Kind] = [.atLeast, .atMost, .tracking]
    public static let periods: [StreakPeriod] = [.day, .week, .month]

    public static let freezeModes: [(word: String, behavior: FreezeBehavior)] =
        [FreezeBehavior.manuallyConsumeFreezes, .autoConsumeFreezes, .noFreezes].map { ($0.word, $0) }

    public let mode: Mode
    public var key: String
    /// Any words, shown instead of the key; empty: none.
    public var title = ""
    public var targetKind = 0
    /// The amount (with a unit), or the events a day (without one).
    public var goal: String
    public var unit = ""
    public var period = 0
    /// Tracking only (rule 13): the day value, an index into `StreakMeasure.allCases`.
    public var measure = 0
    /// A limit's start day (rule 10), as typed; empty: the day it is created.
    public var since = ""
    public var leeway: String
    public var freezeMode: Int
    /// The schedule as typed: `daily`, `mon-fri`, `mon,wed,fri`, `3/week`, `2/month`, `every 3 days`, `5 in 7 days`...
    public var days: String
    public var weekStart: String
    /// The schedule being edited had (a change of unit is refused).
    public let originalSchedule: StreakSchedule?
    public var field: Field
    /// Keys already taken (by other streaks: neither a new streak nor a rename may reuse one).
    public let takenKeys: [String]
    /// The streak being edited: what the form does not show (title, group, place) is kept.
    public let original: StreakConfiguration?
    /// Today, the latest start day a limit may have (nil: not checked).
    public let today: CalendarDay?
    /// Shown only once Enter was pressed with invalid values (typing is not interrupted).
    public var showsErrors = false
    /// Fields still holding the value the form suggested: typing replaces it, as a selected
    /// text would be (typing "med" into a suggested "daily" makes "med").
    public var suggested: Set<Field> = Set(Field.allCases)
    /// Where the focused text field's cursor is (characters from its start); nil at its end.
    public private(set) var cursor: Int?

    public static func create(suggesting key: String, taken: [String], today: CalendarDay? = nil) -> StreakForm {
        StreakForm(
            mode: .create, key: key, goal: "1", leeway: "0", freezeMode: 0, days: "daily", weekStart: "monday", originalSchedule: nil,
            field: .key, takenKeys: taken, original: nil, today: today
        )
    }

    public static func edit(_ configuration: StreakConfiguration, taken: [String] = []) -> StreakForm {
        let target = configuration.effectiveTarget
        var form = StreakForm(
            mode: .edit(key: configuration.streakKey), key: configuration.streakKey,
            goal: configuration.target == nil ? String(configuration.eventsRequiredPerDay) : target.amount.map(StreakAmount.text) ?? "",
            leeway: String(configuration.leewayHours),
            freezeMode: freezeModes.firstIndex { $0.behavior == configuration.freezeBehavior } ?? 0,
            days: configuration.schedule.text, weekStart: configuration.weekStart.rawValue, originalSchedule: configuration.schedule,
            field: .goal, takenKeys: taken.filter { $0 != configuration.streakKey }, original: configuration, today: nil
        )
        form.title = configuration.title ?? ""
        form.targetKind = targetKinds.firstIndex(of: target.kind) ?? 0
        form.period = periods.firstIndex(of: target.period ?? .day) ?? 0
        form.unit = configuration.unit ?? ""
        form.since = configuration.startDay?.description ?? ""
        form.measure = StreakMeasure.allCases.firstIndex(of: configuration.measure) ?? 0
        return form
    }

    /// The fields shown, in order: a new streak's that apply to its target; an edited one's
    /// all it has (a start day only when it has one), its key and title first.
    public var displayed: [Field] {
        guard mode != .create else { return fields }
        let tracking = Self.targetKinds[targetKind] == .tracking
        return [.key, .title] + Field.allCases.filter { $0 != .key && $0 != .title && ($0 != .since || !since.isEmpty) && ($0 != .measure || tracking) }
    }

    /// The fields a person can change in this mode, in Tab order.
    public var fields: [Field] {
        let tracking = Self.targetKinds[targetKind] == .tracking
        if mode != .create { return [.key, .title] + (tracking ? [.measure] : [.goal]) + [.leeway, .freezes, .days] }
        return Field.allCases.filter { field in
            switch field {
            case .goal, .per: return !tracking
            case .measure: return tracking
            case .since: return Self.targetKinds[targetKind] == .atMost
            default: return true
            }
        }
    }

    /// The target the form describes (nil: events a day, the goal); nil also when invalid.
    private var target: StreakTarget? {
        let kind = Self.targetKinds[targetKind], per = Self.periods[period]
        if kind == .tracking { return .trackingOnly }
        guard let amount = StreakAmount.parse(goal) else { return nil }
        if kind == .atLeast, per == .day, unit.isEmpty, original?.target == nil, amount == amount.rounded() { return nil }
        return kind == .atLeast ? .atLeast(amount, per: per) : .atMost(amount, per: per)
    }

    /// Why a field's value cannot be used, if it cannot.
    public func error(_ field: Field) -> String? {
        switch field {
        case .key:
            if key.isEmpty { return "type a key" }
            if (try? StreakValidation.validateStreakKey(key)) == nil { return "lowercase letters, digits and _ (up to 64)" }
            if takenKeys.contains(key) { return "a streak '\(key)' exists" }
            return nil
        case .title:
            return (try? StreakValidation.validateTitle(title)) == nil ? "up to \(StreakValidation.longestTitle) characters" : nil
        case .goal:
            let kind = Self.targetKinds[targetKind]
            guard kind != .tracking else { return nil }
            guard let amount = StreakAmount.parse(goal) else { return kind == .atMost ? "an amount, 0 or more" : "an amount such as 5 or 2.5" }
            if let target, (try? target.validate()) == nil { return kind == .atMost ? "0 to 1000000000" : "more than 0, up to 1000000000" }
            if target == nil, !StreakValidation.goalRange.contains(Int(amount)) {
                return "a whole number of events from \(StreakValidation.goalRange.lowerBound) to \(StreakValidation.goalRange.upperBound)"
            }
            return nil
        case .unit:
            guard !unit.isEmpty else { return nil }
            return (try? StreakValidation.validateUnit(unit)) == nil ? "up to \(StreakValidation.longestUnit) characters" : nil
        case .target, .per, .measure:
            return nil
        case .since:
            guard Self.targetKinds[targetKind] == .atMost, !since.isEmpty else { return nil }
            guard let day = CalendarDay(parsing: since) else { return "a date: YYYY-MM-DD" }
            if let today, day > today { return "today or earlier" }
            return nil
        case .leeway:
            guard let value = Int(leeway), StreakValidation.leewayRange.contains(value) else { return "whole hours from 0 to 24" }
            return nil
        case .freezes:
            return nil
        case .days:
            let schedule: StreakSchedule
            do {
                schedule = try StreakSchedule(parsing: days)
            } catch StreakRuleError.everyOneDay {
                return "every 1 day is daily"
            } catch StreakRuleError.invalidWindow(let times, let windowDays) {
                return windowDays > StreakSchedule.longestWindow ? "at most \(StreakSchedule.longestWindow) days" : "\(times) in \(windowDays): fewer times than days"
            } catch {
                return "daily, mon-fri, 3/week, 2/month, every 3 days or 5 in 7 days"
            }
            if let originalSchedule, originalSchedule.unit != schedule.unit || originalSchedule.isRolling != schedule.isRolling {
                return "a new shape: a new streak, or `config --from start`"
            }
            if let target, (try? StreakConfiguration.validated(streakKey: "x", schedule: schedule, target: target)) == nil {
                if Self.periods[period] != .day { return "a \(Self.periods[period].rawValue)ly amount is judged on daily" }
                return schedule.isRolling ? "a window takes at least a day" : "a limit is judged daily or on days of the week"
            }
            return nil
        case .weekStart:
            return Weekday(typed: weekStart) == nil ? "a day of the week" : nil
        }
    }

    public var isValid: Bool { Field.allCases.allSatisfy { error($0) == nil } }

    /// The configuration the form describes, when it is valid; an edited streak keeps what
    /// the form does not show (title, group, place, start day).
    public var configuration: StreakConfiguration? {
        guard isValid, let leeway = Int(leeway), let schedule = try? StreakSchedule(parsing: days),
              let weekStart = Weekday(typed: weekStart) else { return nil }
        let target = self.target
        let goal = target == nil ? StreakAmount.parse(goal).map { Int($0) } ?? 1 : original?.eventsRequiredPerDay ?? 1
        let made = StreakConfiguration(
            streakKey: key, eventsRequiredPerDay: goal, leewayHours: leeway, freezeBehavior: Self.freezeModes[freezeMode].behavior,
            schedule: schedule, weekStart: original?.weekStart ?? weekStart, target: target, unit: unit.isEmpty ? nil : unit,
            startDay: original?.startDay ?? (since.isEmpty ? nil : CalendarDay(parsing: since))
        )
        let titled = made.titled(title.isEmpty ? nil : title).measured(by: target == .trackingOnly ? StreakMeasure.allCases[measure] : .sum)
        guard let original else { return titled }
        return titled.placed(group: original.group, position: original.position)
    }

    /// A key pressed in the form: text for the field, Tab to move, arrows to choose the
    /// freeze mode. Returns false for keys the form does not take (Enter, Esc).
    mutating func handle(_ pressed: Key) -> Bool {
        switch pressed {
        case .tab, .down:
            moveField(by: 1)
        case .backTab, .up:
            moveField(by: -1)
        case .left where field.isChoice:
            choose(by: -1)
        case .right where field.isChoice, .character(" ") where field.isChoice:
            choose(by: 1)
        case _ where !field.isChoice:
            // A title takes any words; the rest are ASCII.
            let isTitle = field == .title
            let printable = { (character: Character) in
                isTitle
                    ? !character.isNewline && !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
                    : character.isASCII && !character.isNewline && (character.asciiValue ?? 0) >= 0x20
            }
            // Typing replaces a suggestion, as a selected text would be.
            if case .character(let character) = pressed, printable(character), suggested.contains(field) { edit { $0 = "" }; cursor = nil }
            var text = currentText
            var cursor = cursor
            guard TextEditing.apply(pressed, to: &text, cursor: &cursor, limit: isTitle ? StreakValidation.longestTitle : 64, accept: printable) else {
                return pressed.isCharacter
            }
            edit { $0 = text }
            self.cursor = cursor
        default:
            return false
        }
        return true
    }

    /// The focused text field's value.
    var currentText: String {
        switch field {
        case .key: key
        case .title: title
        case .goal: goal
        case .leeway: leeway
        case .days: days
        case .weekStart: weekStart
        case .unit: unit
        case .since: since
        case .freezes, .target, .per, .measure: ""
        }
    }

    /// The next (or previous) value of a choice field; only a new streak's target and period change.
    private mutating func choose(by step: Int) {
        func next(_ value: Int, of count: Int) -> Int { (value + step + count) % count }
        switch field {
        case .freezes: freezeMode = next(freezeMode, of: Self.freezeModes.count)
        case .target where mode == .create: targetKind = next(targetKind, of: Self.targetKinds.count)
        case .per where mode == .create: period = next(period, of: Self.periods.count)
        case .measure: measure = next(measure, of: StreakMeasure.allCases.count)
        default: break
        }
    }

    private mutating func moveField(by step: Int) {
        let order = fields
        let index = order.firstIndex(of: field) ?? 0
        field = order[(index + step + order.count) % order.count]
        cursor = nil
    }

    private mutating func edit(_ change: (inout String) -> Void) {
        suggested.remove(field)
        switch field {
        case .key: change(&key)
        case .title: change(&title)
        case .goal: change(&goal)
        case .leeway: change(&leeway)
        case .days: change(&days)
        case .weekStart: change(&weekStart)
        case .unit: change(&unit)
        case .since: change(&since)
        case .freezes, .target, .per, .measure: break
        }
    }
}
