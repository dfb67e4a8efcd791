import Foundation

/// The PostgreSQL provider against one throwaway server started for the run (durable:
/// fsync on, as the file store's writes are): `status` and `log` on a long history vs a short
/// one, and eight concurrent writers beside the file store's.
enum PostgresBenchmarks {
    static func run(streaks: String, benchmarks: String, sizes: [Int], quick: Bool) -> [Verdict] {
        withServer(streaks: streaks) { app, directory in
            try history(streaks: streaks, database: app, sizes: sizes) + [roundTrips(streaks: streaks, directory: directory, database: app)]
                + [PostgresImportBenchmark.run(streaks: streaks, database: app, size: sizes.last!, runs: quick ? 2 : 3)]
                + writers(benchmarks: benchmarks, database: app, quick: quick)
                + OfflineBenchmarks.run(streaks: streaks, directory: directory, database: app)
        }
    }

    /// The writers measure alone (`benchmarks --writers-only`), for working on it.
    static func runWriters(streaks: String, benchmarks: String, quick: Bool) -> [Verdict] {
        withServer(streaks: streaks) { app, _ in try writers(benchmarks: benchmarks, database: app, quick: quick) }
    }

    /// The import measure alone (`benchmarks --import-only`).
    static func runImport(streaks: String, size: Int) -> [Verdict] {
        withServer(streaks: streaks) { app, _ in [try PostgresImportBenchmark.run(streaks: streaks, database: app, size: size, runs: 3)] }
    }

    /// The offline measures alone (`benchmarks --offline-only`).
    static func runOffline(streaks: String) -> [Verdict] {
        withServer(streaks: streaks) { app, directory in try OfflineBenchmarks.run(streaks: streaks, directory: directory, database: app) }
    }

    /// Runs `body` with the app role's URL and the server's directory on a throwaway server,
    /// stopped afterwards.
    static func withServer(streaks: String, _ body: (_ app: String, _ directory: String) throws -> [Verdict]) -> [Verdict] {
        let directory = "/tmp/streaks-bench-pg-\(getpid())"  // short: a socket path has a length limit
        defer { _ = try? Measure.run("/bin/bash", ["Tests/postgres/cluster.sh", "stop", directory]) }
        do {
            let owner = startServer(directory)
            guard owner.hasPrefix("postgres://") else { throw BenchmarkFailure("no PostgreSQL server (Tests/postgres/cluster.sh start failed)") }
            // The owner migrates the schema; the app role (row-level security bypassed) serves the benchmark's users.
            try Measure.run(streaks, ["list", "--database", owner], expectSuccess: true)
            return try body(owner.replacingOccurrences(of: "postgres://streaks:", with: "postgres://app:"), directory)
        } catch {
            log("postgres: \(error)")
            return [Verdict(measure: "PostgreSQL", result: "not measured: \(error)", target: "measured", met: false)]
        }
    }

    /// Starts the cluster and returns its owner's URL. Not through `Process`: the server
    /// would inherit the descriptor Foundation watches for the child's exit, and
    /// `waitUntilExit` would wait for the server.
    private static func startServer(_ directory: String) -> String {
        let urlFile = directory + ".url"
        defer { try? FileManager.default.removeItem(atPath: urlFile) }
        guard system("FSYNC=on bash Tests/postgres/cluster.sh start \(directory) > \(urlFile) 2>/dev/null") == 0 else { return "" }
        return ((try? String(contentsOfFile: urlFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `status` and `log` with `sizes.last` events of history vs `sizes.first`, interleaved.
    private static func history(streaks: String, database: String, sizes: [Int]) throws -> [Verdict] {
        var users: [Int: String] = [:]
        var importSeconds = 0.0
        for size in sizes {
            let user = "bench-\(size)"
            users[size] = user
            log("postgres: \(size) events")
            let file = NSTemporaryDirectory() + "streaks-bench-pg-\(size)-\(getpid()).jsonl"
            try Workload(count: size).jsonLines().write(toFile: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: file) }
            let pinned = ["--database", database, "--user", user, "--now", "2024-11-14T17:00:00Z"]
            try Measure.run(streaks, ["create", "daily", "--freezes", "auto"] + pinned, expectSuccess: true)
            importSeconds = try Measure.run(streaks, ["import", "daily", file] + pinned, expectSuccess: true).seconds
        }
        let small = sizes.first!, big = sizes.last!
        func compare(_ name: String, runs: Int, target: Double, _ arguments: (String) -> [String]) throws -> Verdict {
            var times: [Int: [Double]] = [:]
            for size in [small, big] { try Measure.run(streaks, arguments(users[size]!), expectSuccess: true) }  // warm the server's cache
            for _ in 0..<runs {
                for size in [small, big] { times[size, default: []].append(try Measure.run(streaks, arguments(users[size]!), expectSuccess: true).seconds) }
            }
            let short = Measure.Spread(times: times[small]!), long = Measure.Spread(times: times[big]!)
            return Verdict(
                measure: "PostgreSQL: \(name) with \(big) events of history vs \(small), \(runs) runs each",
                result: String(format: "worst %.2fx (%@ vs median %@); median %.2fx", long.worst / short.median, ms(long.worst), ms(short.median), long.median / short.median),
                target: String(format: "every run at most %.1fx", target), met: long.worst / short.median <= target
            )
        }
        let status = try compare("`streaks status --json` (the history imported in one transaction: \(ms(importSeconds)))", runs: 7, target: 1.5) {
            ["status", "--json", "--database", database, "--user", $0, "--now", "2024-11-14T17:00:00Z"]
        }
        // Two days on, the stored result no longer holds: calculated from the summary's history.
        let recalculated = try compare("`streaks status` two days after the last write", runs: 7, target: 1.5) {
            ["status", "--database", database, "--user", $0, "--now", "2024-11-16T17:00:00Z"]
        }
        // On the real clock (after the history), as a person logs.
        let logs = try compare("`streaks log`", runs: 10, target: 2) { ["log", "--database", database, "--user", $0] }
        return [status, recalculated, logs]
    }

    /// The statements one `streaks log` sends once connected (each is a round trip): the
    /// server logs every statement meanwhile (`log_statement = all`), counted from its log.
    private static func roundTrips(streaks: String, directory: String, database: String) throws -> Verdict {
        let port = ((try? String(contentsOfFile: directory + "/port", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        func superuser(_ sql: String) throws {
            try Measure.run("/usr/bin/env", ["PGPASSWORD=secret", "psql", "-h", directory, "-p", port, "-U", "postgres", "-d", "postgres", "-qc", sql, "-c", "SELECT pg_reload_conf()"],
                            expectSuccess: true)
        }
        let serverLog = directory + "/server.log"
        func statements() -> Int {
            ((try? String(contentsOfFile: serverLog, encoding: .utf8)) ?? "").split(separator: "\n")
                .filter { $0.contains("LOG:  execute") || $0.contains("LOG:  statement:") }.count
        }
        let pinned = ["--database", database, "--user", "bench-1000"]
        try Measure.run(streaks, ["log"] + pinned, expectSuccess: true)
        try superuser("ALTER SYSTEM SET log_statement = 'all'")
        Thread.sleep(forTimeInterval: 0.5)
        var counts: [Int] = []
        for _ in 0..<3 {
            let before = statements()
            try Measure.run(streaks, ["log"] + pinned, expectSuccess: true)
            Thread.sleep(forTimeInterval: 0.3)  // the server writes its log as it goes
            counts.append(statements() - before)
        }
        try superuser("ALTER SYSTEM RESET log_statement")
        let worst = counts.max() ?? 0
        return Verdict(
            measure: "PostgreSQL: statements (round trips) one `streaks log` sends once connected, 3 runs",
            result: counts.map(String.init).joined(separator: ", "), target: "at most 3", met: worst <= 3
        )
    }

    /// PostgreSQL's rate in this benchmark before the write lost its lock and three round
    /// trips (issue 19 asks for 3x).
    static let writersBefore = 433.0

    /// Eight writer processes over 1000 streaks of one user: events per second on the
    /// database and on a file store, three rounds each, interleaved; every event stored.
    private static func writers(benchmarks: String, database: String, quick: Bool) throws -> [Verdict] {
        let directory = NSTemporaryDirectory() + "streaks-bench-writers-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        log("postgres: 8 writers over \(ConcurrentWriters.streakCount) streaks")
        try ConcurrentWriters.createStreaks(directory)
        try ConcurrentWriters.createStreaks(database)
        try FloorWriters.prepare(owner: database.replacingOccurrences(of: "postgres://app:", with: "postgres://streaks:"))
        let eachWrites = quick ? 50 : 250, rounds = 3
        var rates: [String: [Double]] = [:]
        var written = 0
        for round in 0..<rounds {
            for (name, store, flag) in [("file", directory, "--writer"), ("postgres", database, "--writer"), ("floor", database, "--floor-writer")] {
                sync()
                let result = try ConcurrentWriters.round(benchmarks: benchmarks, store: store, writers: 8, eventsEach: eachWrites, seed: round, writerFlag: flag)
                rates[name, default: []].append(result.eventsPerSecond)
                if name == "file" { written += result.events }
            }
        }
        let stored = (file: try ConcurrentWriters.storedEvents(directory), postgres: try ConcurrentWriters.storedEvents(database))
        let file = Measure.Spread(times: rates["file"]!), postgres = Measure.Spread(times: rates["postgres"]!), floor = Measure.Spread(times: rates["floor"]!)
        func rate(_ spread: Measure.Spread) -> String { String(format: "median %.0f, slowest %.0f events/s", spread.median, spread.times.min()!) }
        // Each round's rate against the floor's in the same round: the machine's speed cancels out.
        let shares = zip(rates["postgres"]!, rates["floor"]!).map { $0 / $1 }.sorted()
        let share = String(format: "%.2fx (lowest %.2fx)", shares[shares.count / 2], shares[0])
        return [Verdict(
            measure: "8 concurrent writers over \(ConcurrentWriters.streakCount) streaks, \(rounds) rounds of \(8 * eachWrites) events",
            result: "PostgreSQL \(rate(postgres)) (\(String(format: "%.1fx", postgres.median / file.median)) the file store, "
                + "\(String(format: "%.1fx", postgres.median / Self.writersBefore)) the \(Int(Self.writersBefore)) events/s measured before issue 19; "
                + "\(share) the floor: "
                + "a notified one-row commit per event from the same processes, \(rate(floor))); "
                + "file store \(rate(file)); stored \(stored.postgres) and \(stored.file) of \(written)",
            target: "3x \(Int(Self.writersBefore)) events/s; every event stored",
            met: stored.file == written && stored.postgres == written && postgres.median >= 3 * Self.writersBefore
        )]
    }
}
