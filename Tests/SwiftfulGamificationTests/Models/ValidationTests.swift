import Foundation
@testable import StreakStoreKit
import Testing
@testable import SwiftfulGamification

struct ValidationTests {
    @Test(arguments: ["daily", "a", "read_10_pages", String(repeating: "x", count: 64)])
    func goodStreakKeys(key: String) throws {
        try StreakValidation.validateStreakKey(key)
    }

    @Test(arguments: ["", "Daily", "two words", "dash-ed", "émoji", String(repeating: "x", count: 65)])
    func badStreakKeys(key: String) {
        #expect(throws: StreakRuleError.invalidStreakKey(key)) { try StreakValidation.validateStreakKey(key) }
    }

    @Test(arguments: ["", "has space", "dot.ted", "ünï"])
    func badMetadataKeys(key: String) {
        #expect(throws: StreakRuleError.invalidMetadataKey(key)) { try StreakValidation.validateMetadataKey(key) }
    }

    @Test func configurationRanges() throws {
        try config(goal: 1, leeway: 0).validate()
        try config(goal: 5, leeway: 24).validate()
        #expect(throws: StreakRuleError.invalidGoal(0)) { try config(goal: 0).validate() }
        #expect(throws: StreakRuleError.invalidLeeway(-1)) { try config(leeway: -1).validate() }
        #expect(throws: StreakRuleError.invalidLeeway(25)) { try StreakConfiguration.validated(streakKey: "x", leewayHours: 25) }
    }

    @Test func calculatorClampsOutOfRangeConfiguration() {
        let result = calculate([event("2024-01-02 12:00")], goal: 0, leeway: 99, now: "2024-01-02 13:00").streak
        #expect(result.currentStreak == 1)
        #expect(result.eventsRequiredPerDay == 1)
    }

    @Test func eventValidationNamesTheProblem() throws {
        let now = at("2024-01-10 12:00")
        try event("2024-01-10 11:00").validate(now: now)
        #expect(throws: StreakRuleError.emptyIdentifier("event")) { try StreakEvent(id: "", dateCreated: now).validate(now: now) }
        #expect(throws: StreakRuleError.invalidTimeZone("PST8PDT-ish")) {
            try StreakEvent(dateCreated: now, timezone: "PST8PDT-ish").validate(now: now)
        }
        #expect(throws: StreakRuleError.eventTooOld(eventDate: at("2023-01-01 00:00"), oldestAllowed: at("2023-06-01 00:00"))) {
            try event("2023-01-01 00:00").validate(now: now, oldestAllowed: at("2023-06-01 00:00"))
        }
    }

    @Test func errorsReadAsSentences() {
        let messages = [
            StreakRuleError.invalidStreakKey("Bad"), .invalidTimeZone("X/Y"), .notEnoughFreezes(needed: 2, available: 1),
            .eventInFuture(eventDate: at("2024-01-10 13:00"), now: at("2024-01-10 12:00")),
        ].map { $0.localizedDescription }
        #expect(messages[0].contains("'Bad'"))
        #expect(messages[1].contains("X/Y"))
        #expect(messages[2] == "Saving this streak needs 2 freezes but only 1 is available.")
        #expect(messages[3].contains("2024-01-10T18:00:00Z"))
    }

    @Test func mocksAreConsistent() {
        let now = at("2024-01-10 12:00")
        #expect(CurrentStreakData.mockKeptToday(now: now).status == .active(daysSinceLastEvent: 0))
        #expect(CurrentStreakData.mockAtRisk(now: now).status == .atRisk)
        #expect(CurrentStreakData.mockGoalBased(eventsRequiredPerDay: 3, todayEventCount: 1, now: now).goalProgress == 1.0 / 3)
        #expect(CurrentStreakData.blank(streakKey: "x").isValid)
        #expect(CurrentStreakData.mock(dateLastEvent: now).isValid)
        #expect(StreakFreeze.mockExpired(now: now).isExpired(at: now))
        #expect(StreakFreeze.mockUnused(now: now).isAvailable(at: now))
        #expect(StreakEvent.mock(daysAgo: 2, now: now, timezone: "UTC").dateCreated == now.addingTimeInterval(-2 * 86_400))
        #expect(StreakEvent.mock().eventParameters["streak_event_metadata_action"] as? String == "test")
        #expect(CurrentStreakData.mockKeptToday(now: now).eventParameters["current_streak_status"] as? String == "active")
    }

    /// One rule for ids in every store: printable text, any script.
    @Test(arguments: ["a", "café ☕", "e-2024-01-05", "with space", String(repeating: "é", count: 128)])
    func goodIdentifiers(id: String) throws {
        try StreakValidation.validateIdentifier(id, of: "event")
        try StreakEvent(id: id, dateCreated: Date(timeIntervalSince1970: 1_700_000_000), timezone: "UTC", freezeId: id).validate(now: .distantFuture)
        try StreakFreeze(id: id).validate()
    }

    @Test(arguments: ["a\u{0}b", "\u{0}", "line\nbreak", "tab\there", "esc\u{1B}[31m", "del\u{7F}"])
    func identifiersWithControlCharactersAreRefused(id: String) {
        #expect(throws: StreakRuleError.controlCharacter("event id")) { try StreakValidation.validateIdentifier(id, of: "event") }
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(throws: StreakRuleError.controlCharacter("event id")) {
            try StreakEvent(id: id, dateCreated: date, timezone: "UTC").validate(now: .distantFuture)
        }
        #expect(throws: StreakRuleError.controlCharacter("freeze id")) {
            try StreakEvent(id: "ok", dateCreated: date, timezone: "UTC", isFreeze: true, freezeId: id).validate(now: .distantFuture)
        }
        #expect(throws: StreakRuleError.controlCharacter("freeze id")) { try StreakFreeze(id: id).validate() }
        #expect(!StreakEvent(id: id, dateCreated: date, timezone: "UTC").isValid(now: date))
        #expect(StreakEvent(id: "fine", dateCreated: date, timezone: "UTC").isValid(now: date))
    }

    @Test func zoneNamesWithControlCharactersAreRefused() {
        #expect(throws: StreakRuleError.invalidTimeZone("UTC\u{0}")) { try StreakValidation.timeZone(named: "UTC\u{0}") }
    }

    /// `storable()` leaves out what `validate()` refuses, and names each.
    @Test func aBatchKeepsWhatEveryStoreAccepts() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let batch = ImportBatch(
            freezes: [StreakFreeze(id: "f\u{0}"), StreakFreeze(id: "f1")],
            events: [StreakEvent(id: "e1", dateCreated: date, timezone: "UTC"), StreakEvent(id: "e\u{0}2", dateCreated: date, timezone: "UTC")]
        )
        #expect(throws: StreakRuleError.controlCharacter("freeze id")) { try batch.validate() }
        let storable = batch.storable()
        #expect(storable.batch.events.map(\.id) == ["e1"])
        #expect(storable.batch.freezes.map(\.id) == ["f1"])
        #expect(storable.leftOut.count == 2)
        try storable.batch.validate()
    }
}
