import Foundation
@testable import SwiftfulGamification
import GamificationSupport

extension TimeZone {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let london = TimeZone(identifier: "Europe/London")!
    static let sydney = TimeZone(identifier: "Australia/Sydney")!
    static let utc = TimeZone(identifier: "UTC")!
}

/// The wall-clock instant "YYYY-MM-DD HH:MM[:SS]" in `zone`.
func at(_ text: String, _ zone: TimeZone = .newYork) -> Date {
    let parts = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let components = DateComponents(
        year: parts[0], month: parts[1], day: parts[2],
        hour: parts.count > 3 ? parts[3] : 0, minute: parts.count > 4 ? parts[4] : 0, second: parts.count > 5 ? parts[5] : 0
    )
    return calendar.date(from: components)!
}

/// A regular event at local time `text` logged in `zone`.
func event(_ text: String, _ zone: TimeZone = .newYork, id: String? = nil) -> StreakEvent {
    StreakEvent(id: id ?? UUID().uuidString, dateCreated: at(text, zone), timezone: zone.identifier)
}

/// `count` events at local time `text`.
func events(_ count: Int, _ text: String, _ zone: TimeZone = .newYork) -> [StreakEvent] {
    (0..<count).map { _ in event(text, zone) }
}

func freeze(_ id: String = "f1", earned: String?, expires: String? = nil, used: String? = nil, _ zone: TimeZone = .newYork) -> StreakFreeze {
    StreakFreeze(id: id, dateEarned: earned.map { at($0, zone) }, dateUsed: used.map { at($0, zone) }, dateExpires: expires.map { at($0, zone) })
}

func config(goal: Int = 1, leeway: Int = 0, freezes: FreezeBehavior = .noFreezes, key: String = "daily") -> StreakConfiguration {
    StreakConfiguration(streakKey: key, eventsRequiredPerDay: goal, leewayHours: leeway, freezeBehavior: freezes)
}

/// Runs the calculator with New York as the default current zone.
func calculate(
    _ events: [StreakEvent],
    freezes: [StreakFreeze] = [],
    goal: Int = 1,
    leeway: Int = 0,
    behavior: FreezeBehavior = .noFreezes,
    now: String,
    zone: TimeZone = .newYork,
    schedule: [StreakGoalChange] = []
) -> StreakEvaluation {
    StreakCalculator.evaluate(
        events: events, freezes: freezes, configuration: config(goal: goal, leeway: leeway, freezes: behavior),
        currentDate: at(now, zone), timezone: zone, goalSchedule: schedule
    )
}

func day(_ text: String) -> CalendarDay {
    let parts = text.split(separator: "-").map { Int($0)! }
    return CalendarDay(year: parts[0], month: parts[1], day: parts[2])
}

/// Foundation's JSON coders with dates as whole microseconds, as the stores write them.
func microsecondJSONEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(date.microsecondsSince1970)
    }
    return encoder
}

func microsecondJSONDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in Date(microseconds: try decoder.singleValueContainer().decode(Int.self)) }
    return decoder
}

/// Up to 60 events at random over the 90 days from `start`, every third with metadata whose
/// strings need escaping in JSON.
func randomEvents(_ round: Int, from start: Date, zone: TimeZone, using random: inout SeededGenerator) -> [StreakEvent] {
    (0..<Int.random(in: 0...60, using: &random)).map { index in
        StreakEvent(
            id: "e\(round)-\(index)", dateCreated: start.addingTimeInterval(Double(Int.random(in: 0..<(90 * 86_400), using: &random))),
            timezone: zone.identifier,
            metadata: index % 3 == 0 ? ["note": .string("run \"\(index)\"\n\\/é🔥"), "km": .double(5.25), "n": .int(-3), "ok": .bool(true)] : [:]
        )
    }
}
