import Foundation
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationFileStore
import Testing

/// Issue 50: the points a change earns are settled by `StreakStore.apply` itself, for the
/// streaks the change touched, so no caller settles them; a failure to record them is told,
/// never thrown over a change that was saved.
struct AppliedPointsTests {
    let zone = TimeZone(identifier: "America/New_York")!
    /// 2024-01-05 16:00 UTC, a Friday.
    let now = Date(timeIntervalSince1970: 1_704_470_400)
    let user = "me"

    private func store() -> (any StreakStore & PointsStore, String) {
        let directory = NSTemporaryDirectory() + "applied-points-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return (FileStreakStore(rootPath: directory).onOwnThreads as! any StreakStore & PointsStore, directory)
    }

    private func day(_ offset: Int) -> Date { now.addingTimeInterval(Double(offset) * 86_400) }

    private func log(_ id: String, _ offset: Int) -> StreakChange {
        .addEvents([StreakEvent(id: id, dateCreated: day(offset), timezone: zone.identifier)], creating: nil)
    }

    /// Two streaks made, points on from four days ago, nothing settled yet.
    private func twoStreaks(_ store: any StreakStore & PointsStore) async throws {
        for key in ["floss", "read"] {
            try await store.apply(.create(StreakConfiguration(streakKey: key)), to: StreakRef(userId: user, key: key), at: day(-4), timezone: zone)
        }
        try await store.apply(
            .pointsSettings([.turnOn(since: CalendarDay(containing: day(-4), in: zone))]), to: StreakRef(userId: user, key: ""), at: day(-4), timezone: zone
        )
    }

    private func total(_ store: any PointsStore) async throws -> Int {
        try await store.experienceEvents(userId: user, experienceKey: StreakPoints.experienceKey).map(\.points).reduce(0, +)
    }

    @Test func aLogEarnsItsDayInTheSameApplyAndNothingTwice() async throws {
        let (store, directory) = store()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await twoStreaks(store)
        let floss = StreakRef(userId: user, key: "floss")
        let first = try await store.apply(log("a", -1), to: floss, at: day(-1), timezone: zone)
        #expect(first.earned.map(\.points) == [10])
        #expect(first.pointsFailure == nil)
        let second = try await store.apply(log("b", 0), to: floss, at: now, timezone: zone)
        #expect(second.earned.map(\.points).reduce(0, +) == 10)
        #expect(try await store.apply(log("b", 0), to: floss, at: now, timezone: zone).earned.isEmpty, "the same log again earns nothing")
        #expect(try await total(store) == 20)
        // Undone: the day's points go back, in the same apply.
        let undone = try await store.apply(.undoLast(since: nil), to: floss, at: now, timezone: zone)
        #expect(undone.removed?.id == "b")
        #expect(undone.earned.map(\.points) == [-10])
        #expect(try await total(store) == 10)
    }

    @Test func theOutboxsApplyLeavesThePointsToTheirOwnChanges() async throws {
        let (store, directory) = store()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await twoStreaks(store)
        let result = try await store.apply(log("a", 0), to: StreakRef(userId: user, key: "floss"), at: now, timezone: zone, settlingPoints: false)
        #expect(result.earned.isEmpty)
        #expect(try await total(store) == 0)
    }

    @Test func pointsPerDayChangedThroughApplySettleEveryStreakAndADeleteNone() async throws {
        let (store, directory) = store()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await twoStreaks(store)
        try await store.apply(log("a", 0), to: StreakRef(userId: user, key: "floss"), at: now, timezone: zone)
        try await store.apply(log("b", 0), to: StreakRef(userId: user, key: "read"), at: now, timezone: zone)
        #expect(try await total(store) == 20)
        let raised = try await store.apply(.pointsSettings([.pointsPerDay(25)]), to: StreakRef(userId: user, key: ""), at: now, timezone: zone)
        #expect(Set(raised.earned.compactMap { $0.metadata["streak"] }) == [.string("floss"), .string("read")])
        #expect(try await total(store) == 50)
        let deleted = try await store.apply(.delete, to: StreakRef(userId: user, key: "read"), at: now, timezone: zone)
        #expect(deleted.earned.isEmpty && deleted.trashed != nil)
        #expect(try await total(store) == 50, "the trash keeps what a deleted streak earned")
    }

    @Test func whilePointsAreOffNothingIsSettledOrRead() async throws {
        let (store, directory) = store()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let floss = StreakRef(userId: user, key: "floss")
        try await store.apply(.create(StreakConfiguration(streakKey: "floss")), to: floss, at: now, timezone: zone)
        let logged = try await store.apply(log("a", 0), to: floss, at: now, timezone: zone)
        #expect(logged.earned.isEmpty && logged.pointsFailure == nil)
        #expect(!FileManager.default.fileExists(atPath: directory + "/users/me/experience"))
    }

    @Test func pointsThatCannotBeRecordedAreToldAndTheChangeStaysSaved() async throws {
        let (store, directory) = store()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await twoStreaks(store)
        // The ledger's name taken by a directory: the points cannot be read or written.
        try FileManager.default.createDirectory(atPath: directory + "/users/me/experience/streaks.jsonl", withIntermediateDirectories: true)
        let floss = StreakRef(userId: user, key: "floss")
        let logged = try await store.apply(log("a", 0), to: floss, at: now, timezone: zone)
        #expect(logged.pointsFailure != nil)
        #expect(logged.earned.isEmpty)
        #expect(logged.evaluation?.streak.totalEvents == 1)
        #expect(try await store.evaluate(userId: user, streakKey: "floss", now: now, timezone: zone).streak.totalEvents == 1)
    }
}
