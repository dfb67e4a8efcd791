import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// Rule 11's leeway changes against `ReferenceStreak`: the random histories of the counting
/// and the amount property tests, with the leeway changed once to three times along the way
/// (0 to 24 hours, each from its day on) and events logged at the very second a day closes
/// (the leeway's hour, and midnight), where a day's and the next day's leeways meet. Every
/// field is compared; each case prints its seed and both answers on failure.
struct ReferenceLeewayPropertyTests {
    static let zone = ReferenceStreak.zone

    static func input(seed: UInt64) -> ReferenceStreak.Input {
        var input = seed.isMultiple(of: 2) ? ReferencePropertyTests.input(seed: seed) : ReferenceAmountPropertyTests.input(seed: seed)
        var random = SeededGenerator(seed: seed &* 0xA24B_AED4_963E_E407 &+ 5)
        let today = CalendarDay(containing: input.now, in: zone).dayNumber
        let configuration = input.configuration
        // Changes dated at any hour of a day in the last three weeks; some keep the configuration's leeway.
        let changes = (0..<Int.random(in: 1...3, using: &random)).map { _ -> StreakGoalChange in
            let day = today - Int.random(in: 0...20, using: &random)
            let hours: Int? = Int.random(in: 0..<5, using: &random) == 0 ? nil : [0, 1, 3, 6, 12, 13, 23, 24].randomElement(using: &random)!
            let date = min(CalendarDay(dayNumber: day).startDate(in: zone).addingTimeInterval(Double(Int.random(in: 0..<24, using: &random) * 3_600)), input.now)
            return StreakGoalChange(date: date, eventsRequiredPerDay: configuration.eventsRequiredPerDay, leewayHours: hours)
        }
        input.goalSchedule = (input.goalSchedule + changes).sorted { $0.date < $1.date }
        let reference = ReferenceStreak(input)
        // Events at the second a day closes: its next day's leeway hour, or midnight.
        for index in 0..<Int.random(in: 0...3, using: &random) {
            let day = today - Int.random(in: 0...20, using: &random)
            let hour = Bool.random(using: &random) ? 0 : reference.leeway(on: day) % 24
            let date = reference.wallClock(day, hour: hour)
            guard date <= input.now else { continue }
            let amount: Double? = configuration.target == nil || configuration.target == .trackingOnly ? nil : [0.5, 1, 2].randomElement(using: &random)!
            input.events.append(StreakEvent(id: "b\(index)", dateCreated: date, timezone: zone.identifier, amount: amount))
        }
        return input
    }

    static func describe(_ input: ReferenceStreak.Input) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        return "leeway changes "
            + input.goalSchedule.map { "\(formatter.string(from: $0.date)) \($0.leewayHours.map { "\($0)h" } ?? "-")" }.joined(separator: ", ")
            + "; " + ReferenceAmountPropertyTests.describe(input)
    }

    static let seeds = ReferenceStreak.seeds(default: 1_500)

    @Test(arguments: Array(seeds))
    func everyFieldMatchesTheBruteForceReference(seed: UInt64) {
        let input = Self.input(seed: seed)
        let mismatch = ReferenceStreak.mismatch(seed: seed, input, described: Self.describe(input))
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
