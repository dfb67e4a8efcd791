import Foundation
import Testing
import TestSupport
@testable import SwiftfulGamification

@MainActor
struct ExperiencePointsManagerOwnTests {
    private struct Refused: Error {}
    private let zone = TimeZone(identifier: "Europe/Berlin")!
    private let clock = TestClock(Date(timeIntervalSince1970: 1_773_136_800))  // 2026-03-10 10:00 UTC

    private func manager(remote: MockRemoteExperiencePointsService, local: any LocalExperiencePointsPersistence = MockLocalExperiencePointsPersistence(),
                         server: Bool = false) -> ExperiencePointsManager {
        let clock = clock
        let zone = zone
        return ExperiencePointsManager(
            services: MockExperiencePointsServices(remote: remote, local: local),
            configuration: ExperiencePointsConfiguration(experienceKey: "main", useServerCalculation: server),
            now: { clock.now }, timeZone: { zone }
        )
    }

    @Test func pointsAddedNowCountTodayOnThePinnedClockAndCarryTheUsersZone() async throws {
        let remote = MockRemoteExperiencePointsService()
        let xp = manager(remote: remote)
        try await xp.logIn(userId: "u1")
        let event = try await xp.addExperiencePoints(points: 30, metadata: ["source": "streak"])
        try await xp.addExperiencePoints(points: 12)
        #expect(event.dateCreated == clock.now)
        #expect(event.timezone == "Europe/Berlin")
        #expect(xp.currentExperiencePointsData.pointsToday == 42)
        #expect(xp.currentExperiencePointsData.eventsTodayCount == 2)
        #expect(try await xp.getAllExperiencePointsEvents(forField: "source", equalTo: "streak").map(\.points) == [30])
        clock.set(clock.now.addingTimeInterval(86_400))
        await xp.recalculateExperiencePointsAndWait()
        #expect(xp.currentExperiencePointsData.pointsToday == 0)
        #expect(xp.currentExperiencePointsData.pointsAllTime == 42)
    }

    @Test func aNegativeEventTakesPointsBackAndTheSameIdIsStoredOnce() async throws {
        let remote = MockRemoteExperiencePointsService()
        let xp = manager(remote: remote)
        try await xp.logIn(userId: "u1")
        let earned = ExperiencePointsEvent(id: "day-1", dateCreated: clock.now, points: 10, timezone: zone.identifier)
        try await xp.addExperiencePointsEvent(earned)
        try await xp.addExperiencePointsEvent(earned)
        #expect(xp.currentExperiencePointsData.pointsAllTime == 10)
        try await xp.addExperiencePointsEvent(ExperiencePointsEvent(id: "day-1-back", dateCreated: clock.now, points: -10, timezone: zone.identifier))
        #expect(xp.currentExperiencePointsData.pointsAllTime == 0)
    }

    @Test func theServerCalculatesInTheUsersZoneAndTheResultArrivesThroughTheStream() async throws {
        let clock = clock
        let remote = MockRemoteExperiencePointsService(now: { clock.now }, playsServer: true)
        let xp = manager(remote: remote, server: true)
        try await xp.logIn(userId: "u1")
        try await xp.addExperiencePoints(points: 25)
        #expect(await eventually { xp.currentExperiencePointsData.pointsToday == 25 })
        #expect(remote.serverCalculationCount >= 2)
    }

    @Test func aRefusedWriteThrowsAndChangesNothing() async throws {
        let remote = MockRemoteExperiencePointsService()
        let xp = manager(remote: remote)
        try await xp.logIn(userId: "u1")
        try await xp.addExperiencePoints(points: 5)
        remote.error = Refused()
        await #expect(throws: Refused.self) { try await xp.addExperiencePoints(points: 100) }
        #expect(xp.currentExperiencePointsData.pointsAllTime == 5)
        remote.error = nil
        #expect(try await xp.getAllExperiencePointsEvents().count == 1)
    }

    @Test func withoutAUserNothingIsRecorded() async {
        let xp = manager(remote: MockRemoteExperiencePointsService())
        await #expect(throws: ExperiencePointsError.notLoggedIn) { try await xp.addExperiencePoints(points: 5) }
        await #expect(throws: ExperiencePointsError.notLoggedIn) { try await xp.getAllExperiencePointsEvents() }
    }

    @Test func theFileCacheKeepsTheLastPointsForTheNextStart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let local = FileManagerExperiencePointsPersistence(directory: folder)
        let remote = MockRemoteExperiencePointsService()
        let xp = manager(remote: remote, local: local)
        try await xp.logIn(userId: "u1")
        try await xp.addExperiencePoints(points: 70)
        #expect(await eventually { local.getSavedExperiencePointsData(experienceKey: "main")?.pointsAllTime == 70 })
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("current_xp_main.txt").path))
        let restarted = manager(remote: remote, local: FileManagerExperiencePointsPersistence(directory: folder))
        #expect(restarted.currentExperiencePointsData.pointsAllTime == 70)
        #expect(restarted.currentExperiencePointsData.userId == "u1")
        restarted.logOut()
        #expect(local.getSavedExperiencePointsData(experienceKey: "main")?.pointsAllTime == 0)
    }

    @Test func aFailedListenerIsAttachedAgainByTheNextWrite() async throws {
        let remote = MockRemoteExperiencePointsService()
        let logger = XPLogger()
        let clock = clock
        let zone = zone
        let xp = ExperiencePointsManager(
            services: MockExperiencePointsServices(remote: remote, local: MockLocalExperiencePointsPersistence()),
            configuration: .mock(), logger: logger, now: { clock.now }, timeZone: { zone }
        )
        remote.error = Refused()
        try await xp.logIn(userId: "u1")
        #expect(await eventually { logger.names.contains("XPMan_RemoteListener_Fail") })
        remote.error = nil
        try await xp.addExperiencePoints(points: 1)
        #expect(logger.names.filter { $0 == "XPMan_RemoteListener_Start" }.count == 2)
        #expect(await eventually { logger.names.contains("XPMan_RemoteListener_Success") })
    }
}

@MainActor
final class XPLogger: GamificationLogger {
    var names: [String] = []
    func trackEvent(event: any GamificationLogEvent) { names.append(event.eventName) }
    func addUserProperties(dict: [String: Any], isHighPriority: Bool) {}
}
