import Foundation
import Testing
@testable import SwiftfulGamification

/// `StreakManager`'s day notes on the mock services; now is 2024-01-10 12:00 in New York.
@MainActor
struct StreakManagerNoteTests {
    func loggedIn() async throws -> ManagerFixture {
        let fixture = ManagerFixture()
        try await fixture.seed([event("2024-01-08 12:00"), event("2024-01-09 12:00")])
        try await fixture.manager.logIn(userId: "u1")
        return fixture
    }

    @Test func aNoteIsAddedReplacedAndRemovedOnAKeptOrMissedDay() async throws {
        let fixture = try await loggedIn()
        try await fixture.manager.setNote("knee hurt", on: day("2024-01-09"))
        try await fixture.manager.setNote("rest day, no run", on: day("2024-01-05"))
        #expect(fixture.manager.notes == [StreakNote(day: day("2024-01-05"), text: "rest day, no run"), StreakNote(day: day("2024-01-09"), text: "knee hurt")])
        #expect(fixture.manager.evaluation?.note(on: day("2024-01-09"))?.text == "knee hurt")
        try await fixture.manager.setNote("knee better", on: day("2024-01-09"))
        #expect(fixture.manager.note(on: day("2024-01-09"))?.text == "knee better")
        #expect(fixture.manager.notes.count == 2)
        try await fixture.manager.removeNote(on: day("2024-01-05"))
        #expect(fixture.manager.notes.map(\.day) == [day("2024-01-09")])
        #expect(fixture.manager.evaluation?.notes.map(\.day) == [day("2024-01-09")])
        // A note changes nothing the streak counts.
        #expect(fixture.manager.currentStreakData.currentStreak == 2)
        #expect(fixture.logger.names.contains("StreakMan_SetNote_Success"))
        #expect(fixture.logger.names.contains("StreakMan_RemoveNote_Success"))
    }

    @Test func aNoteWithoutADayIsOnToday() async throws {
        let fixture = try await loggedIn()
        try await fixture.manager.setNote("easy one")
        #expect(fixture.manager.notes == [StreakNote(day: day("2024-01-10"), text: "easy one")])
    }

    @Test(arguments: [
        ("empty", "", StreakRuleError.invalidNote(length: 0)),
        ("blank", "   ", StreakRuleError.invalidNote(length: 0)),
        ("too long", String(repeating: "a", count: 1_001), StreakRuleError.invalidNote(length: 1_001)),
        ("a line break", "one\ntwo", StreakRuleError.controlCharacter("note")),
    ])
    func aBadNoteIsRefusedAndNothingIsStored(_ name: String, _ text: String, _ expected: StreakRuleError) async throws {
        let fixture = try await loggedIn()
        await #expect(throws: expected, "\(name)") { try await fixture.manager.setNote(text, on: day("2024-01-09")) }
        #expect(try await fixture.remote.getNotes(userId: "u1", streakKey: "daily").isEmpty)
        #expect(fixture.logger.names.contains("StreakMan_SetNote_Fail"))
    }

    @Test func aNoteOfExactlyAThousandCharactersIsKept() async throws {
        let fixture = try await loggedIn()
        let text = String(repeating: "é", count: 1_000)
        try await fixture.manager.setNote(text, on: day("2024-01-09"))
        #expect(fixture.manager.note(on: day("2024-01-09"))?.text == text)
    }

    @Test func aDayToComeIsRefused() async throws {
        let fixture = try await loggedIn()
        await #expect(throws: StreakRuleError.noteOutOfRange(day("2024-01-11"), earliest: day("1970-01-01"), latest: day("2024-01-10"))) {
            try await fixture.manager.setNote("plan", on: day("2024-01-11"))
        }
        #expect(fixture.manager.notes.isEmpty)
    }

    @Test func removingADayWithoutANoteSaysSo() async throws {
        let fixture = try await loggedIn()
        await #expect(throws: StreakStoreError.noNote("daily", day: day("2024-01-09"))) { try await fixture.manager.removeNote(on: day("2024-01-09")) }
        #expect(fixture.logger.names.contains("StreakMan_RemoveNote_Fail"))
    }

    @Test func notesNeedAUserAndAreForgottenAtLogOut() async throws {
        let fixture = ManagerFixture()
        await #expect(throws: StreakError.notLoggedIn) { try await fixture.manager.setNote("x", on: day("2024-01-09")) }
        try await fixture.manager.logIn(userId: "u1")
        try await fixture.manager.setNote("x", on: day("2024-01-09"))
        fixture.manager.logOut()
        #expect(fixture.manager.notes.isEmpty)
        try await fixture.manager.logIn(userId: "u1")
        #expect(fixture.manager.notes.map(\.text) == ["x"])
    }

    @Test func theLoggerGetsTheDayNotTheText() async throws {
        let fixture = try await loggedIn()
        try await fixture.manager.setNote("private words", on: day("2024-01-09"))
        let parameters = fixture.logger.events.filter { $0.name.hasPrefix("StreakMan_SetNote") }.compactMap(\.parameters)
        #expect(!parameters.isEmpty)
        #expect(parameters.allSatisfy { $0["note_day"] as? String == "2024-01-09" && !"\($0)".contains("private") })
    }

    @Test func aServiceWithoutNotesSaysSo() async throws {
        struct Plain: RemoteStreakService {
            func streamCurrentStreak(userId: String, streakKey: String) -> AsyncThrowingStream<CurrentStreakData, any Error> { AsyncThrowingStream { _ in } }
            func updateCurrentStreak(userId: String, streakKey: String, streak: CurrentStreakData) async throws {}
            func calculateStreak(userId: String, streakKey: String, eventsRequiredPerDay: Int, leewayHours: Int, freezeBehavior: FreezeBehavior, timezone: String?) async throws {}
            func addEvent(userId: String, streakKey: String, event: StreakEvent) async throws {}
            func getAllEvents(userId: String, streakKey: String) async throws -> [StreakEvent] { [] }
            func deleteAllEvents(userId: String, streakKey: String) async throws {}
            func addStreakFreeze(userId: String, streakKey: String, freeze: StreakFreeze) async throws {}
            func useStreakFreeze(userId: String, streakKey: String, freezeId: String) async throws {}
            func getAllStreakFreezes(userId: String, streakKey: String) async throws -> [StreakFreeze] { [] }
        }
        let plain = Plain()
        await #expect(throws: StreakStoreError.notesNotStored) {
            try await plain.setNote(userId: "u1", streakKey: "daily", note: StreakNote(day: day("2024-01-09"), text: "x"))
        }
        #expect(try await plain.getNotes(userId: "u1", streakKey: "daily").isEmpty)
    }
}
