import Foundation
import GamificationSupport
import SwiftfulGamification

/// Where a streak stands today, in words: one `StreakSituation`, said at three lengths (the
/// dashboard's panel, the command line's line, a list row). What differs between them is
/// what each surface can offer (a key to press, a command to run) and how much room it has.
extension StreakFacts {
    /// The panel's sentence, with a live countdown where one applies.
    public static func statusPhrase(_ evaluation: StreakEvaluation, now: Date, zone: TimeZone) -> (text: String, tone: Tone) {
        // Rule 10: a limit and tracking say today's sum and ask nothing; an amount says it
        // beside what the day still needs.
        let streak = evaluation.streak
        guard let progress = amountProgress(streak, now: now, zone: zone) else { return panelSituation(evaluation, now: now, zone: zone) }
        switch streak.target {
        case .trackingOnly?:
            return (progress, .muted)
        case .atMost?:
            return (progress, streak.isOverLimit == true ? .danger : .success)
        default:
            let situation = panelSituation(evaluation, now: now, zone: zone)
            if situation.tone == .success || situation.text.isEmpty { return (progress, situation.tone) }
            return ("\(progress) · \(situation.text)", situation.tone)
        }
    }

    /// The command line's phrase. It has no day records (a frozen today reads as not kept
    /// yet), and the freezes that would restore a broken streak have a line of their own.
    public static func statusLine(_ streak: CurrentStreakData, now: Date, zone: TimeZone) -> String {
        if let progress = amountProgress(streak, now: now, zone: zone) {
            switch streak.target {
            case .trackingOnly?, .atMost?:
                return progress
            default:
                let situation = lineSituation(streak, now: now, zone: zone)
                return situation.tone == .success || situation.text.isEmpty ? progress : "\(progress); \(situation.text)"
            }
        }
        return lineSituation(streak, now: now, zone: zone).text
    }

    /// A list row's few words and the mark beside them.
    public static func statusShort(_ evaluation: StreakEvaluation, now: Date, zone: TimeZone) -> (mark: StatusMark, text: String, tone: Tone) {
        let configuration = evaluation.configuration, streak = evaluation.streak
        // Rule 10: a limit asks nothing, it holds or it is over; tracking only keeps no streak.
        if configuration.isTrackingOnly { return (.none, "tracking", .muted) }
        if configuration.isLimit {
            return streak.isOverLimit == true ? (.broken, "over the limit", .danger) : (.kept, "within the limit", .success)
        }
        switch StreakSituation(evaluation) {
        case .noEvents: return (.none, "no events yet", .muted)
        case .keptToday: return (.kept, "kept today", .success)
        case .weekUnderway(let met):
            let period = periodName(streak, now: now, zone: zone)
            return met ? (.kept, "kept \(period.during)", .success) : (.none, periodProgress(streak, now: now, zone: zone), .text)
        case .weekAtRisk: return (.atRisk, periodProgress(streak, now: now, zone: zone), .warning)
        case .windowUnderway(let deadline):
            return (.none, windowSentence(streak, opening: nil, deadline: deadline, now: now, zone: zone), .text)
        case .resting(let skipped, _): return (skipped ? .skipped : .rest, restWord(skipped), .muted)
        case .grace(let deadline): return (.grace, "grace" + (deadline.map { " until \(clock($0, zone))" } ?? ""), .warning)
        case .keptByFreeze: return (.kept, "kept by a freeze", .frozen)
        case .atRisk where windowIsLost(streak):
            return (.atRisk, windowProgress(streak).map { "lost: \($0)" } ?? "at risk", .warning)
        case .atRisk(let deadline):
            return (.atRisk, "at risk" + (deadline.map { ", \(countdown($0.timeIntervalSince(now))) left" } ?? ""), .warning)
        case .restorable(let needed): return (.broken, "broken: \(needed) to restore", .danger)
        case .broken(_, let everKept): return everKept ? (.broken, "broken", .danger) : (.none, "not started yet", .muted)
        }
    }

    /// A week or month in a few words: its days ("2 of 3 this week, 4 days left") or, for an
    /// amount, its total ("17.7 of 100 km in December, 82.3 to go").
    private static func periodProgress(_ streak: CurrentStreakData, now: Date, zone: TimeZone) -> String {
        weekProgress(streak, now: now, zone: zone) ?? amountProgress(streak, now: now, zone: zone) ?? ""
    }

    private static func panelSituation(_ evaluation: StreakEvaluation, now: Date, zone: TimeZone) -> (text: String, tone: Tone) {
        let streak = evaluation.streak
        switch StreakSituation(evaluation) {
        case .noEvents:
            return ("press space to log your first event", .muted)
        case .keptToday:
            return (windowSentence(streak, opening: "kept today", deadline: streak.dateStreakDeadline, now: now, zone: zone), .success)
        case .weekUnderway(let met):
            return (weekProgress(streak, now: now, zone: zone) ?? "", met ? .success : .text)
        case .weekAtRisk(let deadline):
            guard let days = weekProgress(streak, now: now, zone: zone) else {
                // An amount a week or a month (rule 10): its total says where it stands.
                return (deadline.map { "\(countdown($0.timeIntervalSince(now))) left" } ?? "", .warning)
            }
            let left = StreakFacts.weekIsLost(streak) ? "" : deadline.map { ", \(countdown($0.timeIntervalSince(now))) to keep a day" } ?? ""
            return (days + left, .warning)
        case .windowUnderway(let deadline):
            return (windowSentence(streak, opening: nil, deadline: deadline, now: now, zone: zone), .text)
        case .resting(let skipped, let deadline):
            let next = deadline.map { ": keep the next due day by \(LocalTimeText.dateTime($0, zone))" } ?? ""
            return (restWord(skipped) + next, .muted)
        case .grace(let deadline):
            let until = deadline.map { " until \(clock($0, zone))" } ?? ""
            return ("grace period\(until): log to keep yesterday", .warning)
        case .keptByFreeze:
            return ("kept by a freeze", .frozen)
        case .atRisk where windowIsLost(streak):
            return (lostWindow(streak), .danger)
        case .atRisk(let deadline):
            let window = windowProgress(streak).map { " (\($0))" } ?? ""
            guard let deadline else { return ("log today to keep it\(window)", .warning) }
            let tonight = wouldUseFreezeTonight(evaluation) ? " (a freeze would cover it)" : ""
            return ("\(countdown(deadline.timeIntervalSince(now))) left today\(window)\(tonight)", .warning)
        case .restorable(let needed):
            // Only what is possible: restoring is offered when enough freezes are there.
            let days = restorableRun(evaluation)
            return ("broken: use \(counted(needed, "freeze")) to restore \(counted(days, "day"))? (f)", .danger)
        case .broken(_, let everKept):
            guard everKept else { return ("no day kept yet: \(counted(streak.eventsRequiredPerDay ?? 1, "event")) keep one", .warning) }
            return ("broken: log today to start again", .danger)
        }
    }

    private static func lineSituation(_ streak: CurrentStreakData, now: Date, zone: TimeZone) -> (text: String, tone: Tone) {
        switch StreakSituation(streak, freezeBehavior: .noFreezes) {
        case .noEvents: return ("no events yet: log one with `streaks log`", .muted)
        case .keptToday: return (windowSentence(streak, opening: "kept today", deadline: streak.dateStreakDeadline, now: now, zone: zone), .success)
        case .weekUnderway(let met): return (weekProgress(streak, now: now, zone: zone) ?? "", met ? .success : .text)
        case .weekAtRisk(let deadline):
            let keep = StreakFacts.weekIsLost(streak) ? nil : deadline.map { ", keep a day by \(LocalTimeText.dateTime($0, zone))" }
            return ((weekProgress(streak, now: now, zone: zone) ?? "") + (keep ?? ""), .warning)
        case .windowUnderway(let deadline): return (windowSentence(streak, opening: nil, deadline: deadline, now: now, zone: zone), .text)
        case .atRisk where windowIsLost(streak): return (lostWindow(streak), .danger)
        case .resting(let skipped, let deadline):
            return (restWord(skipped) + (deadline.map { ", keep the next due day by \(LocalTimeText.dateTime($0, zone))" } ?? ""), .muted)
        case .grace(let deadline), .atRisk(let deadline):
            let window = streak.status == .canExtendWithLeeway ? "" : windowProgress(streak).map { " (\($0))" } ?? ""
            let prefix = streak.status == .canExtendWithLeeway ? "grace period" : "not kept today yet\(window)"
            guard let deadline else { return (prefix, .warning) }
            return ("\(prefix), \(countdown(deadline.timeIntervalSince(now))) left (until \(LocalTimeText.dateTime(deadline, zone)))", .warning)
        case .keptByFreeze: return ("kept by a freeze", .frozen)
        case .restorable(let needed): return ("broken: \(counted(needed, "freeze")) would restore it", .danger)
        case .broken(let daysSince, let everKept):
            guard everKept else { return ("no day kept yet (a day needs \(counted(streak.eventsRequiredPerDay ?? 1, "event")))", .warning) }
            return ("broken (\(counted(daysSince, "day")) since the last kept day)", .danger)
        }
    }

    private static func restWord(_ skipped: Bool) -> String { skipped ? "skipped (holiday)" : "rest day" }
}
