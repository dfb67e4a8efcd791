import Foundation
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

/// Demo streaks with a pinned clock, built through the real calculator: the fixtures of
/// the snapshot tests and of the screenshots.
public enum DemoStreaks {
    public static let now = demoDate("2024-06-14 15:30")

    /// A long daily streak with some frozen days and two earlier gaps.
    public static func longStreak() -> StreakView {
        let (configuration, events, freezes) = longStreakHistory()
        return view("daily", configuration, events, freezes)
    }

    /// The configuration, events and freezes behind `longStreak()`, to load into a store.
    public static func longStreakHistory() -> (StreakConfiguration, [StreakEvent], [StreakFreeze]) {
        var events: [StreakEvent] = []
        var random = DemoRandom(seed: 7)
        let start = CalendarDay(year: 2023, month: 6, day: 20)
        let today = CalendarDay(year: 2024, month: 6, day: 14)
        var frozen: [StreakEvent] = []
        for offset in 0...(today.dayNumber - start.dayNumber) {
            let day = start.adding(days: offset)
            if [day.dayNumber % 37 == 0, day.dayNumber % 53 == 0].contains(true), day < today.adding(days: -60) { continue }
            if day.dayNumber % 41 == 0, day > today.adding(days: -60), day < today {
                frozen.append(StreakEvent(id: "fz\(offset)", dateCreated: demoDate("\(day) 12:00"), timezone: demoZone.identifier, isFreeze: true, freezeId: "old\(offset)"))
                continue
            }
            for n in 0..<(1 + random.next() % 3) {
                events.append(StreakEvent(id: "e\(offset)-\(n)", dateCreated: demoDate("\(day) 0\(7 + n):15"), timezone: demoZone.identifier))
            }
        }
        let configuration = StreakConfiguration(streakKey: "daily", eventsRequiredPerDay: 1, leewayHours: 3, freezeBehavior: .autoConsumeFreezes)
        let freezes = [StreakFreeze(id: "spare", dateEarned: demoDate("2024-05-01 09:00")), StreakFreeze(id: "used", dateEarned: demoDate("2024-04-01 09:00"), dateUsed: demoDate("2024-05-20 09:00"))]
        return (configuration, events + frozen, freezes)
    }

    /// A goal streak (3 a day) with today at 1 of 3.
    public static func goalAtRisk() -> StreakView {
        var events: [StreakEvent] = []
        for offset in 1...20 {
            let day = CalendarDay(year: 2024, month: 6, day: 14).adding(days: -offset)
            for n in 0..<3 { events.append(StreakEvent(id: "g\(offset)-\(n)", dateCreated: demoDate("\(day) 1\(n):00"), timezone: demoZone.identifier)) }
        }
        events.append(StreakEvent(id: "today", dateCreated: demoDate("2024-06-14 08:00"), timezone: demoZone.identifier))
        let configuration = StreakConfiguration(streakKey: "pushups", eventsRequiredPerDay: 3, freezeBehavior: .manuallyConsumeFreezes)
        return view("pushups", configuration, events, [StreakFreeze(id: "f1", dateEarned: demoDate("2024-06-01 09:00"))])
    }

    /// Kept 30 days to 06-10, missed 06-11..06-13, manual freezes: 3 needed, 4 available.
    public static func brokenManual() -> StreakView {
        let events = (4...33).map { offset in
            StreakEvent(id: "b\(offset)", dateCreated: demoDate("\(CalendarDay(year: 2024, month: 6, day: 14).adding(days: -offset)) 19:00"), timezone: demoZone.identifier)
        }
        let freezes = (1...4).map { StreakFreeze(id: "m\($0)", dateEarned: demoDate("2024-05-0\($0) 09:00")) }
        let configuration = StreakConfiguration(streakKey: "reading", freezeBehavior: .manuallyConsumeFreezes)
        return view("reading", configuration, events, freezes)
    }

    public static func view(_ key: String, _ configuration: StreakConfiguration, _ events: [StreakEvent], _ freezes: [StreakFreeze]) -> StreakView {
        let evaluation = StreakCalculator.evaluate(events: events, freezes: freezes, configuration: configuration, currentDate: now, timezone: demoZone)
        return StreakView(key: key, configuration: configuration, evaluation: evaluation, freezes: freezes)
    }

    public static func state(_ view: StreakView, keys: [String]? = nil, width: Int = 80, height: Int = 24, ascii: Bool = false) -> DashboardState {
        var state = DashboardState(keys: keys ?? [view.key], selected: view.key, now: now, zone: demoZone, themeNames: ["default", "light"], ascii: ascii, width: width, height: height)
        state.view = view
        return state
    }
}

struct DemoRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33)
    }
}
