import Foundation
@testable import StreakStoreKit
import Testing
import SwiftfulGamification
import SwiftfulGamificationFileStore
@testable import SwiftfulGamificationReplica

/// One server and machines with replicas of it, in a temporary directory.
final class ReplicaWorld {
    let root = NSTemporaryDirectory() + "replica-tests-\(UUID().uuidString)"
    let server: FlakyServer
    let user = "alice"
    let zone = TimeZone(identifier: "America/New_York")!
    /// Tuesday 2026-03-10, noon in New York.
    let start = Date(timeIntervalSince1970: 1_773_158_400)

    init() {
        server = FlakyServer(directory: root + "/server")
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func machine(_ name: String) throws -> ReplicatedStreakStore {
        let now = start
        return try ReplicatedStreakStore(remote: server, directory: root + "/" + name, userId: user, clock: { now })
    }

    func day(_ offset: Int, hour: Double = 0) -> Date { start.addingTimeInterval(Double(offset) * 86_400 + hour * 3_600) }

    func event(_ offset: Int, hour: Double = 0) -> StreakEvent {
        StreakEvent(dateCreated: day(offset, hour: hour), timezone: zone.identifier)
    }

    @discardableResult
    func log(_ store: any StreakStore, _ key: String, day offset: Int, hour: Double = 0) async throws -> StreakEvaluation {
        try await store.addEvents(
            [event(offset, hour: hour)], userId: user, streakKey: key, now: day(offset, hour: hour), timezone: zone, freshIds: true,
            creating: StreakConfiguration(streakKey: key)
        ).evaluation
    }

    /// The streak as the server and each machine calculate it at `offset`.
    func evaluations(_ key: String, at offset: Int, _ machines: [ReplicatedStreakStore]) async throws -> [StreakEvaluation] {
        let now = day(offset)
        var all = [try server.files.evaluate(userId: user, streakKey: key, now: now, timezone: zone)]
        for machine in machines { all.append(try await machine.evaluate(userId: user, streakKey: key, now: now, timezone: zone)) }
        return all
    }

    /// Whether the server and every machine give the same streak at `offset`.
    func agree(_ key: String, at offset: Int, _ machines: [ReplicatedStreakStore]) async throws -> Bool {
        let all = try await evaluations(key, at: offset, machines)
        return all.allSatisfy { $0.streak == all[0].streak }
    }

    /// Machines a and b, a having logged `key` once and b having synced it.
    func twoMachines(logging key: String, day offset: Int = 0) async throws -> (a: ReplicatedStreakStore, b: ReplicatedStreakStore) {
        let a = try machine("a")
        let b = try machine("b")
        try await log(a, key, day: offset)
        _ = try await b.sync(now: day(offset), timezone: zone)
        return (a, b)
    }

    func serverEventIds(_ key: String) throws -> [String] {
        try server.files.events(userId: user, streakKey: key).map(\.id)
    }
}

@Suite("Offline first: a replica per machine, an outbox, sync")
struct ReplicaTests {
    @Test("logs while the server is away are kept, shown, and reach it once when it is back")
    func offlineLogsReachTheServerOnce() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        world.server.reachable = false
        for offset in 1...5 { try await world.log(machine, "read", day: offset) }
        #expect(machine.syncState.pendingChanges == 5)
        #expect(machine.queuedHere == 5)
        #expect(machine.offlineReason == "connection refused")
        #expect(try await machine.evaluate(userId: world.user, streakKey: "read", now: world.day(5), timezone: world.zone).streak.currentStreak == 6)
        #expect(try world.serverEventIds("read").count == 1)

        world.server.reachable = true
        let report = try await machine.sync(now: world.day(5, hour: 1), timezone: world.zone)
        #expect(report.pushed == 5)
        #expect(report.refused.isEmpty)
        #expect(machine.syncState.pendingChanges == 0)
        #expect(machine.syncState.isOffline == false)
        let ids = try world.serverEventIds("read")
        #expect(ids.count == 6 && Set(ids).count == 6)
        let agreed = try await world.evaluations("read", at: 5, [machine])
        #expect(agreed[0].streak.currentStreak == 6)
        #expect(agreed.allSatisfy { $0.streak == agreed[0].streak })
        // A second sync has nothing to move.
        let again = try await machine.sync(now: world.day(5, hour: 2), timezone: world.zone)
        #expect(again.pushed == 0 && again.pulled.isEmpty)
    }

    @Test("two machines offline at once, logging the same streak: every event once, all three agree")
    func twoMachinesOffline() async throws {
        let world = ReplicaWorld()
        let a = try world.machine("a")
        let b = try world.machine("b")
        try await world.log(a, "read", day: 0)
        _ = try await b.sync(now: world.day(0, hour: 1), timezone: world.zone)
        world.server.reachable = false
        for offset in 1...5 { try await world.log(a, "read", day: offset, hour: 1) }
        for offset in 1...3 { try await world.log(b, "read", day: offset, hour: 2) }
        world.server.reachable = true
        _ = try await a.sync(now: world.day(5, hour: 3), timezone: world.zone)
        _ = try await b.sync(now: world.day(5, hour: 3), timezone: world.zone)
        _ = try await a.sync(now: world.day(5, hour: 4), timezone: world.zone)
        let ids = try world.serverEventIds("read")
        #expect(ids.count == 9 && Set(ids).count == 9)
        #expect(try await world.agree("read", at: 5, [a, b]))
        #expect(try await b.events(userId: world.user, streakKey: "read").count == 9)
    }

    @Test("a write whose reply was lost after the server applied it is queued under its id and not applied twice")
    func lostReplyIsAppliedOnce() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "gym", day: -3)
        _ = try await machine.updateConfiguration(
            userId: world.user, streakKey: "gym", goal: nil, leewayHours: nil, freezeBehavior: .manuallyConsumeFreezes, now: world.day(-3), timezone: world.zone
        )
        _ = try await machine.addFreezes(
            [StreakFreeze(id: "f1", dateEarned: world.day(-3)), StreakFreeze(id: "f2", dateEarned: world.day(-3))],
            userId: world.user, streakKey: "gym", now: world.day(-3), timezone: world.zone
        )
        try await world.log(machine, "gym", day: 0)
        // Days -2 and -1 were missed: the freeze use bridges them; its reply is lost.
        world.server.loseNextReply()
        let used = try await machine.useFreezesManually(userId: world.user, streakKey: "gym", now: world.day(0, hour: 1), timezone: world.zone)
        #expect(used.used.count == 2)
        #expect(machine.syncState.pendingChanges == 1)
        let writes = world.server.writes
        let report = try await machine.sync(now: world.day(0, hour: 2), timezone: world.zone)
        // Pushing it again was answered from the record: no refusal ("nothing to save"), nothing applied twice.
        #expect(report.refused.isEmpty)
        #expect(report.pushed == 1)
        #expect(world.server.writes == writes)
        let freezes = try world.server.files.freezes(userId: world.user, streakKey: "gym")
        #expect(freezes.filter { $0.dateUsed != nil }.count == 2)
        #expect(try await world.agree("gym", at: 0, [machine]))
    }

    @Test("two machines each use the one freeze offline: used once, the second push is refused and says so")
    func freezeIntentConflict() async throws {
        let world = ReplicaWorld()
        let a = try world.machine("a")
        let b = try world.machine("b")
        try await world.log(a, "gym", day: -2)
        _ = try await a.updateConfiguration(
            userId: world.user, streakKey: "gym", goal: nil, leewayHours: nil, freezeBehavior: .manuallyConsumeFreezes, now: world.day(-2), timezone: world.zone
        )
        _ = try await a.addFreezes([StreakFreeze(id: "only", dateEarned: world.day(-2))], userId: world.user, streakKey: "gym", now: world.day(-2), timezone: world.zone)
        try await world.log(a, "gym", day: 0)
        _ = try await b.sync(now: world.day(0), timezone: world.zone)
        world.server.reachable = false
        for machine in [a, b] {
            let used = try await machine.useFreezesManually(userId: world.user, streakKey: "gym", now: world.day(0, hour: 1), timezone: world.zone)
            #expect(used.used.map(\.freezeId) == ["only"])
        }
        world.server.reachable = true
        let first = try await a.sync(now: world.day(0, hour: 2), timezone: world.zone)
        let second = try await b.sync(now: world.day(0, hour: 2), timezone: world.zone)
        #expect(first.refused.isEmpty)
        #expect(second.refused.count == 1)
        #expect(second.refused.first?.contains("use freezes on gym") == true)
        let freezes = try world.server.files.freezes(userId: world.user, streakKey: "gym")
        #expect(freezes.count == 1 && freezes[0].dateUsed != nil)
        let freezeEvents = try world.server.files.events(userId: world.user, streakKey: "gym").filter(\.isFreeze)
        #expect(freezeEvents.count == 1)
        #expect(try await world.agree("gym", at: 0, [a, b]))
    }

    @Test("undo offline is pushed as the removal of the event it undid, not of whatever is last on the server")
    func undoNamesItsEvent() async throws {
        let world = ReplicaWorld()
        let a = try world.machine("a")
        let b = try world.machine("b")
        try await world.log(a, "read", day: 0)
        try await world.log(a, "read", day: 1)
        _ = try await b.sync(now: world.day(1), timezone: world.zone)
        world.server.reachable = false
        let undone = try await a.undoLastEvent(userId: world.user, streakKey: "read", since: nil, now: world.day(1, hour: 1), timezone: world.zone)
        world.server.reachable = true
        // Meanwhile another machine logged a later event.
        try await world.log(b, "read", day: 1, hour: 2)
        _ = try await a.sync(now: world.day(1, hour: 3), timezone: world.zone)
        let ids = try world.serverEventIds("read")
        #expect(undone.removed.map { ids.contains($0.id) } == false)
        #expect(ids.count == 2)
        #expect(try await a.events(userId: world.user, streakKey: "read").map(\.id) == ids)
    }

    @Test("a write made online is mirrored on the replica: no pull reads the streak again")
    func onlineWritesAreMirrored() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        for offset in 0..<3 { try await world.log(machine, "read", day: offset) }
        let report = try await machine.sync(now: world.day(2, hour: 1), timezone: world.zone)
        #expect(report.pulled.isEmpty)
        #expect(try await world.agree("read", at: 2, [machine]))
    }

    @Test("another machine's write in between: the mirror is not trusted, the next sync reads the streak again")
    func staleMirrorIsPulled() async throws {
        let world = ReplicaWorld()
        let (a, b) = try await world.twoMachines(logging: "read")
        try await world.log(a, "read", day: 1)
        try await world.log(b, "read", day: 2)
        let report = try await b.sync(now: world.day(2, hour: 1), timezone: world.zone)
        #expect(report.pulled == ["read"])
        #expect(try await b.events(userId: world.user, streakKey: "read").count == 3)
    }

    /// The CLI and the dashboard write through `apply`, whose settling of points reads the
    /// copy (a first read syncs it): another machine's write in between still reaches it.
    @Test("the same through apply, as the CLI and the dashboard write: the copy ends with every machine's events")
    func anotherMachinesWriteReachesACopyWrittenThroughApply() async throws {
        let world = ReplicaWorld()
        let (a, b) = try await world.twoMachines(logging: "read")
        for (machine, offset) in [(a, 1), (b, 2)] {
            let event = world.event(offset)
            try await machine.apply(.addEvents([event], creating: nil, freshIds: true), to: StreakRef(userId: world.user, key: "read"), at: world.day(offset), timezone: world.zone)
        }
        _ = try await b.sync(now: world.day(2, hour: 1), timezone: world.zone)
        #expect(try await b.events(userId: world.user, streakKey: "read").map(\.id) == world.serverEventIds("read"))
        #expect(try world.serverEventIds("read").count == 3)
        #expect(try await world.agree("read", at: 2, [b]))
    }

    @Test("outbox lines that cannot be read are reported and kept; the rest is pushed")
    func unreadableOutboxLines() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        world.server.reachable = false
        try await world.log(machine, "read", day: 1)
        let outbox = machine.directory + "/outbox.jsonl"
        let handle = try #require(FileHandle(forWritingAtPath: outbox))
        handle.seekToEndOfFile()
        handle.write(Data("{\"change\": damaged\n{\"operation\":\"torn".utf8))
        try handle.close()
        try await world.log(machine, "read", day: 2)
        world.server.reachable = true
        let report = try await machine.sync(now: world.day(2, hour: 1), timezone: world.zone)
        #expect(report.pushed == 2)
        #expect(report.unreadable == 2)
        let kept = try String(contentsOfFile: machine.directory + "/unreadable.jsonl", encoding: .utf8)
        #expect(kept.contains("damaged") && kept.contains("torn"))
        #expect(try world.serverEventIds("read").count == 3)
    }

    @Test("a replica deleted or damaged is rebuilt from the server")
    func replicaRebuilt() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        for offset in 0..<4 { try await world.log(machine, "read", day: offset) }
        try FileManager.default.removeItem(atPath: machine.directory + "/store")
        try Data("not json".utf8).write(to: URL(fileURLWithPath: machine.directory + "/sync.json"))
        let again = try world.machine("a")
        #expect(try await again.events(userId: world.user, streakKey: "read").count == 4)
        #expect(try await world.agree("read", at: 3, [again]))
    }

    @Test("a push cut off half way leaves the rest queued; the next push sends each change once")
    func pushCutHalfWay() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        world.server.reachable = false
        for offset in 1...4 { try await world.log(machine, "read", day: offset) }
        world.server.reachable = true
        // The first change pushed is applied but its reply lost: the push stops there.
        world.server.loseNextReply()
        await #expect(throws: FlakyServer.Unreachable.self) { try await machine.sync(now: world.day(4, hour: 1), timezone: world.zone) }
        #expect(machine.syncState.pendingChanges == 4)
        world.server.reachable = true
        let report = try await machine.sync(now: world.day(4, hour: 2), timezone: world.zone)
        #expect(report.pushed == 4)
        let ids = try world.serverEventIds("read")
        #expect(ids.count == 5 && Set(ids).count == 5)
    }

    @Test("streaks removed or renamed on the server go from the replica at the next sync")
    func removedOnServer() async throws {
        let world = ReplicaWorld()
        let (a, b) = try await world.twoMachines(logging: "read")
        _ = try await a.renameStreak(userId: world.user, from: "read", to: "books", now: world.day(0, hour: 1), timezone: world.zone)
        let report = try await b.sync(now: world.day(0, hour: 2), timezone: world.zone)
        #expect(report.removed == ["read"])
        #expect(report.pulled == ["books"])
        #expect(try await b.streakKeys(userId: world.user, includingArchived: true) == ["books"])
    }

    @Test("the replica's directory is its owner's alone; another user's streaks are refused")
    func privateToItsUser() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        let attributes = try FileManager.default.attributesOfItem(atPath: machine.directory)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        await #expect(throws: ReplicatedStoreError.self) {
            try await machine.addEvents([world.event(0)], userId: "bob", streakKey: "read", now: world.day(0), timezone: world.zone)
        }
    }

    @Test("sync state: the count waiting and the sync mark reach a watcher")
    func syncStateIsWatched() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        var states = machine.watchSync().makeAsyncIterator()
        #expect(await states.next()?.pendingChanges == 0)
        world.server.reachable = false
        try await world.log(machine, "read", day: 1)
        let offline = await states.next()
        #expect(offline?.isOffline == true)
        world.server.reachable = true
        _ = try await machine.sync(now: world.day(1, hour: 1), timezone: world.zone)
        var seen: [StoreSyncState] = []
        while let state = await states.next() {
            seen.append(state)
            if !state.isSyncInProgress, state.pendingChanges == 0, !state.isOffline { break }
        }
        #expect(seen.contains { $0.isSyncInProgress })
        #expect(seen.last?.lastSynced == world.day(1, hour: 1))
    }

    @Test("a run of queued logs of one streak is pushed a thousand events per write")
    func logsArePushedInGroups() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        world.server.reachable = false
        for minute in 0..<1_200 {
            let event = StreakEvent(dateCreated: world.day(1).addingTimeInterval(Double(minute)), timezone: world.zone.identifier)
            _ = try await machine.addEvents([event], userId: world.user, streakKey: "read", now: world.day(2), timezone: world.zone)
        }
        world.server.reachable = true
        let writes = world.server.writes
        let report = try await machine.sync(now: world.day(2), timezone: world.zone)
        #expect(report.pushed == 1_200)
        #expect(world.server.writes - writes == 2)
        #expect(try world.serverEventIds("read").count == 1_201)
    }

    @Test("logs of a streak renamed on the server meanwhile are refused one by one, reported, and not tried again")
    func refusedLogsAreReportedOnce() async throws {
        let world = ReplicaWorld()
        let (a, b) = try await world.twoMachines(logging: "read")
        world.server.reachable = false
        for hour in [1.0, 2.0] {
            _ = try await b.addEvents([world.event(1, hour: hour)], userId: world.user, streakKey: "read", now: world.day(1, hour: hour), timezone: world.zone)
        }
        world.server.reachable = true
        _ = try await a.renameStreak(userId: world.user, from: "read", to: "books", now: world.day(1), timezone: world.zone)
        let report = try await b.sync(now: world.day(1, hour: 3), timezone: world.zone)
        #expect(report.pushed == 0)
        #expect(report.refused.count == 2)
        #expect(report.refused.allSatisfy { $0.contains("log read") && $0.contains("No streak 'read'") })
        #expect(b.syncState.pendingChanges == 0)
        let again = try await b.sync(now: world.day(1, hour: 4), timezone: world.zone)
        #expect(again.refused.isEmpty)
        #expect(try await b.streakKeys(userId: world.user, includingArchived: true) == ["books"])
    }

    @Test("an outbox line naming another user is never pushed: refused and reported")
    func otherUsersLinesAreRefused() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        let planted = QueuedChange(
            operation: UUID().uuidString, userId: "mallory", streakKey: "read", now: world.day(1), timezone: world.zone.identifier,
            change: .addEvents([world.event(1)], creating: StreakConfiguration(streakKey: "read"))
        )
        try Outbox(files: ReplicaFiles(directory: machine.directory)).append(planted)
        let report = try await machine.sync(now: world.day(1), timezone: world.zone)
        #expect(report.pushed == 0)
        #expect(report.refused.count == 1 && report.refused[0].contains("mallory"))
        #expect(try await world.server.files.streakKeys(userId: "mallory").isEmpty)
    }

    @Test("a goal changed offline does not overwrite a later change another machine made online; the history has both")
    func laterGoalChangeWins() async throws {
        let world = ReplicaWorld()
        let (a, b) = try await world.twoMachines(logging: "read")
        world.server.reachable = false
        _ = try await a.updateConfiguration(
            userId: world.user, streakKey: "read", goal: 2, leewayHours: 3, freezeBehavior: nil, now: world.day(1), timezone: world.zone
        )
        world.server.reachable = true
        _ = try await b.updateConfiguration(
            userId: world.user, streakKey: "read", goal: 4, leewayHours: nil, freezeBehavior: nil, now: world.day(2), timezone: world.zone
        )
        let report = try await a.sync(now: world.day(3), timezone: world.zone)
        #expect(report.refused.isEmpty)
        let settings = try world.server.files.settings(userId: world.user, streakKey: "read")
        // The later goal stays; the leeway, which only machine A changed, arrives; the goal
        // history has A's change at its own date, before B's.
        #expect(settings.configuration.eventsRequiredPerDay == 4)
        #expect(settings.configuration.leewayHours == 3)
        #expect(settings.goalHistory.suffix(2).map(\.eventsRequiredPerDay) == [2, 4])
        #expect(settings.goalHistory.suffix(2).map(\.date) == [world.day(1), world.day(2)])
        #expect(try await a.settings(userId: world.user, streakKey: "read").configuration == settings.configuration)
    }

    @Test("StreakManager on a replicated store: the count waiting and the sync mark are observable")
    @MainActor
    func managerShowsPendingChanges() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        let now = world.day(1)
        let zone = world.zone
        let manager = StreakManager(
            services: StreakStoreServices(store: machine, userId: world.user, now: { now }, timezone: { zone }),
            configuration: StreakConfiguration(streakKey: "read"), now: { now }, timeZone: { zone }
        )
        try await manager.logIn(userId: world.user)
        world.server.reachable = false
        try await manager.addStreakEvent(id: "offline-1")
        try await manager.addStreakEvent(id: "offline-2")
        #expect(await waitUntil { manager.pendingChangeCount == 2 })
        world.server.reachable = true
        _ = try await machine.sync(now: now, timezone: world.zone)
        #expect(await waitUntil { manager.pendingChangeCount == 0 && !manager.isSyncInProgress })
        #expect(try world.serverEventIds("read").count == 3)
    }

    @Test("a sync that pulls nothing leaves the cursor file alone, and one a minute later records only the time")
    func aSyncThatChangesNothingWritesNothing() async throws {
        let world = ReplicaWorld()
        let machine = try world.machine("a")
        try await world.log(machine, "read", day: 0)
        _ = try await machine.sync(now: world.day(0), timezone: world.zone)
        func identity() throws -> (inode: UInt64, cursor: SyncCursor) {
            let inode = try FileManager.default.attributesOfItem(atPath: machine.files.syncPath)[.systemFileNumber] as! UInt64
            return (inode, SyncCursor.read(machine.files))
        }
        let first = try identity()
        _ = try await machine.sync(now: world.day(0), timezone: world.zone)
        #expect(try identity().inode == first.inode)
        let report = try await machine.sync(now: world.day(0).addingTimeInterval(60), timezone: world.zone)
        let later = try identity()
        #expect(report.pulled.isEmpty)
        #expect(later.inode != first.inode)
        #expect(later.cursor.revisions == first.cursor.revisions)
        #expect(later.cursor.synced == world.day(0).addingTimeInterval(60))
    }
}

@MainActor
func waitUntil(seconds: Double = 5, _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
