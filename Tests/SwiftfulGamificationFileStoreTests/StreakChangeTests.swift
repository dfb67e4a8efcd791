import Foundation
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationFileStore
import Testing

/// Issue 50's vocabulary of change: every write said once (`StreakChange`) and carried out
/// by one entry point (`StreakStore.apply`), here on the file store.
struct StreakChangeTests {
    let zone = TimeZone(identifier: "America/New_York")!
    let now = Date(timeIntervalSince1970: 1_704_470_400)  // 2024-01-05 16:00 UTC, a Friday

    private func store() -> (any StreakStore, String) {
        let directory = NSTemporaryDirectory() + "streak-change-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return (FileStreakStore(rootPath: directory).onOwnThreads, directory)
    }

    /// A fresh streak's writes, each as a change: what each gives back and the streak after.
    private func writes(_ today: CalendarDay) -> [StreakChange] {
        [
            .addEvents([StreakEvent(id: "a", dateCreated: now.addingTimeInterval(-86_400), timezone: zone.identifier)], creating: nil),
            .addEvents([StreakEvent(id: "b", dateCreated: now, timezone: zone.identifier)], creating: nil),
            .addFreezes([StreakFreeze(id: "f1", dateEarned: now)]),
            .addSkips([today.adding(days: -3)]),
            .setNote(StreakNote(day: today, text: "a good day")),
            .settings(goal: nil, leewayHours: 2, freezeBehavior: nil, schedule: nil, details: StreakDetails(title: "Floss")),
            .archive(true),
            .archive(false),
        ]
    }

    @Test func everyChangeAppliedIsTheStoresOwnWrite() async throws {
        let (store, directory) = store()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ref = StreakRef(userId: "me", key: "floss")
        let today = CalendarDay(containing: now, in: zone)
        let created = try await store.apply(.create(StreakConfiguration(streakKey: "floss")), to: ref, at: now, timezone: zone).evaluation
        #expect(created?.configuration.streakKey == "floss")
        var last: StreakEvaluation?
        for change in writes(today) { last = try await store.apply(change, to: ref, at: now, timezone: zone).evaluation }
        let evaluation = try #require(last)
        #expect(evaluation.streak.totalEvents == 2)
        #expect(evaluation.streak.freezesAvailableCount == 1)
        #expect(evaluation.isSkipped(today.adding(days: -3)))
        #expect(evaluation.note(on: today)?.text == "a good day")
        #expect(evaluation.configuration.title == "Floss" && evaluation.configuration.leewayHours == 2)
        #expect(try await store.isArchived(userId: "me", streakKey: "floss") == false)
        // What the store read afterwards is what the changes gave back.
        let read = try await store.evaluate(userId: "me", streakKey: "floss", now: now, timezone: zone)
        #expect(read.streak.totalEvents == evaluation.streak.totalEvents && read.configuration == evaluation.configuration)
        // A rename is one change touching two streaks; a delete gives nothing back.
        #expect(StreakChange.rename(to: "teeth").streakKeys(applyingTo: "floss") == ["floss", "teeth"])
        // A log says which events it stored; a removal which it took out.
        let logged = try await store.apply(.addEvents([StreakEvent(id: "c", dateCreated: now, timezone: zone.identifier)], creating: nil), to: ref, at: now, timezone: zone)
        #expect(logged.added.map(\.id) == ["c"])
        let again = try await store.apply(.addEvents([StreakEvent(id: "c", dateCreated: now, timezone: zone.identifier)], creating: nil), to: ref, at: now, timezone: zone)
        #expect(again.added.isEmpty)
        #expect(try await store.apply(.removeEvent(id: "c"), to: ref, at: now, timezone: zone).removed?.id == "c")
        #expect(try await store.apply(.rename(to: "teeth"), to: ref, at: now, timezone: zone).evaluation?.configuration.streakKey == "teeth")
        // A delete gives back no streak, but its trash record.
        let deleted = try await store.apply(.delete, to: StreakRef(userId: "me", key: "teeth"), at: now, timezone: zone)
        #expect(deleted.evaluation == nil && deleted.trashed != nil)
        #expect(try await store.streakKeys(userId: "me").isEmpty)
    }

    @Test func eachChangeAppliedTwiceAppliesOnce() async throws {
        let today = CalendarDay(containing: now, in: zone)
        for change in writes(today) {
            let (once, first) = store(), (twice, second) = store()
            defer { try? FileManager.default.removeItem(atPath: first); try? FileManager.default.removeItem(atPath: second) }
            let ref = StreakRef(userId: "me", key: "floss")
            for store in [once, twice] { try await store.apply(.create(StreakConfiguration(streakKey: "floss")), to: ref, at: now, timezone: zone) }
            let a = try await once.apply(change, to: ref, at: now, timezone: zone).evaluation
            _ = try await twice.apply(change, to: ref, at: now, timezone: zone)
            let b = try await twice.apply(change, to: ref, at: now, timezone: zone).evaluation
            #expect(a?.streak.totalEvents == b?.streak.totalEvents, "\(change.summary(of: "floss"))")
            #expect(a?.streak.freezesAvailableCount == b?.streak.freezesAvailableCount, "\(change.summary(of: "floss"))")
            #expect(a?.configuration == b?.configuration, "\(change.summary(of: "floss"))")
            #expect(a?.notes == b?.notes, "\(change.summary(of: "floss"))")
        }
        // One that cannot apply again says it was applied already.
        #expect(StreakChange.create(StreakConfiguration(streakKey: "floss")).meansAlreadyApplied(StreakStoreError.streakExists("floss")))
        #expect(StreakChange.removeEvent(id: "x").meansAlreadyApplied(StreakStoreError.unknownEvent("x")))
    }

    @Test func anOutboxLineWrittenBeforeTheVocabularyHadItsNameReadsAsItWas() throws {
        // As `QueuedChange.Change` encoded a log and a skip (the enum's name is not in its JSON).
        let log = #"{"addEvents":{"_0":[{"id":"e1","date_created":725889600,"timezone":"UTC","is_freeze":false}]}}"#
        let skip = #"{"addSkips":{"_0":[{"dayNumber":19724}]}}"#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard case .addEvents(let events, let creating, _) = try decoder.decode(StreakChange.self, from: Data(log.utf8)) else {
            Issue.record("not a log")
            return
        }
        #expect(events.map(\.id) == ["e1"] && creating == nil)
        guard case .addSkips(let days) = try decoder.decode(StreakChange.self, from: Data(skip.utf8)) else {
            Issue.record("not a skip")
            return
        }
        #expect(days == [CalendarDay(year: 2024, month: 1, day: 2)])
        #expect(StreakChange.addSkips(days).summary(of: "floss") == "skip 1 day of floss")
        // A settings change from before it could carry a new key reads as one without.
        let settings = #"{"settings":{"goal":2,"details":{}}}"#
        guard case .settings(let goal, _, _, _, _, let newKey) = try decoder.decode(StreakChange.self, from: Data(settings.utf8)) else {
            Issue.record("not a settings change")
            return
        }
        #expect(goal == 2 && newKey == nil)
    }

    @Test func pointsChangesWriteTheLedgerAndGiveNoStreakBack() async throws {
        let (store, directory) = store()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ref = StreakRef(userId: "me", key: "xp")
        let points = try #require(store as? any PointsStore)
        let earned = ExperiencePointsEvent(id: "e1", dateCreated: now, points: 10, timezone: "UTC")
        #expect(try await store.apply(StreakChange.addExperience([earned]), to: ref, at: now, timezone: zone).evaluation == nil)
        #expect(try await points.experienceEvents(userId: "me", experienceKey: "xp").map(\.id) == ["e1"])
        // Again: an id is stored once.
        try await store.apply(StreakChange.addExperience([earned]), to: ref, at: now, timezone: zone)
        #expect(try await points.experienceEvents(userId: "me", experienceKey: "xp").count == 1)
        try await store.apply(StreakChange.clearExperience, to: ref, at: now, timezone: zone)
        #expect(try await points.experienceEvents(userId: "me", experienceKey: "xp").isEmpty)
        #expect(StreakChange.clearExperience.isPoints && StreakChange.clearExperience.streakKeys(applyingTo: "xp").isEmpty)
    }
}
