import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 10's inputs: amounts kept to 0.001 and summed exactly, targets, units and their
/// validation, and how configurations with them are written.
struct AmountModelTests {
    @Test func amountsAreRoundedToThousandthsWhenTheyEnterTheLibrary() {
        #expect(StreakEvent(amount: 1.23456).amount == 1.235)
        #expect(StreakEvent(amount: 0.0004).amount == 0)
        #expect(StreakEvent().amount == nil)
        #expect(StreakEvent().amountThousandths == 1_000)
        #expect(StreakEvent(amount: 0.1).amountThousandths == 100)
    }

    @Test func tenTimesATenthSumsToExactlyOne() {
        let sum = (0..<10).map { _ in StreakEvent(amount: 0.1).amountThousandths }.reduce(0, +)
        #expect(sum == 1_000)
        #expect(StreakAmount.text(thousandths: sum) == "1")
    }

    @Test func amountsReadAndPrintAsPeopleWriteThem() {
        #expect(StreakAmount.text(4.2) == "4.2")
        #expect(StreakAmount.text(0.001) == "0.001")
        #expect(StreakAmount.text(5) == "5")
        #expect(StreakAmount.text(thousandths: 12_500) == "12.5")
        #expect(StreakAmount.parse("5,2") == 5.2)
        #expect(StreakAmount.parse(".5") == 0.5)
        #expect(StreakAmount.parse("-1") == nil)
        #expect(StreakAmount.parse("1e3") == nil)
        #expect(StreakAmount.parse("five") == nil)
        #expect(StreakAmount.parse("1.2.3") == nil)
    }

    @Test(arguments: [-1.0, .nan, .infinity, 1e9 + 1])
    func badAmountsAreRefusedNamingTheValue(_ value: Double) {
        let event = StreakEvent(dateCreated: Date(timeIntervalSince1970: 1_700_000_000), timezone: "UTC", amount: value)
        #expect(throws: StreakRuleError.self) { try event.validate(now: Date(timeIntervalSince1970: 1_800_000_000)) }
        let message = StreakRuleError.invalidAmount(value).localizedDescription
        #expect(message.contains(value.isFinite ? StreakAmount.text(value) : "\(value)"))
    }

    @Test func targetsAreValidatedByDirection() throws {
        try StreakTarget.atMost(0, per: .day).validate()
        try StreakTarget.atLeast(0.001, per: .week).validate()
        #expect(throws: StreakRuleError.invalidTarget(0)) { try StreakTarget.atLeast(0, per: .day).validate() }
        #expect(throws: StreakRuleError.self) { try StreakTarget.atMost(-1, per: .day).validate() }
        #expect(throws: StreakRuleError.self) { try StreakTarget.atLeast(.nan, per: .day).validate() }
        #expect(throws: StreakRuleError.self) { try StreakTarget.atLeast(2e9, per: .day).validate() }
    }

    @Test func aLimitWithTimesPerWeekAndAWeeklyTargetOnWeekdaysAreRefused() {
        #expect(throws: StreakRuleError.self) {
            try StreakConfiguration.validated(streakKey: "coffee", schedule: .timesPerWeek(3), target: .atMost(2, per: .day))
        }
        #expect(throws: StreakRuleError.self) {
            try StreakConfiguration.validated(streakKey: "run", schedule: .weekdays([.monday]), target: .atLeast(20, per: .week))
        }
        // Rule 10: "run >= 5 km, 3 days a week" is allowed.
        #expect((try? StreakConfiguration.validated(streakKey: "run", schedule: .timesPerWeek(3), target: .atLeast(5, per: .day))) != nil)
    }

    @Test func unitsAreShortLabels() {
        #expect(throws: StreakRuleError.self) { try StreakConfiguration.validated(streakKey: "run", unit: " ") }
        #expect(throws: StreakRuleError.self) { try StreakConfiguration.validated(streakKey: "run", unit: String(repeating: "k", count: 25)) }
        #expect(throws: StreakRuleError.self) { try StreakConfiguration.validated(streakKey: "run", unit: "k\nm") }
    }

    @Test func aConfigurationWithATargetRoundTripsAndOldOnesDecodeWithout() throws {
        let configuration = StreakConfiguration(
            streakKey: "run", target: .atLeast(5.2, per: .week), unit: "km", startDay: CalendarDay(year: 2024, month: 3, day: 1)
        )
        let json = try ModelCodingTests.json(configuration)
        #expect(json["unit"] as? String == "km")
        #expect(json["start_day"] as? String == "2024-03-01")
        let target = try #require(json["target"] as? [String: Any])
        #expect(target["kind"] as? String == "at_least")
        #expect(target["amount"] as? Double == 5.2)
        #expect(target["per"] as? String == "week")
        let decoded = try JSONDecoder().decode(StreakConfiguration.self, from: JSONEncoder().encode(configuration))
        #expect(decoded == configuration)
        let old = try ModelCodingTests.decode(StreakConfiguration.self, #"{"streak_id":"read","events_required_per_day":2}"#)
        #expect(old.target == nil && old.unit == nil && old.startDay == nil)
        #expect(old.effectiveTarget == .atLeast(2, per: .day))
        #expect(throws: DecodingError.self) {
            try ModelCodingTests.decode(StreakConfiguration.self, #"{"streak_id":"x","target":{"kind":"at_least","amount":-2}}"#)
        }
    }

    @Test func anEventsAmountIsWrittenOnlyWhenItHasOne() throws {
        let plain = try ModelCodingTests.json(StreakEvent(id: "a", dateCreated: Date(timeIntervalSince1970: 0), timezone: "UTC"))
        #expect(plain["amount"] == nil)
        let measured = StreakEvent(id: "b", dateCreated: Date(timeIntervalSince1970: 0), timezone: "UTC", amount: 5.2)
        #expect(try ModelCodingTests.json(measured)["amount"] as? Double == 5.2)
        #expect(try JSONDecoder().decode(StreakEvent.self, from: JSONEncoder().encode(measured)) == measured)
    }

    @Test func notesAreOneLineOfAtMostAThousandCharacters() throws {
        try StreakNote(day: CalendarDay(year: 2024, month: 1, day: 1), text: "knee hurt").validate()
        #expect(throws: StreakRuleError.invalidNote(length: 0)) { try StreakNote(day: CalendarDay(dayNumber: 0), text: "  ").validate() }
        #expect(throws: StreakRuleError.invalidNote(length: 1_001)) {
            try StreakNote(day: CalendarDay(dayNumber: 0), text: String(repeating: "a", count: 1_001)).validate()
        }
        #expect(throws: StreakRuleError.controlCharacter("note")) { try StreakNote(day: CalendarDay(dayNumber: 0), text: "a\nb").validate() }
        let json = try ModelCodingTests.json(StreakNote(day: CalendarDay(year: 2024, month: 1, day: 2), text: "x"))
        #expect(json["day"] as? String == "2024-01-02")
    }
}
