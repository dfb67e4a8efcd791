import Foundation
import GamificationSupport
import StreakStoreKit
import Synchronization
import SwiftfulGamification
import SwiftfulGamificationFileStore
import SwiftfulGamificationPostgres

/// Writer processes for the throughput benchmark: the benchmarks binary started again with
/// `--writer`, one process per writer, as separate terminals or machines would be. Each opens
/// the store, waits for a common start time, then logs events to random streaks of one user.
enum ConcurrentWriters {
    static let user = "bench"
    static let streakCount = 1_000

    struct Round {
        let eventsPerSecond: Double
        let events: Int
    }

    /// Runs `writers` processes of `eventsEach` writes on `store` (a directory or a database
    /// URL); the rate counts from the common start to the last writer's last commit.
    static func round(benchmarks: String, store: String, writers: Int, eventsEach: Int, seed: Int, writerFlag: String = "--writer") throws -> Round {
        let start = Date().timeIntervalSince1970 + 1.5  // every writer connected and waiting by then
        let processes = try (0..<writers).map { writer in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: benchmarks)
            process.arguments = [writerFlag, store, String(eventsEach), String(seed * 100 + writer), String(start)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            return (process, output)
        }
        var ends: [Double] = []
        for (process, output) in processes {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0, let end = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw BenchmarkFailure("a writer on \(store) failed (exit \(process.terminationStatus)): \(text)")
            }
            ends.append(end)
        }
        return Round(eventsPerSecond: Double(writers * eventsEach) / (ends.max()! - start), events: writers * eventsEach)
    }

    /// `--writer STORE COUNT SEED START`: logs COUNT events from START on; prints when it finished.
    static func writerMain(_ arguments: [String]) -> Int32 {
        guard arguments.count == 4, let count = Int(arguments[1]), let seed = UInt64(arguments[2]), let start = Double(arguments[3]) else {
            FileHandle.standardError.write(Data("usage: benchmarks --writer STORE COUNT SEED START\n".utf8))
            return 2
        }
        do {
            try Measure.blocking { try await write(store: arguments[0], count: count, seed: seed, start: start) }
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 1
        }
    }

    /// One writer's events, from the common start on; prints when the last was committed.
    private static func write(store location: String, count: Int, seed: UInt64, start: Double) async throws {
        let store = try open(location)
        _ = try await store.streakKeys(userId: user)  // connected before the start
        try await Task.sleep(for: .seconds(max(0, start - Date().timeIntervalSince1970)))
        var random = SeededGenerator(seed: seed)
        let zone = TimeZone(identifier: "America/New_York")!
        for _ in 0..<count {
            let now = Date()
            let event = StreakEvent(id: UUID().uuidString, dateCreated: now, timezone: zone.identifier)
            _ = try await store.addEvents(
                [event], userId: user, streakKey: "s\(random.next() % UInt64(streakCount))", now: now, timezone: zone, freshIds: true, creating: nil
            )
        }
        print(Date().timeIntervalSince1970)
        await store.close()
    }

    /// The user's streaks s0…s999, created on `store`.
    static func createStreaks(_ location: String) throws {
        try Measure.blocking {
            let store = try open(location)
            for index in 0..<streakCount {
                _ = try await store.createStreak(
                    userId: user, configuration: StreakConfiguration(streakKey: "s\(index)"), now: Workload.now, timezone: TimeZone(identifier: "UTC")!
                )
            }
            await store.close()
        }
    }

    /// How many events the user's streaks hold on `store`.
    static func storedEvents(_ location: String) throws -> Int {
        try Measure.blocking {
            let store = try open(location)
            var total = 0
            for key in try await store.streakKeys(userId: user) { total += try await store.events(userId: user, streakKey: key).count }
            await store.close()
            return total
        }
    }

    private static func open(_ location: String) throws -> any StreakStore {
        PostgresLocation.isURL(location) ? PostgresStreakStore(database: try PostgresLocation(url: location)) : FileStreakStore(rootPath: location).onOwnThreads
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
