import Foundation
import GamificationSupport
import StreakDashboard
import SwiftfulGamification

/// The zone the demo streaks live in.
public let demoZone = TimeZone(identifier: "America/New_York")!

/// The instant "YYYY-MM-DD HH:MM" in the demo zone.
public func demoDate(_ text: String) -> Date {
    let parts = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = demoZone
    return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts.count > 3 ? parts[3] : 0, minute: parts.count > 4 ? parts[4] : 0))!
}

/// A streak's stored form: what a store would hold for it.
public struct DemoHistory: Sendable {
    public let configuration: StreakConfiguration
    public let events: [StreakEvent]
    public let freezes: [StreakFreeze]
    /// Skipped days (rule 9).
    public var skips: [CalendarDay] = []

    public init(configuration: StreakConfiguration, events: [StreakEvent], freezes: [StreakFreeze], skips: [CalendarDay] = []) {
        self.configuration = configuration
        self.events = events
        self.freezes = freezes
        self.skips = skips
    }
}

/// Demo streaks with a pinned clock, built through the real calculator: the fixtures of the
/// snapshot tests, the screenshots and the benchmarks.
public enum DemoStreaks {
    public static let now = demoDate("2024-06-14 15:30")
    static let today = CalendarDay(year: 2024, month: 6, day: 14)

    /// Five streaks over three years: a long daily streak with freezes, a goal streak at
    /// risk, a broken one that freezes could restore, a goal kept today, a young one.
    public static func fiveStreaks() -> [DemoHistory] {
        // In the order given, as a person would have arranged them.
        [longHistory(), pushupsHistory(), readingHistory(), waterHistory(), journalHistory()].enumerated().map { index, history in
            DemoHistory(
                configuration: history.configuration.placed(group: nil, position: Double(index + 1)),
                events: history.events, freezes: history.freezes, skips: history.skips
            )
        }
    }

    /// Three years of a daily streak (goal 1, 3 h leeway, auto freezes): one to four events a
    /// day, a few missed days and frozen days, a 64-day current run.
    public static func longHistory() -> DemoHistory {
        var random = SeededGenerator(seed: 7)
        let start = CalendarDay(year: 2021, month: 6, day: 20)
        var events: [StreakEvent] = []
        for offset in 0...(today.dayNumber - start.dayNumber) {
            let day = start.adding(days: offset)
            let age = today.dayNumber - day.dayNumber
            if age > 64, day.dayNumber % 37 == 0 || day.dayNumber % 53 == 0 || random.next() % 40 == 0 { continue }
            if age > 0, age < 60, day.dayNumber % 41 == 0 {
                events.append(StreakEvent(id: "fz\(offset)", dateCreated: demoDate("\(day) 12:00"), timezone: demoZone.identifier, isFreeze: true, freezeId: "old\(offset)"))
                continue
            }
            let count = 1 + Int(random.next() % 4) / (random.next() % 3 == 0 ? 1 : 2)
            for n in 0..<count {
                events.append(StreakEvent(
                    id: "e\(offset)-\(n)", dateCreated: demoDate("\(day) \(7 + 3 * n):15"), timezone: demoZone.identifier,
                    metadata: n == 0 ? ["minutes": .int(20 + offset % 40)] : [:]
                ))
            }
        }
        // One event of the day before counted by the leeway: logged 01:30 on 06-13.
        events.append(StreakEvent(id: "late", dateCreated: demoDate("2024-06-13 01:30"), timezone: demoZone.identifier, metadata: ["note": "after midnight"]))
        return DemoHistory(
            configuration: StreakConfiguration(streakKey: "daily", leewayHours: 3, freezeBehavior: .autoConsumeFreezes),
            events: events,
            freezes: [StreakFreeze(id: "spare", dateEarned: demoDate("2024-05-01 09:00")), StreakFreeze(id: "used", dateEarned: demoDate("2024-04-01 09:00"), dateUsed: demoDate("2024-05-20 09:00"))]
        )
    }

    /// Three a day for three years, often two; today one of three so far.
    public static func pushupsHistory() -> DemoHistory {
        var random = SeededGenerator(seed: 11)
        let start = CalendarDay(year: 2021, month: 7, day: 1)
        var events: [StreakEvent] = []
        for offset in 0..<(today.dayNumber - start.dayNumber) {
            let day = start.adding(days: offset)
            let count = [3, 3, 3, 3, 2, 1, 4, 0][Int(random.next() % 8)]
            for n in 0..<count {
                events.append(StreakEvent(id: "p\(offset)-\(n)", dateCreated: demoDate("\(day) \(8 + 4 * n):00"), timezone: demoZone.identifier))
            }
        }
        for back in 1...9 {
            let day = today.adding(days: -back)
            for n in 0..<3 { events.append(StreakEvent(id: "recent\(back)-\(n)", dateCreated: demoDate("\(day) \(9 + n):30"), timezone: demoZone.identifier)) }
        }
        events.append(StreakEvent(id: "today", dateCreated: demoDate("2024-06-14 08:00"), timezone: demoZone.identifier, metadata: ["reps": .int(25)]))
        return DemoHistory(
            configuration: StreakConfiguration(streakKey: "pushups", eventsRequiredPerDay: 3, freezeBehavior: .manuallyConsumeFreezes),
            events: events, freezes: [StreakFreeze(id: "f1", dateEarned: demoDate("2024-06-01 09:00"))]
        )
    }

    /// Kept two years to 06-10, then missed 06-11 through 06-13: manual freezes, 3 needed, 4 available.
    public static func readingHistory() -> DemoHistory {
        let start = CalendarDay(year: 2022, month: 5, day: 1)
        var events: [StreakEvent] = []
        for offset in 0...(CalendarDay(year: 2024, month: 6, day: 10).dayNumber - start.dayNumber) {
            let day = start.adding(days: offset)
            if day.dayNumber % 29 == 0, day < CalendarDay(year: 2024, month: 4, day: 1) { continue }
            events.append(StreakEvent(id: "r\(offset)", dateCreated: demoDate("\(day) 21:00"), timezone: demoZone.identifier, metadata: ["pages": .int(10 + offset % 30)]))
        }
        return DemoHistory(
            configuration: StreakConfiguration(streakKey: "reading", freezeBehavior: .manuallyConsumeFreezes),
            events: events, freezes: (1...4).map { StreakFreeze(id: "m\($0)", dateEarned: demoDate("2024-05-0\($0) 09:00")) }
        )
    }

    /// The gym three times a week for a year (weeks from Monday), mostly Mon/Wed/Fri, a
    /// two-week holiday skipped at New Year, and this week 2 of 3 so far.
    public static func gymHistory() -> DemoHistory {
        var random = SeededGenerator(seed: 7)
        let start = CalendarDay(year: 2023, month: 6, day: 5)
        let holiday = CalendarDay(year: 2023, month: 12, day: 23)...CalendarDay(year: 2024, month: 1, day: 5)
        var events: [StreakEvent] = []
        for offset in 0..<(today.dayNumber - start.dayNumber) {
            let day = start.adding(days: offset)
            guard !holiday.contains(day) else { continue }
            let usual: Set<Weekday> = [.monday, .wednesday, .friday]
            let goes = usual.contains(day.dayOfWeek) ? random.next() % 10 != 0 : random.next() % 8 == 0
            if goes { events.append(StreakEvent(id: "g\(offset)", dateCreated: demoDate("\(day) 18:30"), timezone: demoZone.identifier)) }
        }
        return DemoHistory(
            configuration: StreakConfiguration(streakKey: "gym", freezeBehavior: .autoConsumeFreezes, schedule: .timesPerWeek(3)),
            events: events, freezes: [], skips: holiday.days
        )
    }

    /// Rule 12: plants watered every 3 days for a year and a half (a week away in March
    /// skipped), last on Wednesday: due again by Saturday.
    public static func plantsHistory() -> DemoHistory {
        var random = SeededGenerator(seed: 12)
        let start = CalendarDay(year: 2023, month: 1, day: 2)
        let away = CalendarDay(year: 2024, month: 3, day: 9)...CalendarDay(year: 2024, month: 3, day: 16)
        var events: [StreakEvent] = []
        var day = start
        while day < today {
            if !away.contains(day) {
                events.append(StreakEvent(id: "p\(day.dayNumber)", dateCreated: demoDate("\(day) 19:\(10 + random.next() % 40)"), timezone: demoZone.identifier))
            }
            // Mostly every third day, now and then a day early; twice a window missed long ago.
            let gap = day.dayNumber % 97 == 0 && day < CalendarDay(year: 2023, month: 12, day: 1) ? 5 : random.next() % 4 == 0 ? 2 : 3
            day = day.adding(days: gap)
        }
        return DemoHistory(
            configuration: StreakConfiguration(streakKey: "plants", freezeBehavior: .noFreezes, schedule: .rolling(times: 1, days: 3)).titled("Water the plants"),
            events: events, freezes: [], skips: away.days
        )
    }

    /// Rule 12: a call to mum once a month since 2022, one month missed, June's not made yet.
    public static func callMumHistory() -> DemoHistory {
        var events: [StreakEvent] = []
        for month in 0..<29 {
            let first = CalendarDay(year: 2022 + (month + 1) / 12, month: (month + 1) % 12 + 1, day: 1)
            guard first < today.firstOfMonth, first != CalendarDay(year: 2023, month: 5, day: 1) else { continue }
            let day = first.adding(days: (month * 7) % 25)
            events.append(StreakEvent(id: "m\(month)", dateCreated: demoDate("\(day) 18:05"), timezone: demoZone.identifier))
        }
        return DemoHistory(
            configuration: StreakConfiguration(streakKey: "mum", freezeBehavior: .noFreezes, schedule: .timesPerMonth(1)).titled("Call mum"),
            events: events, freezes: []
        )
    }

    /// Eight glasses a day for a year, kept today.
    public static func waterHistory() -> DemoHistory {
        let start = CalendarDay(year: 2023, month: 6, day: 1)
        var events: [StreakEvent] = []
        for offset in 0...(today.dayNumber - start.dayNumber) {
            let day = start.adding(days: offset)
            let glasses = day == today ? 8 : (offset % 9 == 0 ? 6 : 8)
            for n in 0..<glasses {
                let hour = day == today ? 7 + n : 8 + n
                events.append(StreakEvent(id: "w\(offset)-\(n)", dateCreated: demoDate("\(day) \(hour):10"), timezone: demoZone.identifier))
            }
        }
        return DemoHistory(configuration: StreakConfiguration(streakKey: "water", eventsRequiredPerDay: 8, freezeBehavior: .noFreezes), events: events, freezes: [])
    }

    /// Started ten days ago, logged once a day, not yet today; written while travelling.
    public static func journalHistory() -> DemoHistory {
        let events = (1...10).map { back in
            StreakEvent(id: "j\(back)", dateCreated: demoDate("\(today.adding(days: -back)) 22:30"), timezone: back == 3 ? "Europe/Lisbon" : demoZone.identifier)
        }
        return DemoHistory(configuration: StreakConfiguration(streakKey: "journal", leewayHours: 2, freezeBehavior: .autoConsumeFreezes), events: events, freezes: [])
    }

    /// Running at least 5 km a day since February (rule 10), 3.2 km so far today after a
    /// month kept; earlier, some days missed or short of the target.
    public static func distanceHistory() -> DemoHistory {
        let start = CalendarDay(year: 2024, month: 2, day: 1)
        var random = SeededGenerator(seed: 11)
        var events: [StreakEvent] = []
        for offset in 0...(today.dayNumber - start.dayNumber) {
            let day = start.adding(days: offset)
            let age = today.dayNumber - day.dayNumber
            if age > 30, random.next() % 9 == 0 { continue }
            // The last month all kept; before it, some days short of 5 km.
            let kilometres = day == today ? 3.2 : (age <= 30 ? 5 : 3.5) + Double(random.next() % 4_000) / 1_000
            events.append(StreakEvent(id: "d\(offset)", dateCreated: demoDate("\(day) 07:05"), timezone: demoZone.identifier, amount: kilometres))
        }
        return DemoHistory(
            configuration: StreakConfiguration(streakKey: "distance", freezeBehavior: .noFreezes, target: .atLeast(5, per: .day), unit: "km")
                .titled("Run 5 km"),
            events: events, freezes: []
        )
    }

    /// Weighing in most mornings since last autumn (tracking only, the day's last reading,
    /// rule 13), some evenings too; from about 84 kg down to 79, not weighed yet today.
    public static func weightHistory() -> DemoHistory {
        let start = CalendarDay(year: 2023, month: 10, day: 1)
        var random = SeededGenerator(seed: 23)
        var events: [StreakEvent] = []
        var weight = 84.0
        for offset in 0..<(today.dayNumber - start.dayNumber) {
            let day = start.adding(days: offset)
            weight += Double(Int(random.next() % 600) - 320) / 1_000 + (79 - weight) * 0.01
            guard random.next() % 5 != 0 else { continue }
            let noise = Double(Int(random.next() % 800) - 400) / 1_000
            events.append(StreakEvent(id: "w\(offset)", dateCreated: demoDate("\(day) 07:10"), timezone: demoZone.identifier, amount: (10 * (weight + noise)).rounded() / 10))
            if random.next() % 3 == 0 {
                events.append(StreakEvent(id: "w\(offset)e", dateCreated: demoDate("\(day) 21:40"), timezone: demoZone.identifier, amount: (10 * (weight + 0.9)).rounded() / 10))
            }
        }
        return DemoHistory(
            configuration: StreakConfiguration(streakKey: "weight", freezeBehavior: .noFreezes, target: .trackingOnly, unit: "kg").measured(by: .last),
            events: events, freezes: []
        )
    }

    /// At most 2 coffees a day since the start of the year (a limit), 1 so far today; over
    /// the limit on three days in spring.
    public static func coffeeHistory() -> DemoHistory {
        let start = CalendarDay(year: 2024, month: 1, day: 1)
        var events: [StreakEvent] = []
        for offset in 0...(today.dayNumber - start.dayNumber) {
            let day = start.adding(days: offset)
            let cups = day == today ? 1 : [40, 77, 120].contains(offset) ? 3 : offset % 4 == 0 ? 1 : 2
            for cup in 0..<cups {
                events.append(StreakEvent(id: "c\(offset)-\(cup)", dateCreated: demoDate("\(day) \(8 + cup * 4):15"), timezone: demoZone.identifier))
            }
        }
        return DemoHistory(
            configuration: StreakConfiguration(streakKey: "coffee", freezeBehavior: .noFreezes, target: .atMost(2, per: .day), startDay: start)
                .titled("At most 2 coffees"),
            events: events, freezes: []
        )
    }

    /// The calculator's view of a history at the demo clock.
    public static func view(_ history: DemoHistory) -> StreakView {
        let evaluation = StreakCalculator.evaluate(
            events: history.events, freezes: history.freezes, configuration: history.configuration,
            currentDate: now, timezone: demoZone, skips: history.skips
        )
        return StreakView(key: history.configuration.streakKey, evaluation: evaluation)
    }

    /// A dashboard showing `histories` (the first selected) at `width`x`height`.
    public static func state(_ histories: [DemoHistory], width: Int = 80, height: Int = 24, ascii: Bool = false) -> DashboardState {
        let views = histories.map(view)
        var state = DashboardState(
            keys: views.map(\.key), now: now, zone: demoZone, themeNames: ["default", "light"], ascii: ascii, width: width, height: height
        )
        for view in views { state = Reducer.reduce(state, .streakUpdated(view)).0 }
        return state
    }

    /// `count` generated streaks (for the render benchmark with many streaks).
    public static func many(_ count: Int) -> [DemoHistory] {
        let base = [longHistory(), pushupsHistory(), readingHistory(), waterHistory(), journalHistory()]
        return (0..<count).map { index in
            let history = base[index % base.count]
            let configuration = history.configuration.with(eventsRequiredPerDay: history.configuration.eventsRequiredPerDay)
            let key = "\(configuration.streakKey)_\(index)"
            return DemoHistory(
                configuration: StreakConfiguration(
                    streakKey: key, eventsRequiredPerDay: configuration.eventsRequiredPerDay,
                    leewayHours: configuration.leewayHours, freezeBehavior: configuration.freezeBehavior
                ),
                events: history.events, freezes: history.freezes
            )
        }
    }
}
