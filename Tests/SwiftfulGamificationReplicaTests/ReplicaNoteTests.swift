import Foundation
@testable import StreakStoreKit
import Testing
import SwiftfulGamification
import SwiftfulGamificationFileStore
@testable import SwiftfulGamificationReplica

@Suite("Notes in the offline copy: queued while away, pushed once")
struct ReplicaNoteTests {
    let today = CalendarDay(year: 2026, month: 3, day: 10)

    func note(_ store: any StreakStore, _ world: ReplicaWorld, _ text: String, on day: CalendarDay, hour: Double = 1) async throws -> StreakEvaluation {
        try await store.setNote(text, on: day, userId: world.user, streakKey: "read", now: world.day(0, hour: hour), timezone: world.zone)
    }

    @Test("notes written offline are kept and shown, and reach the server once when it is back")
    func offlineNotesArePushedOnce() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        world.server.reachable = false
        let added = try await note(machine, world, "first", on: today)
        #expect(added.notes.map(\.text) == ["first"])
        _ = try await note(machine, world, "second", on: today.adding(days: -1))
        _ = try await note(machine, world, "first, changed", on: today)
        _ = try await machine.removeNote(on: today.adding(days: -1), userId: world.user, streakKey: "read", now: world.day(0, hour: 2), timezone: world.zone)
        #expect(machine.syncState.pendingChanges == 4)
        #expect(try await machine.notes(userId: world.user, streakKey: "read") == [StreakNote(day: today, text: "first, changed")])
        #expect(try world.server.files.notes(userId: world.user, streakKey: "read").isEmpty)

        world.server.reachable = true
        let writes = world.server.writes
        let report = try await machine.sync(now: world.day(0, hour: 3), timezone: world.zone)
        #expect(report.pushed == 4 && report.refused.isEmpty)
        #expect(world.server.writes == writes + 4)
        #expect(try world.server.files.notes(userId: world.user, streakKey: "read") == [StreakNote(day: today, text: "first, changed")])
        let again = try await machine.sync(now: world.day(0, hour: 4), timezone: world.zone)
        #expect(again.pushed == 0)
        #expect(world.server.writes == writes + 4)
        let all = try await world.evaluations("read", at: 0, [machine])
        #expect(all.allSatisfy { $0.notes == [StreakNote(day: today, text: "first, changed")] })
    }

    @Test("a note whose reply was lost is queued under its id and applied once")
    func lostReplyIsAppliedOnce() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        world.server.loseNextReply()
        _ = try await note(machine, world, "once", on: today)
        #expect(machine.syncState.pendingChanges == 1)
        let writes = world.server.writes
        let report = try await machine.sync(now: world.day(0, hour: 2), timezone: world.zone)
        #expect(report.pushed == 1 && report.refused.isEmpty)
        #expect(world.server.writes == writes)
        #expect(try world.server.files.notes(userId: world.user, streakKey: "read").map(\.text) == ["once"])
    }

    @Test("another machine sees a note after its sync, and a removal already made elsewhere is no refusal")
    func notesTravelBetweenMachines() async throws {
        let world = ReplicaWorld()
        let (a, b) = try await world.twoMachines(logging: "read")
        _ = try await note(a, world, "from a", on: today)
        _ = try await b.sync(now: world.day(0, hour: 2), timezone: world.zone)
        #expect(try await b.notes(userId: world.user, streakKey: "read").map(\.text) == ["from a"])
        #expect(try await b.evaluate(userId: world.user, streakKey: "read", now: world.day(0, hour: 2), timezone: world.zone).notes.map(\.text) == ["from a"])
        // Both take it back, b offline: b's queued removal finds it gone and counts as done.
        world.server.reachable = false
        _ = try await b.removeNote(on: today, userId: world.user, streakKey: "read", now: world.day(0, hour: 3), timezone: world.zone)
        world.server.reachable = true
        _ = try await a.removeNote(on: today, userId: world.user, streakKey: "read", now: world.day(0, hour: 3), timezone: world.zone)
        let report = try await b.sync(now: world.day(0, hour: 4), timezone: world.zone)
        #expect(report.refused.isEmpty)
        #expect(try world.server.files.notes(userId: world.user, streakKey: "read").isEmpty)
    }

    @Test("an outbox line queued before notes (an import without them) still reads and pushes")
    func anOlderImportLineStillReads() throws {
        let line = #"{"operation":"op1","userId":"alice","streakKey":"read","now":0,"timezone":"UTC","change":{"importBatch":{"configuration":null,"goalHistory":[],"freezes":[],"events":[],"skips":[]}}}"#
        let change = try JSONDecoder().decode(QueuedChange.self, from: Data(line.utf8))
        guard case .importBatch(_, _, _, _, _, let notes) = change.change else {
            Issue.record("not an import: \(change.change)")
            return
        }
        #expect(notes == nil)
    }
}
