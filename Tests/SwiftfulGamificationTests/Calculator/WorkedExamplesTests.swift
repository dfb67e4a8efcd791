import Foundation
import Testing
@testable import SwiftfulGamification

/// Every row of the worked-examples table in STREAK_RULES.md (America/New_York, 2024).
struct WorkedExamplesTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let events: @Sendable () -> [StreakEvent]
        var goal = 1
        var leeway = 0
        var freezes: [StreakFreeze] = []
        var behavior: FreezeBehavior = .noFreezes
        let now: String
        var zone: TimeZone = .newYork
        let current: Int
        let longest: Int
        let status: StreakStatus
        var freezesLeft: Int?
        var freezesNeeded: Int?
        var todayCount: Int?

        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "New York and Los Angeles events on one day, now in LA",
            events: { [event("2024-01-10 23:00", .newYork), event("2024-01-10 21:00", .losAngeles)] },
            now: "2024-01-10 22:00", zone: .losAngeles, current: 1, longest: 1, status: .active(daysSinceLastEvent: 0)),
        Row(name: "a second either side of midnight is two days",
            events: { [event("2024-01-01 23:59:59"), event("2024-01-02 00:00:01")] },
            now: "2024-01-02 12:00", current: 2, longest: 2, status: .active(daysSinceLastEvent: 0)),
        Row(name: "spring forward day counts as one day",
            events: { [event("2024-03-09 23:00"), event("2024-03-10 23:00")] },
            now: "2024-03-10 23:30", current: 2, longest: 2, status: .active(daysSinceLastEvent: 0)),
        Row(name: "leeway credits 02:00 to the day before",
            events: { [event("2024-01-01 12:00"), event("2024-01-03 02:00")] }, leeway: 3,
            now: "2024-01-03 10:00", current: 2, longest: 2, status: .atRisk, todayCount: 0),
        Row(name: "inside the leeway yesterday can still be kept",
            events: { [event("2024-01-01 12:00")] }, leeway: 3,
            now: "2024-01-03 02:00", current: 1, longest: 1, status: .canExtendWithLeeway),
        Row(name: "leeway over: broken",
            events: { [event("2024-01-01 12:00")] }, leeway: 3,
            now: "2024-01-03 03:00", current: 0, longest: 1, status: .broken(daysSinceLastEvent: 2)),
        Row(name: "auto freeze bridges yesterday",
            events: { [event("2024-01-01 12:00"), event("2024-01-02 12:00")] },
            freezes: [freeze(earned: "2023-12-01 00:00")], behavior: .autoConsumeFreezes,
            now: "2024-01-04 09:00", current: 2, longest: 2, status: .atRisk, freezesLeft: 0),
        Row(name: "a freeze earned after the missed day cannot bridge it",
            events: { [event("2024-01-01 12:00"), event("2024-01-02 12:00")] },
            freezes: [freeze(earned: "2024-01-04 08:00")], behavior: .autoConsumeFreezes,
            now: "2024-01-04 09:00", current: 0, longest: 2, status: .broken(daysSinceLastEvent: 2), freezesLeft: 1),
        Row(name: "auto freeze bridges a day between kept days",
            events: { [event("2024-01-01 12:00"), event("2024-01-03 12:00")] },
            freezes: [freeze(earned: "2023-12-01 00:00")], behavior: .autoConsumeFreezes,
            now: "2024-01-03 13:00", current: 2, longest: 2, status: .active(daysSinceLastEvent: 0), freezesLeft: 0),
        Row(name: "one freeze bridges the first missed day as it settles; the second ends the run",
            events: { [event("2024-01-01 12:00"), event("2024-01-04 12:00")] },
            freezes: [freeze(earned: "2023-12-01 00:00")], behavior: .autoConsumeFreezes,
            now: "2024-01-04 13:00", current: 1, longest: 1, status: .active(daysSinceLastEvent: 0), freezesLeft: 0),
        Row(name: "manual mode reports the freezes needed",
            events: { [event("2024-01-01 12:00"), event("2024-01-02 12:00")] },
            freezes: [freeze(earned: "2023-12-01 00:00")], behavior: .manuallyConsumeFreezes,
            now: "2024-01-05 09:00", current: 0, longest: 2, status: .broken(daysSinceLastEvent: 3), freezesNeeded: 2),
        Row(name: "goal of three, today one of three",
            events: { events(3, "2024-01-01 09:00") + events(3, "2024-01-02 09:00") + events(1, "2024-01-03 09:00") }, goal: 3,
            now: "2024-01-03 12:00", current: 2, longest: 2, status: .atRisk, todayCount: 1),
        Row(name: "goal of two with a freeze between",
            events: { events(2, "2024-01-01 09:00") + events(2, "2024-01-03 09:00") }, goal: 2,
            freezes: [freeze(earned: "2023-12-01 00:00")], behavior: .autoConsumeFreezes,
            now: "2024-01-03 12:00", current: 2, longest: 2, status: .active(daysSinceLastEvent: 0), freezesLeft: 0),
        Row(name: "leeway 24 with one event",
            events: { [event("2024-01-03 12:00")] }, leeway: 24,
            now: "2024-01-03 13:00", current: 1, longest: 1, status: .active(daysSinceLastEvent: 0)),
        Row(name: "Tokyo's tomorrow counts as today in Los Angeles",
            events: { [event("2024-01-09 08:00", .tokyo)] },
            now: "2024-01-08 18:00", zone: .losAngeles, current: 1, longest: 1, status: .active(daysSinceLastEvent: 0)),
        Row(name: "rule 4a: each night's floss stays on its night",
            events: { [event("2024-01-01 23:00"), event("2024-01-03 00:30"), event("2024-01-04 00:30")] }, leeway: 3,
            now: "2024-01-04 12:00", current: 3, longest: 3, status: .atRisk, todayCount: 0),
        Row(name: "rule 4a: late nights two days apart never made a run of two",
            events: { [event("2024-01-01 23:30"), event("2024-01-03 23:30"), event("2024-01-05 23:30")] }, leeway: 3,
            now: "2024-01-10 12:00", current: 0, longest: 1, status: .broken(daysSinceLastEvent: 5)),
        Row(name: "longest run earlier in history",
            events: { ["01", "02", "03", "04", "05", "08", "09"].map { event("2024-01-\($0) 12:00") } },
            now: "2024-01-09 13:00", current: 2, longest: 5, status: .active(daysSinceLastEvent: 0)),
    ]

    @Test(arguments: rows)
    func row(_ row: Row) {
        let result = calculate(
            row.events(), freezes: row.freezes, goal: row.goal, leeway: row.leeway,
            behavior: row.behavior, now: row.now, zone: row.zone
        ).streak
        #expect(result.currentStreak == row.current)
        #expect(result.longestStreak == row.longest)
        #expect(result.status == row.status)
        if let freezesLeft = row.freezesLeft { #expect(result.freezesAvailableCount == freezesLeft) }
        if let freezesNeeded = row.freezesNeeded { #expect(result.freezesNeededToSaveStreak == freezesNeeded) }
        if let todayCount = row.todayCount { #expect(result.todayEventCount == todayCount) }
    }
}
