import Foundation
import SwiftfulGamification
import SwiftfulGamificationPostgres
import SwiftfulGamificationReplica

/// Offline first: `streaks log` and `status` with the server stopped (the copy on this
/// machine answers and queues) against the same commands online, in the same run; and
/// pushing 10,000 queued events once the server is back.
enum OfflineBenchmarks {
    static func run(streaks: String, directory: String, database: String) throws -> [Verdict] {
        let state = NSTemporaryDirectory() + "streaks-bench-state-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let environment = ["XDG_STATE_HOME": state]
        let user = "bench-offline"
        let pinned = ["--database", database, "--user", user]
        log("offline: 1000 events of history online")
        let file = NSTemporaryDirectory() + "streaks-bench-offline-\(getpid()).jsonl"
        try Workload(count: 1_000).jsonLines().write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Measure.run(streaks, ["create", "daily", "--freezes", "auto"] + pinned, environment: environment, expectSuccess: true)
        try Measure.run(streaks, ["import", "daily", file] + pinned, environment: environment, expectSuccess: true)
        func times(_ runs: Int) throws -> (status: Measure.Spread, log: Measure.Spread) {
            var status: [Double] = [], logs: [Double] = []
            try Measure.run(streaks, ["status", "--json"] + pinned, environment: environment, expectSuccess: true)
            for _ in 0..<runs {
                status.append(try Measure.run(streaks, ["status", "--json"] + pinned, environment: environment, expectSuccess: true).seconds)
                logs.append(try Measure.run(streaks, ["log"] + pinned, environment: environment, expectSuccess: true).seconds)
            }
            return (Measure.Spread(times: status), Measure.Spread(times: logs))
        }
        let online = try times(15)
        pause(directory)
        defer { resume(directory) }
        log("offline: the server stopped")
        let offline = try times(15)
        let verdicts = [("`streaks status --json`", online.status, offline.status), ("`streaks log`", online.log, offline.log)].map { name, up, down in
            Verdict(
                measure: "Offline: \(name) with the server stopped vs online (copy on this machine), 15 runs each",
                result: String(format: "median %@ vs %@ (%.2fx), worst %@ vs %@", ms(down.median), ms(up.median), down.median / up.median, ms(down.worst), ms(up.worst)),
                target: "offline no slower than online", met: down.median <= up.median * 1.1
            )
        }
        return verdicts + [try push(database: database, state: state, directory: directory)]
    }

    /// 10,000 logs queued on a copy while the server is stopped (as many `addEvents`), then
    /// one sync once it is back: events per second of that push.
    private static func push(database: String, state: String, directory: String) throws -> Verdict {
        let count = 10_000
        let location = try PostgresLocation(url: database)
        let copy = state + "/push"
        log("offline: queueing \(count) events")
        let queued = try Measure.blocking {
            let remote = PostgresStreakStore(database: location)
            let store = try ReplicatedStreakStore(remote: remote, directory: copy, userId: "bench-push")
            let zone = TimeZone(identifier: "UTC")!
            let start = Date().addingTimeInterval(-Double(count) * 60)
            for index in 0..<count {
                let event = StreakEvent(dateCreated: start.addingTimeInterval(Double(index) * 60), timezone: "UTC")
                _ = try await store.addEvents(
                    [event], userId: "bench-push", streakKey: "walk", now: Date(), timezone: zone, freshIds: true,
                    creating: StreakConfiguration(streakKey: "walk")
                )
            }
            await store.close()
            await remote.close()
            return store.syncState.pendingChanges
        }
        resume(directory)
        log("offline: pushing \(queued) changes")
        let (seconds, stored) = try Measure.blocking {
            let remote = PostgresStreakStore(database: location)
            let store = try ReplicatedStreakStore(remote: remote, directory: copy, userId: "bench-push")
            let clock = ContinuousClock()
            let started = clock.now
            let report = try await store.sync(now: Date(), timezone: TimeZone(identifier: "UTC")!)
            let elapsed = clock.now - started
            let stored = try await remote.events(userId: "bench-push", streakKey: "walk").count
            await store.close()
            await remote.close()
            guard report.pushed == count, report.refused.isEmpty else { throw BenchmarkFailure("pushed \(report.pushed) of \(count)") }
            return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, stored)
        }
        return Verdict(
            measure: "Offline: one sync pushing \(count) queued logs (then reading the streak back into the copy)",
            result: String(format: "%.0f events/s (%@); %d stored", Double(count) / seconds, ms(seconds), stored),
            target: "every event stored once", met: stored == count
        )
    }

    private static func pause(_ directory: String) {
        _ = system("bash Tests/postgres/cluster.sh pause \(directory) >/dev/null 2>&1")
    }

    /// Started with `system`, not `Process` (see `PostgresBenchmarks.startServer`).
    private static func resume(_ directory: String) {
        _ = system("bash Tests/postgres/cluster.sh resume \(directory) >/dev/null 2>&1")
    }
}
