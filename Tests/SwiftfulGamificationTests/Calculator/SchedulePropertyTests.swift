import Foundation
import GamificationSupport
import Testing
import TestSupport
@testable import SwiftfulGamification

/// The calculator against brute force on small random histories with schedules and skips:
/// every way of crediting every event (rule 2) is tried. The current streak is the settled
/// history's (rule 4a, the literal reference), which no crediting beats.
struct SchedulePropertyTests {
    struct Case {
        let events: [StreakEvent]
        let configuration: StreakConfiguration
        let skips: [CalendarDay]
        let now: Date
    }

    static let zone = TimeZone.newYork

    static func history(seed: UInt64) -> Case {
        var random = SeededGenerator(seed: seed)
        let now = at("2024-03-01 00:00").addingTimeInterval(Double.random(in: 0...(60 * 86_400), using: &random))
        let events = (0..<Int.random(in: 1...8, using: &random)).map { index -> StreakEvent in
            let daysBack = Double(Int.random(in: 0...9, using: &random))
            // Half of them near a midnight, where the leeway has a choice to make.
            let hour = Bool.random(using: &random) ? Double.random(in: 0...24, using: &random)
                : [Double.random(in: 0...3, using: &random), Double.random(in: 21...24, using: &random)].randomElement(using: &random)!
            let midnight = Calendar.newYork.startOfDay(for: now.addingTimeInterval(-daysBack * 86_400))
            return StreakEvent(id: "e\(index)", dateCreated: midnight.addingTimeInterval(hour * 3_600), timezone: zone.identifier)
        }
        let schedule: StreakSchedule = Int.random(in: 0..<4, using: &random) == 0
            ? .daily
            : .weekdays(Set(Weekday.allCases.filter { _ in Int.random(in: 0..<3, using: &random) > 0 }).union([Weekday.allCases.randomElement(using: &random)!]))
        let today = CalendarDay(containing: now, in: zone)
        let skips = (0..<Int.random(in: 0...3, using: &random)).map { _ in today.adding(days: -Int.random(in: -2...9, using: &random)) }
        let configuration = StreakConfiguration(
            streakKey: "work", eventsRequiredPerDay: Int.random(in: 1...2, using: &random),
            leewayHours: [0, 3, 6, 24].randomElement(using: &random)!, freezeBehavior: .noFreezes, schedule: schedule
        )
        return Case(events: events, configuration: configuration, skips: skips, now: now)
    }

    /// The largest current streak over every crediting.
    static func bruteForceCurrent(_ input: Case) -> Int {
        let (today, yesterdayOpen, options) = openDaysAndOptions(input)
        let skipped = Set(input.skips.map(\.dayNumber))
        func bridges(_ day: Int) -> Bool {
            skipped.contains(day) || !input.configuration.schedule.isDue(on: CalendarDay(dayNumber: day).dayOfWeek)
        }
        let goal = input.configuration.eventsRequiredPerDay
        let earliest = options.flatMap { $0 }.min() ?? today
        var best = 0
        forEachCrediting(options) { counts in
            var run = 0
            for day in stride(from: today, through: earliest, by: -1) {
                let kept = counts[day, default: 0] >= goal
                let open = day == today || (yesterdayOpen && day == today - 1)
                if kept { run += 1 } else if !open && !bridges(day) { break }
            }
            best = max(best, run)
        }
        return best
    }

    /// Today, whether yesterday is still open, and the days each event (at or before now)
    /// may be credited to (rule 2).
    static func openDaysAndOptions(_ input: Case) -> (today: Int, yesterdayOpen: Bool, options: [[Int]]) {
        let today = CalendarDay(containing: input.now, in: zone).dayNumber
        let leeway = input.configuration.leewayHours * 3_600
        let nowSecond = (Int(input.now.timeIntervalSince1970) + zone.secondsFromGMT(for: input.now)).floorModulo(86_400)
        let options = input.events.filter { $0.dateCreated <= input.now }.map { event in
            let own = CalendarDay(containing: event.dateCreated, in: zone).dayNumber
            let second = (Int(event.dateCreated.timeIntervalSince1970) + zone.secondsFromGMT(for: event.dateCreated)).floorModulo(86_400)
            var days = [own]
            if leeway > 0, second < leeway { days.append(own - 1) }
            if leeway > 0, second >= 86_400 - leeway { days.append(own + 1) }
            return Array(Set(days.map { min($0, today) }))
        }
        return (today, leeway > 0 && nowSecond < leeway, options)
    }

    /// Calls `body` with the events per day of every crediting (an odometer over the options).
    static func forEachCrediting(_ options: [[Int]], _ body: ([Int: Int]) -> Void) {
        var choice = [Int](repeating: 0, count: options.count)
        while true {
            var counts: [Int: Int] = [:]
            for (index, days) in options.enumerated() { counts[days[choice[index]], default: 0] += 1 }
            body(counts)
            var position = 0
            while position < options.count {
                choice[position] += 1
                if choice[position] < options[position].count { break }
                choice[position] = 0
                position += 1
            }
            if position == options.count { return }
        }
    }

    /// A weekly streak (rule 8's week unit) over three weeks or so, any week start.
    static func weeklyHistory(seed: UInt64) -> Case {
        var random = SeededGenerator(seed: seed)
        let daily = history(seed: seed &+ 1_000_003)
        let configuration = StreakConfiguration(
            streakKey: "gym", eventsRequiredPerDay: Int.random(in: 1...2, using: &random), leewayHours: daily.configuration.leewayHours,
            freezeBehavior: .noFreezes, schedule: .timesPerWeek(Int.random(in: 1...5, using: &random)),
            weekStart: Weekday.allCases.randomElement(using: &random)!
        )
        let events = daily.events.enumerated().map { index, event in
            // Spread over three weeks.
            StreakEvent(id: event.id, dateCreated: event.dateCreated.addingTimeInterval(-Double(index % 3) * 7 * 86_400), timezone: event.timezone)
        }
        return Case(events: events, configuration: configuration, skips: daily.skips, now: daily.now)
    }

    /// The largest current streak in weeks over every crediting.
    static func bruteForceWeeks(_ input: Case) -> Int {
        let (today, yesterdayOpen, options) = openDaysAndOptions(input)
        let skipped = Set(input.skips.map(\.dayNumber))
        guard case .timesPerWeek(let times) = input.configuration.schedule else { return -1 }
        let all = Weekday.allCases
        func weekStart(_ day: Int) -> Int {
            day - (all.firstIndex(of: CalendarDay(dayNumber: day).dayOfWeek)! - all.firstIndex(of: input.configuration.weekStart)!).floorModulo(7)
        }
        let goal = input.configuration.eventsRequiredPerDay
        let earliest = options.flatMap { $0 }.min() ?? today
        var best = 0
        forEachCrediting(options) { counts in
            var run = 0
            var start = weekStart(today)
            while start + 6 >= earliest {
                let week = start...(start + 6)
                let kept = week.filter { $0 <= today && counts[$0, default: 0] >= goal }
                let skippedNotKept = week.filter { skipped.contains($0) && !kept.contains($0) }.count
                let target = min(times, 7 - skippedNotKept)
                let open = week.upperBound >= today || (yesterdayOpen && week.upperBound == today - 1)
                if target > 0, kept.count >= target { run += 1 } else if target > 0, !open { break }
                start -= 7
            }
            best = max(best, run)
        }
        return best
    }

    /// Rule 4a for weeks: the settled history's streak (the literal reference), which no
    /// crediting at all beats.
    @Test(arguments: Array(UInt64(1)...1500))
    func theWeeklyStreakIsTheSettledOneAndNoCreditingGivesMore(seed: UInt64) {
        let input = Self.weeklyHistory(seed: seed)
        let evaluation = StreakCalculator.evaluate(
            events: input.events, configuration: input.configuration, currentDate: input.now, timezone: Self.zone, skips: input.skips
        )
        let reference = ReferenceStreak(ReferenceStreak.Input(
            events: input.events, freezes: [], configuration: input.configuration, skips: Set(input.skips.map(\.dayNumber)), now: input.now
        )).results()
        #expect(reference.contains { $0.current == evaluation.streak.currentStreak }, "seed \(seed)")
        #expect(
            (evaluation.streak.currentStreak ?? 0) <= Self.bruteForceWeeks(input),
            "seed \(seed): \(input.configuration.schedule.text) from \(input.configuration.weekStart), goal \(input.configuration.eventsRequiredPerDay), leeway \(input.configuration.leewayHours)"
        )
    }

    /// Rule 4a: the current streak is the settled history's (the literal reference), and no
    /// crediting at all, settled or not, gives a larger one.
    @Test(arguments: Array(UInt64(1)...4000))
    func theCurrentStreakIsTheSettledOneAndNoCreditingGivesMore(seed: UInt64) {
        let input = Self.history(seed: seed)
        let evaluation = StreakCalculator.evaluate(
            events: input.events, configuration: input.configuration, currentDate: input.now, timezone: Self.zone, skips: input.skips
        )
        let reference = ReferenceStreak(ReferenceStreak.Input(
            events: input.events, freezes: [], configuration: input.configuration, skips: Set(input.skips.map(\.dayNumber)), now: input.now
        )).results()
        let described = "seed \(seed): \(input.configuration.schedule.text), leeway \(input.configuration.leewayHours)"
        #expect(reference.contains { $0.current == evaluation.streak.currentStreak }, "\(described)")
        #expect((evaluation.streak.currentStreak ?? 0) <= Self.bruteForceCurrent(input), "\(described)")
    }
}

extension Calendar {
    /// Gregorian in New York, for building local instants.
    static let newYork: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .newYork
        return calendar
    }()
}


