import Foundation
import GamificationSupport
import StreakPresentation
import StreakStoreKit
import SwiftfulGamification

/// What a dashboard write did, as the run loop hands it back just after the streak's manager
/// sent the streak as the write left it; the loop draws both at once (one frame, the message
/// beside the new numbers).
public enum WriteOutcome: Equatable, Sendable {
    case logged(key: String, at: Date)
    /// `count` events (of `amount` each, in `unit`) on a past day (nil: today).
    case loggedOn(key: String, day: CalendarDay?, at: Date, count: Int = 1, amount: Double? = nil, unit: String? = nil)
    case removed(key: String, event: StreakEvent)
    /// Undo of today's last event; nil when there was none.
    case undone(key: String, event: StreakEvent?)
    case freezeAdded(key: String)
    case freezeRemoved(key: String, left: Int)
    case freezesUsed(key: String, count: Int)
    case created(key: String)
    case saved(StreakConfiguration)
    case archived(key: String)
    case deleted(TrashedStreak)
    /// Days skipped, or their skips taken back.
    case skipped(key: String, days: ClosedRange<CalendarDay>, skipping: Bool)
    /// A day's note written (`replaced`: in place of another), or taken back.
    case noted(key: String, day: CalendarDay, replaced: Bool)
    case noteRemoved(key: String, day: CalendarDay)
    /// A holiday skipped in `streaks` streaks (those with a due day in the range).
    case skippedEveryStreak(days: ClosedRange<CalendarDay>, streaks: Int)
    case moved(key: String, place: StreakOrder.Place)
    case themeSaved(String)
    /// The catch-up walk's no and later answers were written to its memory (says nothing).
    case answersRemembered
    /// Any other change of the vocabulary, said by its summary ("take back 2 skips of run").
    case applied(key: String, summary: String)
    case failed(key: String?, reason: String)

    /// The streak the write was about (nil for the theme).
    public var key: String? {
        switch self {
        case .logged(let key, _), .loggedOn(let key, _, _, _, _, _), .removed(let key, _), .undone(let key, _),
             .freezeAdded(let key), .freezeRemoved(let key, _), .freezesUsed(let key, _), .created(let key), .archived(let key),
             .skipped(let key, _, _), .moved(let key, _), .noted(let key, _, _), .noteRemoved(let key, _), .applied(let key, _):
            return key
        case .saved(let configuration): return configuration.streakKey
        case .deleted(let trashed): return trashed.streakKey
        case .themeSaved, .skippedEveryStreak, .answersRemembered: return nil
        case .failed(let key, _): return key
        }
    }

    /// The line the footer shows, with times in `zone`.
    public func message(in zone: TimeZone) -> String {
        switch self {
        case .logged(let key, let date):
            return "Logged \(key) at \(StreakFacts.clock(date, zone))."
        case .loggedOn(let key, let day, let date, let count, let amount, let unit):
            let what = amount.map { " \(StreakAmount.text($0))\(unit.map { " \($0)" } ?? "")" } ?? (count > 1 ? " \(count) events" : "")
            return "Logged \(key)\(what)\(day.map { " on \($0)" } ?? "") at \(StreakFacts.clock(date, zone))."
        case .removed(_, let event):
            let eventZone = TimeZone(identifier: event.timezone) ?? zone
            return "Removed the event of \(CalendarDay(containing: event.dateCreated, in: eventZone)) \(StreakFacts.clock(event.dateCreated, eventZone))."
        case .undone(_, let event):
            return event.map { "Removed the event of \(StreakFacts.clock($0.dateCreated, zone))." } ?? "Nothing logged today to undo."
        case .freezeAdded(let key):
            return "Added a freeze to \(key)."
        case .freezeRemoved(let key, let left):
            return "Removed a freeze from \(key): \(left) left."
        case .freezesUsed(_, let count):
            return count > 0 ? "Freezes used: streak restored." : "No freezes were needed."
        case .created(let key):
            return "Created '\(key)'. Space logs its first event."
        case .saved(let configuration):
            return "Saved \(configuration.streakKey): \(configuration.settingsText)."
        case .archived(let key):
            return OutcomeWords.archived(key)
        case .deleted(let trashed):
            return OutcomeWords.deleted(trashed, zone: zone)
        case .skipped(let key, let days, let skipping):
            let single = days.lowerBound == days.upperBound
            let named = single ? "\(days.lowerBound)" : "\(days.lowerBound) to \(days.upperBound)"
            return skipping ? "Skipped \(named) in \(key): \(single ? "it bridges" : "they bridge") the streak." : "No longer skipping \(named) in \(key)."
        case .noted(let key, let day, let replaced):
            return "\(replaced ? "Replaced the note of" : "Noted") \(DayNames.short(day)) \(day) in \(key)."
        case .noteRemoved(let key, let day):
            return "Removed the note of \(DayNames.short(day)) \(day) in \(key)."
        case .moved(let key, let place):
            return switch place {
            case .before(let other): "Moved \(key) before \(other)."
            case .after(let other): "Moved \(key) after \(other)."
            case .endOf(let group): "Moved \(key) to the end of \(group ?? "the streaks without a group")."
            }
        case .skippedEveryStreak(let days, let streaks):
            let named = days.lowerBound == days.upperBound ? "\(days.lowerBound)" : "\(days.lowerBound) to \(days.upperBound)"
            return "Skipped \(named) in \(counted(streaks, "streak")), each on its due days."
        case .themeSaved(let name):
            return "Theme: \(name) (remembered)."
        case .answersRemembered:
            return ""
        case .applied(_, let summary):
            return "Saved: \(summary)."
        case .failed(_, let reason):
            return reason
        }
    }
}

extension Effect {
    /// The streak a write effect changes (under its new key after a rename: the key its
    /// outcome names); nil for reads, the theme and quitting.
    public var writesStreak: String? {
        switch self {
        case .write(let change, let key): return change.streakKeys(applyingTo: key).last ?? key
        case .log(let key), .logOn(let key, _, _, _), .undo(let key), .addFreeze(let key), .move(let key, _): return key
        case .saveTheme, .rememberAnswers, .loadDay, .quit, .skipEveryStreak: return nil
        }
    }

    /// Skip `days` of `key`, or take their skips back (the days already checked by the form).
    public static func skip(_ key: String, days: ClosedRange<CalendarDay>, skipping: Bool) -> Effect {
        .write(skipping ? .addSkips(days.days) : .removeSkips(days.days), streak: key)
    }

    /// The edit form's settings of the streak `oldKey` (a new goal applies from today), with
    /// its new key in the same write: both, or neither.
    public static func save(_ configuration: StreakConfiguration, from oldKey: String) -> Effect {
        let details = StreakDetails(
            title: configuration.title ?? "", target: configuration.target, measure: configuration.isTrackingOnly ? configuration.measure : nil
        )
        let settings = StreakChange.settings(
            goal: configuration.eventsRequiredPerDay, leewayHours: configuration.leewayHours, freezeBehavior: configuration.freezeBehavior,
            schedule: configuration.schedule, details: details, renamingTo: configuration.streakKey
        )
        return .write(settings, streak: oldKey)
    }
}

extension WriteOutcome {
    /// What `change`, applied to `key`, did, as the footer says it, and whether the streak's
    /// manager takes the result (an archived or deleted streak leaves the screen instead). `shown`: the streak as
    /// the screen showed it before the write (whether a note replaced one is read from it).
    public static func of(_ change: StreakChange, to key: String, produced: StreakChangeResult, shown: StreakEvaluation? = nil)
        -> (outcome: WriteOutcome, updatesManager: Bool) {
        switch change {
        case .removeEvent:
            return (produced.removed.map { .removed(key: key, event: $0) } ?? .failed(key: key, reason: "nothing was removed"), true)
        case .useFreezesManually:
            return (.freezesUsed(key: key, count: produced.usedFreezes.count), true)
        case .removeFreeze:
            return (.freezeRemoved(key: key, left: produced.evaluation?.streak.freezesAvailableCount ?? 0), true)
        case .create:
            return (.created(key: key), true)
        case .settings:
            guard let configuration = produced.evaluation?.configuration else { return (.failed(key: key, reason: "nothing was saved"), false) }
            return (.saved(configuration), true)
        case .archive:
            return (.archived(key: key), false)
        case .delete:
            return (produced.trashed.map(WriteOutcome.deleted) ?? .failed(key: key, reason: "nothing was deleted"), false)
        case .addSkips(let days) where !days.isEmpty:
            return (.skipped(key: key, days: days.min()!...days.max()!, skipping: true), true)
        case .removeSkips(let days) where !days.isEmpty:
            return (.skipped(key: key, days: days.min()!...days.max()!, skipping: false), true)
        case .setNote(let note):
            return (.noted(key: key, day: note.day, replaced: shown?.notes.contains { $0.day == note.day } ?? false), true)
        case .removeNote(let day):
            return (.noteRemoved(key: key, day: day), true)
        default:
            return (.applied(key: key, summary: change.summary(of: key)), produced.evaluation != nil)
        }
    }

    /// A refusal that is an answer, not a failure: freezes asked for when none are needed.
    public static func refusal(_ error: any Error, of change: StreakChange, to key: String) -> WriteOutcome? {
        if case .useFreezesManually = change, let rule = error as? StreakRuleError, case .nothingToSave = rule { return .freezesUsed(key: key, count: 0) }
        return nil
    }
}
