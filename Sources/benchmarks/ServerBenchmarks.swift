import Foundation
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationPostgres

/// `streaks serve --database` under load on the throwaway PostgreSQL server (fsync on):
/// `POST /v1/changes` (a log) from 32 clients at once for 256 users, against 32 writers through
/// the library straight to PostgreSQL measured in the same run; `GET /v1/streaks/{key}`; a
/// change reaching 200 open event streams. HTTP load comes from `wrk` (Debian's package), the
/// streams from a Python reader; both on loopback, bounded in time.
enum ServerBenchmarks {
    /// Clients at once, each a connection of `wrk` or a task of the library's baseline.
    static let clients = 32
    /// Users, each with a token and a daily streak: a server's load is many people logging a
    /// few times a day. (With one user per client, each streak gathered some 600 events on one
    /// day, and every write carried the 200 latest of them in its history and evaluation.)
    static let users = 256
    static let now = "2024-11-14T17:00:00Z"

    /// The measures alone (`benchmarks --server-only`).
    static func run(streaks: String, quick: Bool) -> [Verdict] {
        let rounds = quick ? 2 : 3
        let onFiles: [Verdict]
        do {
            onFiles = [try measureFileStore(streaks: streaks, rounds: rounds)]
        } catch {
            onFiles = [Verdict(measure: "GET on the file store", result: "failed: \(error)", target: "measured", met: false)]
        }
        return PostgresBenchmarks.withServer(streaks: streaks) { app, _ in try measure(streaks: streaks, app: app, rounds: rounds) } + onFiles
    }

    /// `GET /v1/streaks/{key}` on `streaks serve`'s default store, the file store: one user
    /// (the file store serves its owner), a daily streak kept for three years.
    static func measureFileStore(streaks: String, rounds: Int) throws -> Verdict {
        let root = NSTemporaryDirectory() + "streaks-bench-serve-\(getpid())"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let days = 3 * 365
        let start = ISODate.parse(now)!.addingTimeInterval(-Double(days) * 86_400)
        let events = (0..<days).map { day in
            #"{"id":"e\#(day)","date_created":"\#(ISODate.format(start.addingTimeInterval(Double(day) * 86_400)))","timezone":"UTC"}"#
        }
        let change = #"{"change":"log","key":"daily","creating":{"streak_id":"daily"},"events":["# + events.joined(separator: ",") + "]}"
        let input = root + ".json"
        defer { try? FileManager.default.removeItem(atPath: input) }
        try change.write(toFile: input, atomically: true, encoding: .utf8)
        _ = try Measure.run("/bin/sh", ["-c", "\"$0\" apply --store \"$1\" --user bench --now \"$2\" < \"$3\"", streaks, root, now, input], expectSuccess: true)
        let made = try Measure.run(streaks, ["token", "create", "--store", root, "--user", "bench"], expectSuccess: true)
        let token = made.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let serving = try ServedProcess(streaks: streaks, store: ["--store", root], now: now)
        defer { serving.stop() }
        var gets: [LoadRound] = []
        for round in 0..<rounds {
            log("server on the file store: round \(round + 1) of \(rounds)")
            gets.append(try wrk(serving.url + "/streaks/daily", tokens: [token], post: false, seconds: 5, round: round))
        }
        let rates = gets.map(\.perSecond).sorted(), p99s = gets.map(\.p99).sorted()
        return Verdict(
            measure: "GET /v1/streaks/{key}, \(clients) clients, the file store (a three-year daily streak)",
            result: String(format: "%.0f/s median, %.0f/s slowest round; p99 %@ median, %@ worst", rates[rates.count / 2], rates[0], ms(p99s[p99s.count / 2]), ms(p99s.last!)),
            target: "at least 5,000/s, p99 under 20 ms", met: rates[0] >= 5_000 && p99s.last! < 0.02
        )
    }

    static func measure(streaks: String, app: String, rounds: Int) throws -> [Verdict] {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/wrk") else {
            return [Verdict(measure: "server", result: "not measured: no wrk (apt-get install wrk)", target: "measured", met: false)]
        }
        let server = app.replacingOccurrences(of: "postgres://app:", with: "postgres://server:")
        let names = (0..<users).map { String(format: "srv%03d", $0) }
        var tokens: [String] = []
        for name in names {
            let made = try Measure.run(streaks, ["token", "create", "--database", server, "--user", name], expectSuccess: true)
            tokens.append(made.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let library = PostgresStreakStore(database: try PostgresLocation(url: app), connections: 8)
        try Measure.blocking {
            for name in names {
                _ = try await library.apply(
                    .create(StreakConfiguration(streakKey: "daily")), to: StreakRef(userId: name, key: "daily"), at: ISODate.parse(now)!, timezone: .gmt
                )
            }
        }
        let serving = try ServedProcess(streaks: streaks, store: ["--database", server], now: now)
        defer { serving.stop() }

        var baseline: [LoadRound] = [], posts: [LoadRound] = [], gets: [LoadRound] = []
        for round in 0..<rounds {
            log("server: round \(round + 1) of \(rounds)")
            baseline.append(try libraryRound(library, names: names, seconds: 5, round: round))
            posts.append(try wrk(serving.url + "/changes", tokens: tokens, post: true, seconds: 5, round: round))
            gets.append(try wrk(serving.url + "/streaks/daily", tokens: tokens, post: false, seconds: 5, round: round))
        }
        let stored = try Measure.blocking {
            var count = 0
            for name in names { count += try await library.events(userId: name, streakKey: "daily").count }
            return count
        }
        let answered = baseline.map(\.requests).reduce(0, +) + posts.map(\.requests).reduce(0, +)
        let streams = try streamDelays(serving.url, token: tokens[0], streams: 200, changes: 20)
        try? Measure.blocking { await library.close() }

        func rate(_ rounds: [LoadRound]) -> (median: Double, worst: Double) {
            let rates = rounds.map(\.perSecond).sorted()
            return (rates[rates.count / 2], rates.first!)
        }
        func p99(_ rounds: [LoadRound]) -> (median: Double, worst: Double) {
            let values = rounds.map(\.p99).sorted()
            return (values[values.count / 2], values.last!)
        }
        let (postRate, baseRate, getRate) = (rate(posts), rate(baseline), rate(gets))
        let (postP99, baseP99, getP99) = (p99(posts), p99(baseline), p99(gets))
        let ratio = baseRate.median / postRate.median
        // Requests cut off when a round's time ran out may be stored without being counted.
        let storedOnce = stored >= answered && stored <= answered + 2 * clients * rounds
        return [
            Verdict(
                measure: "POST /v1/changes (log), \(clients) clients, \(users) users, PostgreSQL",
                result: String(format: "%.0f/s median, %.0f/s slowest round; p99 %@ median, %@ worst; stored once: %@", postRate.median, postRate.worst, ms(postP99.median), ms(postP99.worst), storedOnce ? "yes" : "NO (\(stored) stored, \(answered) answered)"),
                target: "at least 1,000/s, p99 under 50 ms", met: postRate.worst >= 1_000 && postP99.worst < 0.05 && storedOnce
            ),
            Verdict(
                measure: "POST through the server vs the library straight to PostgreSQL (\(clients) writers)",
                result: String(format: "library %.0f/s median (p99 %@): the server at %.2fx of it", baseRate.median, ms(baseP99.median), 1 / ratio),
                target: "the server within 2x", met: ratio <= 2
            ),
            Verdict(
                measure: "GET /v1/streaks/{key}, \(clients) clients, \(users) users, PostgreSQL",
                result: String(format: "%.0f/s median, %.0f/s slowest round; p99 %@ median, %@ worst", getRate.median, getRate.worst, ms(getP99.median), ms(getP99.worst)),
                target: "at least 5,000/s, p99 under 20 ms", met: getRate.worst >= 5_000 && getP99.worst < 0.02
            ),
            Verdict(
                measure: "a change to 200 open event streams",
                result: String(format: "p99 %@, median %@, worst %@ (%d deliveries)", ms(streams.p99), ms(streams.median), ms(streams.worst), streams.count),
                target: "p99 under 200 ms", met: streams.p99 < 0.2 && streams.count == 200 * 20
            ),
        ]
    }

    struct LoadRound {
        let perSecond: Double
        let p99: Double
        let requests: Int
    }

    /// `clients` tasks logging through the library for `seconds`, each to its share of the users in turn.
    static func libraryRound(_ store: PostgresStreakStore, names: [String], seconds: Double, round: Int) throws -> LoadRound {
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(seconds * 1e9)
        let latencies = try Measure.blocking {
            try await withThrowingTaskGroup(of: [Double].self) { group in
                for client in 0..<clients {
                    let share = stride(from: client, to: names.count, by: clients).map { names[$0] }
                    group.addTask {
                        var took: [Double] = []
                        while DispatchTime.now().uptimeNanoseconds < deadline {
                            let name = share[took.count % share.count]
                            let event = StreakEvent(id: "lib\(round)-\(client)-\(took.count)", dateCreated: ISODate.parse("2024-11-14T16:00:00Z")!, timezone: "UTC")
                            let began = DispatchTime.now().uptimeNanoseconds
                            _ = try await store.apply(.addEvents([event], creating: nil), to: StreakRef(userId: name, key: "daily"), at: ISODate.parse(now)!, timezone: .gmt)
                            took.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9)
                        }
                        return took
                    }
                }
                return try await group.reduce(into: [Double]()) { $0 += $1 }
            }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let sorted = latencies.sorted()
        return LoadRound(perSecond: Double(sorted.count) / elapsed, p99: sorted[min(sorted.count - 1, sorted.count * 99 / 100)], requests: sorted.count)
    }

    /// `wrk` with `clients` connections on two threads for `seconds`: each request a user's token in
    /// turn; a POST logs an event of an id no other request uses.
    static func wrk(_ url: String, tokens: [String], post: Bool, seconds: Int, round: Int) throws -> LoadRound {
        let script = NSTemporaryDirectory() + "streaks-bench-wrk-\(getpid()).lua"
        defer { try? FileManager.default.removeItem(atPath: script) }
        try """
        local tokens = {\(tokens.map { "\"\($0)\"" }.joined(separator: ","))}
        local threads = 0
        -- wrk's two threads start half the users apart: in step, each user would get two requests at once.
        function setup(thread) threads = threads + 1; thread:set("tag", threads); thread:set("counter", (threads - 1) * math.floor(#tokens / 2)) end
        counter = 0
        request = function()
            counter = counter + 1
            local headers = {["Authorization"] = "Bearer " .. tokens[counter % #tokens + 1], ["Content-Type"] = "application/json"}
            if \(post ? "true" : "false") then
                local body = '{"change":"log","key":"daily","events":[{"id":"w\(round)-' .. tag .. '-' .. counter .. '","date_created":"2024-11-14T16:00:00Z","timezone":"UTC"}]}'
                return wrk.format("POST", nil, headers, body)
            end
            return wrk.format("GET", nil, headers)
        end
        done = function(summary) io.write(string.format("non200 %d\\n", summary.errors.status)) end
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let result = try Measure.run("/usr/bin/wrk", ["-t2", "-c\(clients)", "-d\(seconds)s", "--latency", "-s", script, url], expectSuccess: true)
        let text = result.output
        func number(after label: String) -> Double? {
            guard let line = text.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) }) else { return nil }
            return line.split(separator: " ").dropFirst(label.split(separator: " ").count).first.flatMap(latencySeconds)
        }
        guard let perSecond = number(after: "Requests/sec:"), let p99 = number(after: "99%"),
              let total = text.split(separator: "\n").first(where: { $0.contains("requests in") }).flatMap({ Int($0.split(separator: " ").first ?? "") }) else {
            throw BenchmarkFailure("wrk said: \(text)")
        }
        if let errors = text.split(separator: "\n").first(where: { $0.hasPrefix("non200 ") }), errors != "non200 0" {
            throw BenchmarkFailure("wrk saw answers other than 200 (\(errors)) from \(url)")
        }
        return LoadRound(perSecond: perSecond, p99: p99, requests: total)
    }

    /// "12.3ms", "850.00us", "1.2s" or a plain number, in seconds (a plain number as is).
    static func latencySeconds(_ text: Substring) -> Double? {
        for (suffix, scale) in [("us", 1e-6), ("ms", 1e-3), ("s", 1.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * scale }
        }
        return Double(text)
    }

    /// Opens `streams` event streams, then makes `changes` logs one after another; the time
    /// from each log's request to its event on every stream.
    static func streamDelays(_ url: String, token: String, streams: Int, changes: Int) throws -> (p99: Double, median: Double, worst: Double, count: Int) {
        let script = NSTemporaryDirectory() + "streaks-bench-sse-\(getpid()).py"
        defer { try? FileManager.default.removeItem(atPath: script) }
        try streamReader.write(toFile: script, atomically: true, encoding: .utf8)
        let host = URL(string: url)!
        let result = try Measure.run("/usr/bin/python3", [script, host.host!, String(host.port!), token, String(streams), String(changes)], expectSuccess: true)
        let delays = result.output.split(separator: "\n").compactMap { Double($0) }.sorted()
        guard !delays.isEmpty else { throw BenchmarkFailure("no stream delays measured") }
        return (delays[min(delays.count - 1, delays.count * 99 / 100)], delays[delays.count / 2], delays.last!, delays.count)
    }

    /// Opens N streams with asyncio, waits until each has its first state, then sends each
    /// change and records, per stream, when the streak's new count arrives (one line each).
    static let streamReader = #"""
    import asyncio, json, sys, time
    host, port, token, count, changes = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    sent = {}
    initial = []
    delays = []

    async def stream(ready):
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(("GET /v1/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n" % token).encode())
        await writer.drain()
        primed = False
        seen = 0
        while seen < changes:
            line = await reader.readline()
            if not line:
                return
            text = line.decode(errors="replace")
            if text.startswith("data: ") and '"streak_id":"daily"' in text:
                n = json.loads(text[6:])["today_event_count"]
                if not primed:
                    primed = True
                    initial.append(n)
                    ready.release()
                elif n in sent:
                    delays.append(time.monotonic() - sent[n])
                    seen += 1
        writer.close()

    async def post(body):
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(("POST /v1/changes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % (token, len(body))).encode() + body)
        await writer.drain()
        await reader.read()
        writer.close()

    async def main():
        ready = asyncio.Semaphore(0)
        tasks = [asyncio.create_task(stream(ready)) for _ in range(count)]
        for _ in range(count):
            await asyncio.wait_for(ready.acquire(), 60)
        for i in range(changes):
            body = json.dumps({"change": "log", "key": "daily", "events": [{"id": "sse-%d-%f" % (i, time.time()), "date_created": "2024-11-14T16:00:00Z", "timezone": "UTC"}]}).encode()
            sent[initial[0] + i + 1] = time.monotonic()
            await post(body)
            await asyncio.sleep(0.2)
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 30)

    asyncio.run(main())
    for d in delays:
        print(d)
    """#
}

/// `streaks serve` running for the benchmark, on a free port.
final class ServedProcess {
    let process = Process()
    let url: String

    /// - Parameter store: `--store DIR` or `--database URL`.
    init(streaks: String, store: [String], now: String) throws {
        process.executableURL = URL(fileURLWithPath: streaks)
        process.arguments = ["serve"] + store + ["--listen", "127.0.0.1:0", "--now", now]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("(Ctrl-C") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw BenchmarkFailure("streaks serve ended: \(text)") }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+/v1"#, options: .regularExpression) else { throw BenchmarkFailure("no address in: \(text)") }
        url = String(text[range])
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
