import Foundation

/// The experience points a user's streaks earn: each kept day its streak's points per day,
/// each milestone of a run its count as a bonus. Earned points are experience events with
/// ids derived from what earned them (`day.KEY.DATE`, `milestone.KEY.RUNSTART.COUNT`), so
/// they are recorded once however many processes record them; a day no longer kept (removed,
/// re-judged) has its points taken back by an event of the opposite amount.
public enum StreakPoints {
    /// The experience key streak points are kept under.
    public static let experienceKey = "streaks"

    /// What one kept day or milestone earns, and the day it was earned on.
    public struct Earning: Equatable, Sendable {
        public let points: Int
        public let day: CalendarDay
    }

    /// What each earning of `evaluation`'s streak is worth now, by base id.
    public static func targets(for evaluation: StreakEvaluation, settings: StreakPointsSettings) -> [String: Earning] {
        let key = evaluation.configuration.streakKey
        guard let first = settings.firstEarningDay(for: key), let historyStart = evaluation.firstHistoryDay, historyStart <= evaluation.today else {
            return [:]
        }
        var targets: [String: Earning] = [:]
        let perDay = settings.pointsPerDay(for: key)
        let days = evaluation.days(from: historyStart, through: evaluation.today)
        for day in days where day.state == .kept && day.day >= first && perDay > 0 {
            targets[dayId(key, day.day)] = Earning(points: perDay, day: day.day)
        }
        for milestone in milestones(evaluation: evaluation, days: days) where milestone.reached >= first {
            targets["milestone.\(key).\(milestone.runStart).\(milestone.count)"] = Earning(points: milestone.count, day: milestone.reached)
        }
        return targets
    }

    /// The events that bring the recorded earnings of `streakKeys` to `targets`: new
    /// earnings, and takebacks of earnings no longer deserved. Earnings of other streaks are
    /// left as they are. A correction is dated `now`, except one of history from before
    /// `earningSince` (imported `--with-points`): dated on its own day (noon there), so it
    /// counts in the windows of that day, not as earned today.
    public static func corrections(
        targets: [String: Earning], streakKeys: Set<String>, recorded: [ExperiencePointsEvent], now: Date, timezone: TimeZone,
        earningSince: CalendarDay? = nil
    ) -> [ExperiencePointsEvent] {
        let tally = Tally(recorded, of: streakKeys)
        var corrections: [ExperiencePointsEvent] = []
        for base in Set(tally.entries.keys).union(targets.keys).sorted() {
            let difference = (targets[base]?.points ?? 0) - tally.net(of: base)
            guard difference != 0, let key = streakKey(ofBase: base) else { continue }
            var date = now
            if let earningSince {
                let start = earningSince.startDate(in: timezone)
                if let day = targets[base]?.day, day < earningSince {
                    date = day.startDate(in: timezone).addingTimeInterval(12 * 3_600)
                } else if let first = tally.entries[base]?.firstDate, first < start {
                    date = first
                }
            }
            corrections.append(ExperiencePointsEvent(
                id: tally.nextId(for: base), dateCreated: date, points: difference,
                metadata: ["streak": .string(key), "kind": .string(difference > 0 ? kind(ofBase: base) : "takeback")],
                timezone: timezone.identifier
            ))
        }
        return corrections
    }

    private static func dayId(_ key: String, _ day: CalendarDay) -> String { "day.\(key).\(day)" }

    /// What the recorded earnings add up to by base id, and how many events each has.
    struct Tally {
        struct Entry {
            var net = 0
            var count = 0
            /// When the base's first event is dated.
            var firstDate: Date
        }

        private(set) var entries: [String: Entry] = [:]

        /// The earnings among `recorded` (of the streaks `only` names, when given).
        init(_ recorded: [ExperiencePointsEvent], of only: Set<String>? = nil) {
            for event in recorded {
                guard let base = StreakPoints.baseId(of: event.id) else { continue }
                if let only, !(StreakPoints.streakKey(ofBase: base).map(only.contains) ?? false) { continue }
                entries[base, default: Entry(firstDate: event.dateCreated)].add(event)
            }
        }

        func net(of base: String) -> Int { entries[base]?.net ?? 0 }

        /// The id the next event of `base` takes: `base` itself first, then `base#2`, `base#3`...
        func nextId(for base: String) -> String {
            let count = entries[base]?.count ?? 0
            return count == 0 ? base : "\(base)#\(count + 1)"
        }
    }

    /// The streak whose earning the event id `day.KEY.DATE#3` (or `milestone.KEY...`) is:
    /// KEY; nil for an event that is not a streak earning.
    public static func earningStreakKey(of id: String) -> String? {
        baseId(of: id).flatMap(streakKey(ofBase:))
    }

    /// `day.KEY.DATE` of `day.KEY.DATE#3`; nil for an event that is not a streak earning.
    static func baseId(of id: String) -> String? {
        guard id.hasPrefix("day.") || id.hasPrefix("milestone.") else { return nil }
        return id.firstIndex(of: "#").map { String(id[..<$0]) } ?? id
    }

    /// The streak key of `day.KEY.DATE` or `milestone.KEY.START.COUNT` (keys hold no dot).
    static func streakKey(ofBase base: String) -> String? {
        guard let first = base.firstIndex(of: ".") else { return nil }
        let rest = base[base.index(after: first)...]
        guard let second = rest.firstIndex(of: "."), second > rest.startIndex, base[base.index(after: second)...].contains(where: { $0 != "." }) else { return nil }
        return String(rest[..<second])
    }

    private static func kind(ofBase base: String) -> String {
        base.hasPrefix("day.") ? "day" : "milestone"
    }

    /// Every milestone the streak's runs reached: the count, the run's first day, and the
    /// day it was reached (a weekly streak's in weeks, reached on the week's last kept day).
    static func milestones(evaluation: StreakEvaluation, days: [StreakDay]) -> [(count: Int, runStart: CalendarDay, reached: CalendarDay)] {
        var found: [(Int, CalendarDay, CalendarDay)] = []
        var run = 0
        var runStart: CalendarDay?
        func step(_ kept: Bool, broken: Bool, start: CalendarDay, reached: CalendarDay) {
            if broken {
                run = 0
                runStart = nil
            } else if kept {
                if runStart == nil { runStart = start }
                run += 1
                if StreakNotice.isMilestone(run), let runStart { found.append((run, runStart, reached)) }
            }
        }
        if evaluation.streak.streakUnit == .week || evaluation.streak.streakUnit == .month {
            for week in evaluation.weeks {
                let lastKept = days.last { $0.day >= week.start && $0.day <= week.end && $0.state == .kept }?.day
                step(week.state == .kept, broken: week.state == .gap, start: week.start, reached: lastKept ?? week.end)
            }
        } else {
            for day in days {
                step(day.state == .kept, broken: day.state == .gap || day.state == .beforeHistory, start: day.day, reached: day.day)
            }
        }
        return found
    }
}

extension StreakPoints.Tally.Entry {
    mutating func add(_ event: ExperiencePointsEvent) {
        net += event.points
        count += 1
        firstDate = min(firstDate, event.dateCreated)
    }
}
