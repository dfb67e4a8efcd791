import Foundation
import GamificationSupport
import SwiftfulGamification

/// "What is left today?": every streak due today that is not kept yet, most urgent first,
/// then the ones already kept. Streaks with nothing asked of them today (a rest day, a
/// skipped day, tracking only) are left out.
public struct TodayList: Sendable {
    /// Why a streak is on the list, in the order the list shows them.
    public enum Standing: String, Sendable, Comparable {
        /// Today (or yesterday, within the leeway) must be kept by the deadline, or the run ends.
        case atRisk = "at_risk"
        /// The run ended; a kept day starts it again.
        case broken
        /// No day kept yet.
        case notStarted = "not_started"
        /// A weekly or monthly streak whose week or month still needs days, or a rolling
        /// streak whose window needs a day by its deadline (not today in particular).
        case weekOpen = "week_open"
        /// Kept today (or this week), or within its limit.
        case kept

        private var rank: Int {
            switch self {
            case .atRisk: 0
            case .broken: 1
            case .notStarted: 2
            case .weekOpen: 3
            case .kept: 4
            }
        }

        public static func < (a: Standing, b: Standing) -> Bool { a.rank < b.rank }
    }

    public struct Item: Sendable, Equatable {
        public let key: String
        /// The title, else the key.
        public let name: String
        public let standing: Standing
        /// When the day (or grace) ends, for a streak at risk; a rolling streak's next due
        /// day's end while its window is open.
        public let deadline: Date?
        /// Events still to log today (nil for an amount or a limit).
        public let eventsLeft: Int?
        /// The amount still to reach today or this week, in `unit` (nil without an amount target).
        public let amountLeft: Double?
        public let unit: String?
        /// The longest run, for a broken streak ("start again: best was 40").
        public let best: Int
        /// In words: what is left, or why it is listed.
        public let detail: String
    }

    public let items: [Item]

    public var toDo: [Item] { items.filter { $0.standing != .kept } }
    public var kept: [Item] { items.filter { $0.standing == .kept } }

    public init(_ evaluations: [StreakEvaluation], now: Date, zone: TimeZone) {
        let items = evaluations.compactMap { Self.item($0, now: now, zone: zone) }
        self.items = items.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.standing != y.standing { return x.standing < y.standing }
            if x.standing == .atRisk, let d1 = x.deadline, let d2 = y.deadline, d1 != d2 { return d1 < d2 }
            if x.standing == .broken, x.best != y.best { return x.best > y.best }
            return a.offset < b.offset  // the caller's order (the overview's)
        }.map(\.element)
    }

    private static func item(_ evaluation: StreakEvaluation, now: Date, zone: TimeZone) -> Item? {
        let configuration = evaluation.configuration, streak = evaluation.streak
        if configuration.isTrackingOnly { return nil }
        let key = configuration.streakKey, name = configuration.displayName, best = streak.longestStreak ?? 0
        let goal = streak.eventsRequiredPerDay ?? configuration.eventsRequiredPerDay
        let eventsLeft = configuration.measuresAmount ? nil : max(0, goal - (streak.todayEventCount ?? 0))
        let amountLeft = configuration.measuresAmount && !configuration.isLimit ? streak.amountLeft : nil
        func make(_ standing: Standing, deadline: Date? = nil, _ detail: String) -> Item {
            Item(key: key, name: name, standing: standing, deadline: deadline, eventsLeft: standing == .kept ? 0 : eventsLeft,
                 amountLeft: standing == .kept ? 0 : amountLeft, unit: streak.unit, best: best, detail: detail)
        }
        // Rule 10: a limit asks for nothing; it is kept while within it.
        if configuration.isLimit {
            return streak.isOverLimit == true ? nil : make(.kept, StreakFacts.amountProgress(streak, now: now, zone: zone) ?? "within the limit")
        }
        // A day-unit streak's rest or skipped day asks nothing, started or not.
        if streak.streakUnit == .day || streak.streakUnit == nil, streak.isTodayDue == false { return nil }
        let left = leftText(streak, eventsLeft: eventsLeft, now: now, zone: zone)
        let period = StreakFacts.weekProgress(streak, now: now, zone: zone)
        switch StreakSituation(evaluation) {
        case .resting:
            return nil
        case .keptToday, .keptByFreeze:
            let kept = StreakFacts.amountProgress(streak, now: now, zone: zone) ?? "kept today"
            return make(.kept, StreakFacts.windowSentence(streak, opening: kept, deadline: streak.dateStreakDeadline, now: now, zone: zone))
        case .weekUnderway(let met):
            let during = StreakFacts.periodName(streak, now: now, zone: zone).during
            return met ? make(.kept, period ?? "kept \(during)") : make(.weekOpen, period ?? left)
        case .weekAtRisk(let deadline) where StreakFacts.weekIsLost(streak):
            // No countdown: nothing logged by then keeps the week.
            return make(.atRisk, deadline: deadline, period ?? left)
        case .weekAtRisk(let deadline):
            return make(.atRisk, deadline: deadline, [deadline.map { "\(StreakFacts.countdown($0.timeIntervalSince(now))) left" }, period].compactMap { $0 }.joined(separator: " · "))
        case .windowUnderway(let deadline):
            return make(.weekOpen, deadline: deadline, StreakFacts.windowSentence(streak, opening: nil, deadline: deadline, now: now, zone: zone))
        case .atRisk(let deadline) where StreakFacts.windowIsLost(streak):
            // No countdown: nothing logged by then keeps the window.
            return make(.atRisk, deadline: deadline, StreakFacts.lostWindow(streak))
        case .atRisk(let deadline), .grace(let deadline):
            let grace = streak.status == .canExtendWithLeeway ? "yesterday, in its grace period: " : ""
            let time = deadline.map { "\(StreakFacts.countdown($0.timeIntervalSince(now))) left (until \(StreakFacts.clock($0, zone)))" }
            let window = streak.status == .canExtendWithLeeway ? nil : StreakFacts.windowProgress(streak)
            return make(.atRisk, deadline: deadline, grace + ([time, left, window].compactMap { $0 }.joined(separator: " · ")))
        case .restorable(let freezes):
            return make(.broken, "broken: \(counted(freezes, "freeze")) would restore it, or start again · \(left)")
        case .broken(_, let everKept):
            guard everKept else { return make(.notStarted, "not started yet · \(left)") }
            return make(.broken, "start again: best was \(StreakFacts.length(best, of: streak)) · \(left)")
        case .noEvents:
            return make(.notStarted, "not started yet · \(left)")
        }
    }

    /// "1 of 3 events to go" / "4.2 of 5 km today, 0.8 to go".
    private static func leftText(_ streak: CurrentStreakData, eventsLeft: Int?, now: Date, zone: TimeZone) -> String {
        if let progress = StreakFacts.amountProgress(streak, now: now, zone: zone) { return progress }
        let goal = streak.eventsRequiredPerDay ?? 1, done = streak.todayEventCount ?? 0
        return "\(done) of \(counted(goal, "event")), \(eventsLeft ?? 0) to go"
    }
}
