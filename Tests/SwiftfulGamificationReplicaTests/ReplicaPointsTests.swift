import Foundation
@testable import StreakStoreKit
import Testing
import SwiftfulGamification
import SwiftfulGamificationFileStore
@testable import SwiftfulGamificationReplica

@Suite("Experience points, progress and points settings in the offline copy: queued while away, pushed once, pulled whole")
struct ReplicaPointsTests {
    let key = "streaks"

    func event(_ id: String, _ points: Int, _ world: ReplicaWorld) -> ExperiencePointsEvent {
        ExperiencePointsEvent(id: id, dateCreated: world.day(0, hour: 1), points: points, timezone: world.zone.identifier)
    }

    func item(_ id: String, _ value: Double, _ world: ReplicaWorld, hour: Double = 1) -> ProgressItem {
        ProgressItem(id: id, progressKey: "levels", value: value, dateCreated: world.day(0), dateModified: world.day(0, hour: hour))
    }

    @Test("written offline: kept and shown by the copy, on the server once after the sync, nothing pushed twice")
    func offlineWritesArePushedOnce() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        world.server.reachable = false
        let added = try await machine.addExperienceEvents([event("e1", 10, world), event("e2", 5, world)], userId: world.user, experienceKey: key)
        #expect(added.map(\.id) == ["e1", "e2"])
        try await machine.saveProgress(item("World 1", 0.5, world), userId: world.user)
        let (before, after) = try await machine.updatePointsSettings([.turnOn(since: CalendarDay(year: 2026, month: 3, day: 10))], userId: world.user)
        #expect(!before.isOn && after.isOn)
        #expect(machine.syncState.pendingChanges == 3)
        #expect(try await machine.experienceEvents(userId: world.user, experienceKey: key).map(\.points) == [10, 5])
        #expect(try await machine.progressItems(userId: world.user, progressKey: "levels").map(\.value) == [0.5])
        #expect(try await machine.pointsSettings(userId: world.user).isOn)
        #expect(try world.server.files.experienceEvents(userId: world.user, experienceKey: key).isEmpty)
        #expect(try world.server.files.pointsSettings(userId: world.user).isOn == false)

        world.server.reachable = true
        let writes = world.server.writes
        let report = try await machine.sync(now: world.day(0, hour: 3), timezone: world.zone)
        #expect(report.pushed == 3 && report.refused.isEmpty)
        #expect(world.server.writes == writes + 3)
        #expect(try world.server.files.experienceEvents(userId: world.user, experienceKey: key).map(\.id) == ["e1", "e2"])
        #expect(try world.server.files.progressItems(userId: world.user, progressKey: "levels").map(\.value) == [0.5])
        #expect(try world.server.files.pointsSettings(userId: world.user).isOn)
        let again = try await machine.sync(now: world.day(0, hour: 4), timezone: world.zone)
        #expect(again.pushed == 0 && world.server.writes == writes + 3)
        #expect(try await machine.experienceEvents(userId: world.user, experienceKey: key).map(\.id) == ["e1", "e2"])
    }

    @Test("an add whose reply was lost is queued under its id and stored once")
    func lostReplyOfAnAddIsStoredOnce() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        world.server.loseNextReply()
        try await machine.addExperienceEvents([event("e1", 10, world)], userId: world.user, experienceKey: key)
        #expect(machine.syncState.pendingChanges == 1)
        let writes = world.server.writes
        let report = try await machine.sync(now: world.day(0, hour: 2), timezone: world.zone)
        #expect(report.pushed == 1 && report.refused.isEmpty)
        #expect(world.server.writes == writes)
        #expect(try world.server.files.experienceEvents(userId: world.user, experienceKey: key).map(\.id) == ["e1"])
    }

    @Test("a clear whose reply was lost, pushed again, does not take an event another machine added meanwhile")
    func lostReplyOfAClearClearsOnce() async throws {
        let world = ReplicaWorld()
        let (a, b) = try await world.twoMachines(logging: "read")
        try await a.addExperienceEvents([event("e1", 10, world)], userId: world.user, experienceKey: key)
        world.server.loseNextReply()
        try await a.deleteAllExperienceEvents(userId: world.user, experienceKey: key, now: world.day(0, hour: 2))
        #expect(a.syncState.pendingChanges == 1)
        try await b.addExperienceEvents([event("e2", 7, world)], userId: world.user, experienceKey: key)
        _ = try await a.sync(now: world.day(0, hour: 3), timezone: world.zone)
        #expect(try world.server.files.experienceEvents(userId: world.user, experienceKey: key).map(\.id) == ["e2"])
        #expect(try await a.experienceEvents(userId: world.user, experienceKey: key).map(\.id) == ["e2"])
    }

    @Test("another machine's events, progress, settings and deletions reach the copy at its sync")
    func pullsWhatOthersWrote() async throws {
        let world = ReplicaWorld()
        let (a, b) = try await world.twoMachines(logging: "read")
        try await a.addExperienceEvents([event("e1", 10, world)], userId: world.user, experienceKey: key)
        try await a.saveProgress(item("World 1", 0.25, world), userId: world.user)
        try await a.saveProgress(item("World 2", 1, world), userId: world.user)
        try await a.updatePointsSettings([.pointsPerDay(20)], userId: world.user)
        _ = try await b.sync(now: world.day(0, hour: 2), timezone: world.zone)
        #expect(try await b.experienceEvents(userId: world.user, experienceKey: key).map(\.id) == ["e1"])
        #expect(try await b.progressItems(userId: world.user, progressKey: "levels").map(\.value) == [0.25, 1])
        #expect(try await b.pointsSettings(userId: world.user).pointsPerDay == 20)
        #expect(try await b.experienceKeys(userId: world.user) == [key])

        try await a.deleteAllExperienceEvents(userId: world.user, experienceKey: key, now: world.day(0, hour: 3))
        try await a.deleteProgress(id: "world_2", userId: world.user, progressKey: "levels", now: world.day(0, hour: 3))
        _ = try await b.sync(now: world.day(0, hour: 4), timezone: world.zone)
        #expect(try await b.experienceEvents(userId: world.user, experienceKey: key).isEmpty)
        #expect(try await b.progressItems(userId: world.user, progressKey: "levels").map(\.id) == ["World 1"])
    }

    @Test("settings changed on two machines while both were away: both changes kept")
    func settingsChangesMerge() async throws {
        let world = ReplicaWorld()
        let (a, b) = try await world.twoMachines(logging: "read")
        world.server.reachable = false
        try await a.updatePointsSettings([.turnOn(since: CalendarDay(year: 2026, month: 3, day: 10))], userId: world.user)
        try await b.updatePointsSettings([.streakPointsPerDay(streakKey: "read", points: 25)], userId: world.user)
        world.server.reachable = true
        _ = try await a.sync(now: world.day(0, hour: 2), timezone: world.zone)
        _ = try await b.sync(now: world.day(0, hour: 2), timezone: world.zone)
        _ = try await a.sync(now: world.day(0, hour: 3), timezone: world.zone)
        for settings in [try world.server.files.pointsSettings(userId: world.user), try await a.pointsSettings(userId: world.user),
                         try await b.pointsSettings(userId: world.user)] {
            #expect(settings.isOn && settings.pointsPerDay(for: "read") == 25)
        }
    }

    @Test("progress is never lowered by a late push, and the copy takes the server's higher value")
    func progressNeverLowered() async throws {
        let world = ReplicaWorld()
        let (a, b) = try await world.twoMachines(logging: "read")
        world.server.reachable = false
        try await b.saveProgress(item("World 1", 0.3, world, hour: 5), userId: world.user)
        world.server.reachable = true
        try await a.saveProgress(item("World 1", 0.8, world, hour: 2), userId: world.user)
        _ = try await b.sync(now: world.day(0, hour: 6), timezone: world.zone)
        #expect(try world.server.files.progressItems(userId: world.user, progressKey: "levels").map(\.value) == [0.8])
        #expect(try await b.progressItems(userId: world.user, progressKey: "levels").map(\.value) == [0.8])
    }

    @Test("a queued points change reads back from the outbox line it was written as")
    func queuedLinesRoundTrip() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        world.server.reachable = false
        let metadata: [String: GamificationDictionaryValue] = ["streak": .string("read"), "share": .double(0.1), "n": .int(3)]
        let original = ExperiencePointsEvent(id: "e1", dateCreated: world.day(0, hour: 1.2345), points: -4, metadata: metadata, timezone: "Asia/Kathmandu")
        try await machine.addExperienceEvents([original], userId: world.user, experienceKey: key)
        let pending = try Outbox(files: ReplicaFiles(directory: machine.directory)).read().pending
        guard case .addExperience(let events) = pending.last?.change else {
            Issue.record("not queued as experience: \(String(describing: pending.last))")
            return
        }
        #expect(events == [original])
    }

    /// Each streak key's net earnings in a ledger.
    func nets(_ events: [ExperiencePointsEvent]) -> [String: Int] {
        var nets: [String: Int] = [:]
        for event in events { nets[String(event.id.split(separator: ".")[1]), default: 0] += event.points }
        return nets.filter { $0.value != 0 }
    }

    @Test("a rename, online or queued offline, takes the earnings with it on the server and in the copy alike")
    func aRenameTakesItsEarningsEverywhere() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        var last: StreakEvaluation?
        for day in 0...2 { last = try await world.log(machine, "read", day: day) }
        try await machine.updatePointsSettings([.turnOn(since: CalendarDay(year: 2026, month: 3, day: 10))], userId: world.user)
        try await StreakPoints.settle([try #require(last)], in: machine, userId: world.user, now: world.day(2, hour: 1), timezone: world.zone)
        let earned = try #require(nets(try await machine.experienceEvents(userId: world.user, experienceKey: key))["read"])

        try await machine.renameStreak(userId: world.user, from: "read", to: "books", now: world.day(2, hour: 2), timezone: world.zone)
        #expect(nets(try world.server.files.experienceEvents(userId: world.user, experienceKey: key)) == ["books": earned])
        // A move of two keys is not mirrored: the copy reads both again at its sync.
        _ = try await machine.sync(now: world.day(2, hour: 2), timezone: world.zone)
        #expect(nets(try await machine.experienceEvents(userId: world.user, experienceKey: key)) == ["books": earned])

        world.server.reachable = false
        try await machine.renameStreak(userId: world.user, from: "books", to: "pages", now: world.day(2, hour: 3), timezone: world.zone)
        #expect(nets(try await machine.experienceEvents(userId: world.user, experienceKey: key)) == ["pages": earned])
        world.server.reachable = true
        _ = try await machine.sync(now: world.day(2, hour: 4), timezone: world.zone)
        #expect(nets(try world.server.files.experienceEvents(userId: world.user, experienceKey: key)) == ["pages": earned])
        #expect(nets(try await machine.experienceEvents(userId: world.user, experienceKey: key)) == ["pages": earned])
        #expect(try await machine.experienceEvents(userId: world.user, experienceKey: key).map(\.id)
            == (try world.server.files.experienceEvents(userId: world.user, experienceKey: key)).map(\.id))
    }
}
