import Foundation
import SwiftfulGamification
import Testing

/// Upstream-style code for every public progress declaration, compiled against ours.
@MainActor
struct ProgressCompatibilityTests {
    private struct AppServices: ProgressServices {
        let remote: RemoteProgressService
        let local: LocalProgressPersistence
    }

    @Test func configurationAndItems() throws {
        #expect(ProgressConfiguration(progressKey: "default") == .mockDefault())
        #expect(ProgressConfiguration.mockLevel().progressKey == "level")
        #expect(ProgressConfiguration.mockAchievements().progressKey == "achievements")
        #expect(ProgressConfiguration.mock(progressKey: "course").progressKey == "course")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let item = ProgressItem(id: "World 1", progressKey: "default", value: 0.5, dateCreated: date, dateModified: date, metadata: ["stars": 2])
        #expect(item.sanitizedId == "world_1" && item.compositeId == "default_world_1")
        #expect(item.isValid && item.isIdValid && item.isValueValid && item.isMetadataValid)
        #expect(!ProgressItem(id: "x", progressKey: "default", value: 1.5).isValueValid)
        #expect(item.eventParameters["progress_value"] as? Double == 0.5)
        #expect(item.eventParameters["progress_metadata_stars"] as? Int == 2)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(item)) as? [String: Any]
        #expect(json?["progress_key"] as? String == "default")
        #expect(json?["date_created"] as? Double == date.timeIntervalSinceReferenceDate)
        let decoded = try JSONDecoder().decode(ProgressItem.self, from: JSONEncoder().encode(item))
        #expect(decoded.id == item.id && decoded.metadata == item.metadata)
        #expect(ProgressItem.mock().value == 0.5 && ProgressItem.mock(id: "a", value: 0.1).id == "a")
        #expect(ProgressItem.CodingKeys.dateModified.rawValue == "date_modified")
    }

    @Test func theManagerOnMockServices() async throws {
        let services = MockProgressServices(items: [.mock(id: "a", value: 0.4)])
        let manager = ProgressManager(services: services, configuration: .mockDefault(), logger: nil)
        try await manager.logIn(userId: "u1")
        #expect(manager.getProgress(id: "a") == 0.4)
        let item = try await manager.addProgress(id: "b", value: 0.7, metadata: ["world": 1])
        #expect(item.value == 0.7)
        try await manager.addProgress(id: "b", value: 0.9)
        #expect(manager.getProgressItem(id: "b")?.metadata == ["world": 1])
        #expect(manager.getAllProgress() == ["a": 0.4, "b": 0.9])
        #expect(manager.getAllProgressItems().count == 2)
        #expect(manager.getProgressItems(forMetadataField: "world", equalTo: 1).map(\.id) == ["b"])
        #expect(manager.getMaxProgress(forMetadataField: "world", equalTo: 1) == 0.9)
        await #expect(throws: ProgressError.self) { try await manager.addProgress(id: "c", value: 2) }
        try await manager.deleteProgress(id: "a")
        try await manager.deleteAllProgress()
        #expect(manager.getAllProgressItems().isEmpty)
        await manager.logOut()
        do {
            try await manager.addProgress(id: "a", value: 0.1)
        } catch let error as ProgressError {
            switch error {
            case .notLoggedIn: break
            case .invalidValue: Issue.record("expected notLoggedIn")
            }
        }
    }

    @Test func theMocksAndTheFilePersistenceDirectly() async throws {
        let remote = MockRemoteProgressService(items: [.mock(id: "a")])
        let (updates, deletions) = remote.streamProgressUpdates(userId: "u", progressKey: "default")
        var updateIterator = updates.makeAsyncIterator()
        #expect(try await updateIterator.next()?.id == "a")
        var deletionIterator = deletions.makeAsyncIterator()
        try await remote.deleteProgress(userId: "u", progressKey: "default", id: "a")
        #expect(try await deletionIterator.next() == "a")
        try await remote.addProgress(userId: "u", progressKey: "default", item: .mock(id: "b"))
        #expect(try await remote.getAllProgressItems(userId: "u", progressKey: "default").map(\.id) == ["b"])
        try await remote.deleteAllProgress(userId: "u", progressKey: "default")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for local in [MockLocalProgressPersistence() as LocalProgressPersistence, FileManagerProgressPersistence(directory: folder)] {
            try local.saveProgressItem(.mock(id: "a", value: 0.2))
            try await local.saveProgressItems([.mock(id: "b", value: 0.3)])
            #expect(local.getProgressItem(progressKey: "default", id: "a")?.value == 0.2)
            #expect(local.getAllProgressItems(progressKey: "default").count == 2)
            try local.deleteProgressItem(progressKey: "default", id: "a")
            try await local.deleteAllProgressItems(progressKey: "default")
            local.saveUserId("u1", progressKey: "default")
            #expect(local.getUserId(progressKey: "default") == "u1")
            try local.addPendingWrite(.mock(id: "c", value: 0.5))
            try local.addPendingWrite(.mock(id: "c", value: 0.4))
            #expect(local.getPendingWrites(progressKey: "default").map(\.value) == [0.5])
            try local.clearPendingWrites(progressKey: "default")
            #expect(local.getPendingWrites(progressKey: "default").isEmpty)
        }
        let own = AppServices(remote: remote, local: MockLocalProgressPersistence(items: []))
        _ = ProgressManager(services: own, configuration: ProgressConfiguration(progressKey: "default"))
    }
}
