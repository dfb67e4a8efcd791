import Foundation
import Testing
import TestSupport
@testable import SwiftfulGamification

@MainActor
struct ProgressManagerOwnTests {
    private struct Refused: Error {}

    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("progress-\(UUID().uuidString)")
    }

    private func manager(_ remote: MockRemoteProgressService, _ local: any LocalProgressPersistence) -> ProgressManager {
        ProgressManager(services: MockProgressServices(remote: remote, local: local), configuration: .mock())
    }

    @Test func aLowerValueNeverReplacesAHigherOne() async throws {
        let remote = MockRemoteProgressService()
        let progress = manager(remote, MockLocalProgressPersistence())
        try await progress.logIn(userId: "u1")
        try await progress.addProgress(id: "World 1", value: 0.8)
        let kept = try await progress.addProgress(id: "world_1", value: 0.3)
        #expect(kept.value == 0.8)
        #expect(progress.getProgress(id: "World 1") == 0.8)
        #expect(try await remote.getAllProgressItems(userId: "u1", progressKey: "default").map(\.value) == [0.8])
    }

    @Test(arguments: [-0.01, 1.01, Double.nan, Double.infinity])
    func valuesOutsideZeroToOneAreRefused(value: Double) async throws {
        let progress = manager(MockRemoteProgressService(), MockLocalProgressPersistence())
        try await progress.logIn(userId: "u1")
        await #expect(throws: ProgressError.invalidValue) { try await progress.addProgress(id: "a", value: value) }
        #expect(progress.getAllProgressItems().isEmpty)
    }

    @Test func aRefusedWriteIsKeptQueuedAndSentAtTheNextLogIn() async throws {
        let remote = MockRemoteProgressService()
        let local = MockLocalProgressPersistence()
        let progress = manager(remote, local)
        try await progress.logIn(userId: "u1")
        remote.error = Refused()
        await #expect(throws: Refused.self) { try await progress.addProgress(id: "level_3", value: 0.4) }
        await #expect(throws: Refused.self) { try await progress.addProgress(id: "level_3", value: 0.6) }
        #expect(progress.getProgress(id: "level_3") == 0.6)
        #expect(local.getPendingWrites(progressKey: "default").map(\.value) == [0.6])
        remote.error = nil
        let restarted = manager(remote, local)
        try await restarted.logIn(userId: "u1")
        #expect(await eventually { local.getPendingWrites(progressKey: "default").isEmpty })
        #expect(try await remote.getAllProgressItems(userId: "u1", progressKey: "default").map(\.value) == [0.6])
    }

    @Test func aDeletedItemIsNotBroughtBackByItsQueuedWriteAndLogOutDropsTheQueue() async throws {
        let remote = MockRemoteProgressService()
        let local = MockLocalProgressPersistence()
        let progress = manager(remote, local)
        try await progress.logIn(userId: "u1")
        remote.error = Refused()
        _ = try? await progress.addProgress(id: "a", value: 0.4)
        _ = try? await progress.addProgress(id: "b", value: 0.5)
        remote.error = nil
        try await progress.deleteProgress(id: "a")
        #expect(local.getPendingWrites(progressKey: "default").map(\.id) == ["b"])
        await progress.logOut()
        #expect(local.getPendingWrites(progressKey: "default").isEmpty, "not sent as the next user's")
        try await progress.logIn(userId: "u2")
        #expect(try await remote.getAllProgressItems(userId: "u2", progressKey: "default").isEmpty)
    }

    @Test func aValueHereAboveTheRemotesSurvivesLogInAndGoesBack() async throws {
        let remote = MockRemoteProgressService(items: [.mock(id: "a", value: 0.2)])
        let local = MockLocalProgressPersistence(items: [.mock(id: "a", value: 0.9)])
        local.saveUserId("u1", progressKey: "default")
        let progress = manager(remote, local)
        try await progress.logIn(userId: "u1")
        #expect(progress.getProgress(id: "a") == 0.9)
        #expect(await eventually { remote.storedItems(progressKey: "default").first?.value == 0.9 })
    }

    @Test func aDeleteTheRemoteRefusesLeavesTheItemHere() async throws {
        let remote = MockRemoteProgressService()
        let progress = manager(remote, MockLocalProgressPersistence())
        try await progress.logIn(userId: "u1")
        try await progress.addProgress(id: "a", value: 0.5)
        remote.error = Refused()
        await #expect(throws: Refused.self) { try await progress.deleteProgress(id: "a") }
        #expect(progress.getProgress(id: "a") == 0.5)
        remote.error = nil
        try await progress.deleteProgress(id: "a")
        #expect(progress.getProgressItem(id: "a") == nil)
    }

    @Test func idsInAnyScriptStayDistinct() async throws {
        let progress = manager(MockRemoteProgressService(), MockLocalProgressPersistence())
        try await progress.logIn(userId: "u1")
        try await progress.addProgress(id: "日本", value: 0.3)
        try await progress.addProgress(id: "中国", value: 0.7)
        #expect(progress.getAllProgress() == ["日本": 0.3, "中国": 0.7])
    }

    @Test func metadataMergesAndTheCreationDateStays() async throws {
        let progress = manager(MockRemoteProgressService(), MockLocalProgressPersistence())
        try await progress.logIn(userId: "u1")
        let first = try await progress.addProgress(id: "a", value: 0.1, metadata: ["world": 1, "stars": 1])
        let second = try await progress.addProgress(id: "a", value: 0.2, metadata: ["stars": 3])
        #expect(second.metadata == ["world": 1, "stars": 3])
        #expect(second.dateCreated == first.dateCreated)
        #expect(progress.getMaxProgress(forMetadataField: "world", equalTo: 1) == 0.2)
    }

    @Test func theFilePersistenceKeepsItemsUserAndQueueAcrossRestarts() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let remote = MockRemoteProgressService()
        let progress = manager(remote, FileManagerProgressPersistence(directory: folder))
        try await progress.logIn(userId: "u1")
        try await progress.addProgress(id: "World 1", value: 0.5, metadata: ["stars": 2])
        remote.error = Refused()
        _ = try? await progress.addProgress(id: "World 2", value: 0.25)

        let reread = FileManagerProgressPersistence(directory: folder)
        #expect(reread.getUserId(progressKey: "default") == "u1")
        #expect(reread.getProgressItem(progressKey: "default", id: "world_1")?.metadata == ["stars": 2])
        #expect(reread.getPendingWrites(progressKey: "default").map(\.id) == ["World 2"])
        let restarted = manager(remote, reread)
        #expect(restarted.getAllProgress() == ["World 1": 0.5, "World 2": 0.25])
        remote.error = nil
        try await restarted.logIn(userId: "u1")
        #expect(await eventually { reread.getPendingWrites(progressKey: "default").isEmpty })
        await restarted.logOut()
        #expect(FileManagerProgressPersistence(directory: folder).getAllProgressItems(progressKey: "default").isEmpty)
        #expect(FileManagerProgressPersistence(directory: folder).getUserId(progressKey: "default") == nil)
    }

    @Test func aWriteThatFailsChangesNothingInMemory() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let local = FileManagerProgressPersistence(directory: folder)
        try local.saveProgressItem(.mock(id: "a", value: 0.5))
        // A directory where the file goes: the atomic replace fails, even for root.
        let file = folder.appendingPathComponent("progress_default.json")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file.appendingPathComponent("blocker"), withIntermediateDirectories: true)
        #expect(throws: (any Error).self) { try local.saveProgressItem(.mock(id: "a", value: 0.9)) }
        #expect(local.getProgress(progressKey: "default", id: "a") == 0.5)
        #expect(throws: (any Error).self) { try local.addPendingWrite(.mock(id: "b", value: 0.1)) }
        #expect(local.getPendingWrites(progressKey: "default").isEmpty)
    }
}

private extension LocalProgressPersistence {
    func getProgress(progressKey: String, id: String) -> Double? { getProgressItem(progressKey: progressKey, id: id)?.value }
}
