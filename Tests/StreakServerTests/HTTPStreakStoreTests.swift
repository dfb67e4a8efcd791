import Foundation
import StreakStoreKit
import Synchronization
import Testing
import TestSupport
@testable import StreakServer
import SwiftfulGamification
import SwiftfulGamificationFileStore
import SwiftfulGamificationHTTP

/// `HTTPStreakStore` against a real `StreakHTTPServer` on loopback (a file store behind it):
/// every write a change applied by the server and answered with its calculation, reads of
/// the streak whole, the store's own errors for a missing streak or a key taken, a token kept
/// to its user, and a watched streak hearing another writer's change through the event stream.
@Suite(.serialized)
struct HTTPStreakStoreTests {
    static let now = ISODate.parse("2024-01-05T12:00:00Z")!
    static let utc = TimeZone(identifier: "UTC")!
    let root = NSTemporaryDirectory() + "streaks-http-\(UUID().uuidString)"

    /// A server on a free port for `body`, stopped after it.
    func withServer(isolation: isolated (any Actor)? = #isolation, _ body: (_ files: any StreakStore, _ client: HTTPStreakStore) async throws -> Void) async throws {
        let files = FileStreakStore(rootPath: root).onOwnThreads
        let tokens = FileTokenBook(storeRoot: root)
        for (user, key) in [("ana", "run"), ("bob", "secret")] {
            let event = StreakEvent(id: "\(key)-1", dateCreated: Self.now.addingTimeInterval(-3_600), timezone: "UTC")
            try await files.apply(.addEvents([event], creating: StreakConfiguration(streakKey: key)), to: StreakRef(userId: user, key: key), at: Self.now, timezone: Self.utc)
        }
        let token = try tokens.create(userId: "ana", name: "test", now: Self.now).token
        let api = StreakAPI(store: files, tokens: tokens, zone: Self.utc, heartbeat: .seconds(1)) { Self.now }
        let serving = try await StreakHTTPServer(api: api, host: "127.0.0.1", port: 0).start()
        let client = HTTPStreakStore(server: URL(string: "http://127.0.0.1:\(serving.port)/v1")!, token: token)
        do { try await body(files, client) } catch {
            await client.close()
            await serving.stop()
            throw error
        }
        await client.close()
        await serving.stop()
    }

    @Test func writesAreChangesTheServerAppliesAndAnswersWithItsCalculation() async throws {
        try await withServer { files, client in
            #expect(try await client.streakKeys(userId: "ana") == ["run"], "the token's user, not bob")
            let served = try await client.evaluate(userId: "ana", streakKey: "run", now: Self.now, timezone: Self.utc)
            let local = try await files.evaluate(userId: "ana", streakKey: "run", now: Self.now, timezone: Self.utc)
            #expect(served.streak == local.streak && served.today == local.today)

            let event = StreakEvent(id: "e2", dateCreated: Self.now.addingTimeInterval(-600), timezone: "UTC")
            let (added, evaluation) = try await client.addEvents([event], userId: "ana", streakKey: "run", now: Self.now, timezone: Self.utc, freshIds: false, creating: nil)
            #expect(added.map(\.id) == ["e2"] && evaluation.streak.todayEventCount == 2)
            #expect(try await files.events(userId: "ana", streakKey: "run").map(\.id).sorted() == ["e2", "run-1"], "stored by the server")

            let walk = try await client.createStreak(userId: "ana", configuration: StreakConfiguration(streakKey: "walk", eventsRequiredPerDay: 2), now: Self.now, timezone: Self.utc)
            #expect(walk.configuration.eventsRequiredPerDay == 2)
            await #expect(throws: StreakStoreError.streakExists("walk")) {
                _ = try await client.createStreak(userId: "ana", configuration: StreakConfiguration(streakKey: "walk"), now: Self.now, timezone: Self.utc)
            }
            // Through the vocabulary's entry point too: a repeat the server answers as taken is the store's refusal.
            await #expect(throws: StreakStoreError.streakExists("walk")) {
                _ = try await client.apply(.create(StreakConfiguration(streakKey: "walk", eventsRequiredPerDay: 5)), to: StreakRef(userId: "ana", key: "walk"), at: Self.now, timezone: Self.utc)
            }
            #expect(try await files.settings(userId: "ana", streakKey: "walk").configuration.eventsRequiredPerDay == 2, "its settings kept")
            await #expect(throws: StreakStoreError.unknownEvent("gone")) {
                _ = try await client.apply(.removeEvent(id: "gone"), to: StreakRef(userId: "ana", key: "run"), at: Self.now, timezone: Self.utc)
            }
            let removed = try await client.removeEvent(id: "e2", userId: "ana", streakKey: "run", now: Self.now, timezone: Self.utc)
            #expect(removed.removed.id == "e2" && removed.evaluation.streak.todayEventCount == 1)
            await #expect(throws: StreakStoreError.unknownEvent("e2")) {
                _ = try await client.removeEvent(id: "e2", userId: "ana", streakKey: "run", now: Self.now, timezone: Self.utc)
            }
            let day = CalendarDay(containing: Self.now, in: Self.utc)
            _ = try await client.setNote("rainy", on: day, userId: "ana", streakKey: "run", now: Self.now, timezone: Self.utc)
            _ = try await client.addSkips([CalendarDay(dayNumber: day.dayNumber - 3)], userId: "ana", streakKey: "run", now: Self.now, timezone: Self.utc)
            let settled = try await client.updateSettings(
                userId: "ana", streakKey: "run", goal: 3, leewayHours: 2, freezeBehavior: nil, schedule: nil, details: StreakDetails(title: "Run"), now: Self.now, timezone: Self.utc
            )
            #expect(settled.configuration.eventsRequiredPerDay == 3 && settled.configuration.leewayHours == 2)

            let record = try await client.record(streakKey: "run")
            #expect(record.notes == [StreakNote(day: day, text: "rainy")] && record.skips == [CalendarDay(dayNumber: day.dayNumber - 3)])
            #expect(try await client.settings(userId: "ana", streakKey: "run").configuration.title == "Run")
            let (whole, kept) = (try await client.wholeStreak(userId: "ana", streakKey: "run"), try await files.wholeStreak(userId: "ana", streakKey: "run"))
            #expect(whole.batch.events == kept.batch.events && whole.batch.notes == kept.batch.notes && whole.batch.skips == kept.batch.skips)
            #expect(whole.batch.configuration == kept.batch.configuration && whole.archived == kept.archived, "the streak whole in one request")
            #expect(try await client.events(userId: "ana", streakKey: "run", on: day, timezone: Self.utc).map(\.id) == ["run-1"])

            let trashed = try await client.deleteStreak(userId: "ana", streakKey: "walk", now: Self.now, timezone: Self.utc)
            #expect(try await client.trashedStreaks(userId: "ana", now: Self.now).map(\.streakKey) == ["walk"])
            #expect(try await client.trashedStreak(userId: "ana", streakKey: "walk", dateDeleted: trashed.dateDeleted).batch.configuration?.eventsRequiredPerDay == 2)
            _ = try await client.restoreStreak(userId: "ana", streakKey: "walk", as: nil, now: Self.now, timezone: Self.utc)
            #expect(try await client.streakKeys(userId: "ana") == ["run", "walk"])

            await #expect(throws: StreakStoreError.unknownStreak("secret", known: ["run", "walk"]), "ana's keys named, bob's not") {
                _ = try await client.evaluate(userId: "bob", streakKey: "secret", now: Self.now, timezone: Self.utc)
            }
            await #expect(throws: StreakStoreError.unknownStreak("secret", known: ["run", "walk"])) {
                _ = try await client.addEvents([event], userId: "bob", streakKey: "secret", now: Self.now, timezone: Self.utc, freshIds: false, creating: nil)
            }
            #expect(try await files.events(userId: "bob", streakKey: "secret").map(\.id) == ["secret-1"], "bob's streak untouched")
            // The change vocabulary's own entry point reaches the server too.
            let applied = try await client.apply(.archive(true), to: StreakRef(userId: "ana", key: "run"), at: Self.now, timezone: Self.utc)
            #expect(applied.evaluation?.configuration.streakKey == "run")
            #expect(try await client.isArchived(userId: "ana", streakKey: "run"))
            // A rule's refusal comes back in its words.
            await #expect(throws: HTTPStoreError.refused(status: 422, message: "The streak has no missed days that freezes could fill")) {
                _ = try await client.useFreezesManually(userId: "ana", streakKey: "run", now: Self.now, timezone: Self.utc)
            }
        }
    }

    /// Upstream's experience-points and progress managers on the server, through the same
    /// store services as on the file store: what they write reaches the server's store, what
    /// another writer there does reaches them through the key's event stream, and a token
    /// reads only its own user's.
    @Test @MainActor func pointsAndProgressManagersRunOnTheServer() async throws {
        try await withServer { files, client in
            let points = try #require(files as? any PointsStore)
            let clock = Self.now
            let xp = ExperiencePointsManager(
                services: ExperiencePointsStoreServices(
                    remote: StoreExperiencePointsService(store: client, now: { clock }, timeZone: { Self.utc }), local: MockLocalExperiencePointsPersistence()
                ),
                configuration: .mock(), now: { clock }, timeZone: { Self.utc }
            )
            try await xp.logIn(userId: "ana")
            try await xp.addExperiencePoints(points: 15)
            #expect(xp.currentExperiencePointsData.pointsToday == 15)
            #expect(try await points.experienceEvents(userId: "ana", experienceKey: "main").map(\.points) == [15], "stored by the server")
            try await points.addExperienceEvents([ExperiencePointsEvent(id: "other", dateCreated: Self.now.addingTimeInterval(-60), points: 5)], userId: "ana", experienceKey: "main")
            #expect(await eventually { xp.currentExperiencePointsData.pointsToday == 20 }, "another writer's points heard through the stream")

            let again = ExperiencePointsEvent(id: "other", dateCreated: Self.now, points: 5)
            #expect(try await client.addExperienceEvents([again], userId: "ana", experienceKey: "main").isEmpty, "an id held is not added twice")
            let experienceKeys = try await points.experienceKeys(userId: "ana")
            #expect(try await client.experienceKeys(userId: "ana") == experienceKeys)

            let progress = ProgressManager(
                services: ProgressStoreServices(remote: StoreProgressService(store: client), local: MockLocalProgressPersistence()), configuration: .mock()
            )
            try await progress.logIn(userId: "ana")
            try await progress.addProgress(id: "a", value: 0.3)
            try await points.saveProgress(.mock(id: "a", value: 0.8), userId: "ana")
            #expect(await eventually { progress.getProgress(id: "a") == 0.8 })
            let kept = try await client.saveProgress(.mock(id: "a", value: 0.5), userId: "ana")
            #expect(kept.value == 0.8, "the higher value stays, and the server says so")
            #expect(try await client.progressItems(userId: "ana", progressKey: "default").map(\.value) == [0.8])
            try await client.deleteProgress(id: "a", userId: "ana", progressKey: "default", now: Self.now)
            #expect(try await points.progressItems(userId: "ana", progressKey: "default").isEmpty)

            let day = CalendarDay(containing: Self.now, in: Self.utc)
            let settings = try await client.updatePointsSettings([.turnOn(since: CalendarDay(dayNumber: day.dayNumber - 5)), .pointsPerDay(7)], userId: "ana")
            #expect(!settings.before.isOn && settings.after.isOn && settings.after.pointsPerDay == 7)
            let stored = try await points.pointsSettings(userId: "ana")
            #expect(try await client.pointsSettings(userId: "ana") == stored)
            #expect(client.settlesPointsOfItsChanges, "the server settles a change's points in its own write")
            let logged = StreakEvent(id: "p1", dateCreated: Self.now.addingTimeInterval(-86_400), timezone: "UTC")  // a day not yet earned
            let result = try await client.apply(.addEvents([logged], creating: nil), to: StreakRef(userId: "ana", key: "run"), at: Self.now, timezone: Self.utc)
            let earnings = try await points.streakEarnings(userId: "ana", streakKeys: ["run"])
            #expect(!result.earned.isEmpty && Set(result.earned.map(\.id)).isSubset(of: Set(earnings.map(\.id))), "what the server's settling earned, in its answer")
            #expect(earnings.map(\.points).reduce(0, +) > 0, "earned by the server: \(earnings)")

            // bob's token sees bob's (none), never ana's.
            let bob = HTTPStreakStore(server: URL(string: client.location)!, token: try FileTokenBook(storeRoot: root).create(userId: "bob", name: "b", now: Self.now).token)
            #expect(try await bob.experienceEvents(userId: "ana", experienceKey: "main").isEmpty)
            #expect(try await bob.progressKeys(userId: "ana").isEmpty)
            #expect(try await bob.pointsSettings(userId: "ana").isOn == false)
            await bob.close()

            // A token the server does not know: the watch ends with the refusal, not retrying for ever.
            let stranger = HTTPStreakStore(server: URL(string: client.location)!, token: "stk_000000000000_" + String(repeating: "a", count: 43))
            await #expect(throws: HTTPStoreError.self) {
                for try await _ in stranger.watchExperience(userId: "ana", experienceKey: "main") {}
            }
            await stranger.close()
        }
    }

    @Test func aWatchedStreakHearsAnotherWritersChangeThroughTheEventStream() async throws {
        try await withServer { files, client in
            var link = client.watchLink().makeAsyncIterator()
            #expect(await link.next() == .live)
            let updates = client.watch(userId: "ana", streakKey: "run", now: { Self.now }, timezone: { Self.utc })
            var iterator = updates.makeAsyncIterator()
            #expect(try await next(&iterator)?.streak.todayEventCount == 1)
            // Not through the client: the store behind the server, as another process would.
            let event = StreakEvent(id: "elsewhere", dateCreated: Self.now.addingTimeInterval(-60), timezone: "UTC")
            _ = try await files.apply(.addEvents([event], creating: nil), to: StreakRef(userId: "ana", key: "run"), at: Self.now, timezone: Self.utc)
            var heard = false
            while let update = try await next(&iterator, seconds: 10) {
                if update.streak.todayEventCount == 2 { heard = true; break }
            }
            #expect(heard, "the event stream brought the other writer's change")
            let keys = client.watchStreakKeys(userId: "ana", now: { Self.now }, timezone: { Self.utc })
            var keyIterator = keys.makeAsyncIterator()
            #expect(await keyIterator.next() == ["run"])
            _ = try await files.apply(.create(StreakConfiguration(streakKey: "swim")), to: StreakRef(userId: "ana", key: "swim"), at: Self.now, timezone: Self.utc)
            #expect(await keyIterator.next() == ["run", "swim"])
        }
    }

    @Test func aRefusedStreamSaysWhyOnTheLinkAndAReadSaysItInWords() async throws {
        try await withServer { _, client in
            let stranger = HTTPStreakStore(server: URL(string: client.location)!, token: "stk_000000000000_" + String(repeating: "A", count: 43))
            await #expect(throws: HTTPStoreError.refused(status: 401, message: "the token is not valid (unknown, revoked or mistyped)")) {
                _ = try await stranger.streakKeys(userId: "ana")
            }
            let links = stranger.watchLink()
            let updates = stranger.watchStreaks(userId: "ana", now: { Self.now }, timezone: { Self.utc })
            var iterator = links.makeAsyncIterator()
            var said: StoreLink?
            while let link = await iterator.next() {
                if case .lost = link { said = link; break }
            }
            #expect(said == .lost(reason: "the server answered 401 to the event stream"))
            _ = updates
            await stranger.close()
        }
    }
}
