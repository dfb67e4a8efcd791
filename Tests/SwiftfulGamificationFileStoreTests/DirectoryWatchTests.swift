import Foundation
import Synchronization
import Testing
import TestSupport
@testable import SwiftfulGamificationFileStore

/// The watch behind a store's live updates: a change is told once a burst has settled,
/// derived files wake no one, and after `cancel` nothing more is told. Both ways: inotify,
/// and the listing comparison used where there is none.
struct DirectoryWatchTests {
    final class Told: Sendable {
        let batches = Mutex<[Set<String>]>([])
        var all: Set<String> { batches.withLock { $0.reduce(into: Set()) { $0.formUnion($1) } } }
        var count: Int { batches.withLock { $0.count } }
    }

    func directory() throws -> String {
        let path = NSTemporaryDirectory() + "watch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path + "/a", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path + "/b", withIntermediateDirectories: true)
        return path
    }

    func started(_ root: String, notifications: Bool) async -> (DirectoryWatch, Told) {
        let watch = DirectoryWatch(label: "test", notifications: notifications)
        let told = Told()
        watch.watch(root + "/a")
        watch.watch(root + "/b")
        watch.start { changed in told.batches.withLock { $0.append(changed) } }
        // The watch reads on its queue: once a block there has run, it is attached.
        await withCheckedContinuation { continuation in watch.queue.async { continuation.resume() } }
        return (watch, told)
    }

    @Test(arguments: [true, false]) func aWriteIsToldWithItsDirectoryAndDerivedFilesAreNot(notifications: Bool) async throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watch, told) = await started(root, notifications: notifications)
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/b/snapshot.json"))
        try await Task.sleep(for: .milliseconds(600))
        #expect(told.count == 0)
        // The burst is written while the watch's queue is held, so however slow the machine,
        // all of it is waiting when the watch next reads (what a burst is, made certain).
        try watch.queue.sync {
            for line in 0..<5 { try Data("line \(line)\n".utf8).write(to: URL(fileURLWithPath: root + "/a/current.json")) }
        }
        #expect(await eventually(seconds: 240) { told.all == [root + "/a"] })
        if notifications {
            // One burst of writes is told once.
            try await Task.sleep(for: .milliseconds(300))
            #expect(told.count == 1)
        }
        watch.cancel()
    }

    @Test(arguments: [true, false]) func afterCancelNothingIsTold(notifications: Bool) async throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watch, told) = await started(root, notifications: notifications)
        watch.cancel()
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/a/current.json"))
        try await Task.sleep(for: .milliseconds(600))
        #expect(told.count == 0)
    }

    @Test func aWatchStoppedBeforeItStartsStartsNothing() async throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let watch = DirectoryWatch(label: "test")
        watch.cancel()
        let told = Told()
        watch.watch(root + "/a")
        watch.start { changed in told.batches.withLock { $0.append(changed) } }
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/a/current.json"))
        try await Task.sleep(for: .milliseconds(400))
        #expect(told.count == 0)
    }
}
