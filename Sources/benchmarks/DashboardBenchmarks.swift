import Foundation

/// The dashboard on a long history: time to first frame and a keystroke against `streaks
/// status`, and how often an idle dashboard wakes up.
enum DashboardBenchmarks {
    static func run(streaks: String, store: String, size: Int, now: String) throws -> [Verdict] {
        var verdicts: [Verdict] = []
        // To the frame's own time stamp, not to the process's end: closing the store's inotify
        // watch at exit waits for the kernel (an SRCU grace period, about 13 ms here), which
        // is after the frame and not part of it.
        let trace = NSTemporaryDirectory() + "streaks-bench-first-frame-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let dashboard = Measure.Spread(times: try (0..<5).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try Measure.run("/usr/bin/script", ["-qec", "\(streaks) dashboard --exit-after-first-frame --trace-file \(trace) --store \(store) --user bench \(now)", "/dev/null"],
                                environment: ["TERM": "xterm-256color", "COLUMNS": "200", "LINES": "60"])
            guard let frame = try KeystrokeProbe.firstFrameWithStreak(trace) else { throw BenchmarkFailure("the dashboard drew no frame with the streak") }
            return Double(frame.time - start) / 1e9
        })
        let status = Measure.Spread(times: try (0..<5).map { _ in
            try Measure.run("/usr/bin/script", ["-qec", "\(streaks) status --store \(store) --user bench \(now)", "/dev/null"], environment: ["TERM": "xterm-256color"]).seconds
        })
        verdicts.append(Verdict(
            measure: "dashboard: time from launch to the first frame drawn on the \(size) store vs `streaks status` (launch to exit), 5 runs each",
            result: String(format: "median %.2fx (%@ vs %@), worst %.2fx", dashboard.median / status.median, ms(dashboard.median), ms(status.median), dashboard.worst / status.median),
            target: "at most 1.5x", met: dashboard.median / status.median <= 1.5
        ))

        // One keystroke (space: log an event) in the real dashboard on the big store: what it
        // costs from the key to the frame that shows the new event.
        let keystrokes = try KeystrokeProbe.run(streaks: streaks, store: store, user: "bench", presses: 7)
        let keyTimes = Measure.Spread(times: keystrokes.map(\.seconds))
        func values(_ numbers: [Int]) -> String { Set(numbers).sorted().map(String.init).joined(separator: "/") }
        verdicts.append(Verdict(
            measure: "dashboard: a keystroke (log) on the \(size) store: calculations, store files read (after the write returned), frames drawn",
            result: "\(values(keystrokes.map(\.calculations))) calculation, \(values(keystrokes.map(\.reads))) files read (\(values(keystrokes.map(\.readsAfterWrite))) after the write), \(values(keystrokes.map(\.frames))) frame",
            target: "1 calculation, 0 reads after the write, 1 frame",
            met: keystrokes.allSatisfy { $0.calculations == 1 && $0.readsAfterWrite == 0 && $0.frames == 1 }
        ))
        verdicts.append(Verdict(
            measure: "dashboard: key to updated frame vs `streaks status`, \(keystrokes.count) keys",
            result: String(format: "median %@, worst %@ (%.2fx status)", ms(keyTimes.median), ms(keyTimes.worst), keyTimes.median / status.median),
            target: "at most 1.5x status", met: keyTimes.median / status.median <= 1.5
        ))
        verdicts.append(try ChartBenchmarks.opening(streaks: streaks, store: store, size: size, firstFrame: dashboard))
        verdicts.append(try idleWakeups(streaks: streaks, store: store))
        return verdicts
    }

    /// An idle dashboard (no key pressed, the real clock) followed by strace for 10 s.
    static func idleWakeups(streaks: String, store: String) throws -> Verdict {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else {
            return Verdict(measure: "dashboard: wakeups of an idle dashboard", result: "not measured: no strace", target: "at most 1 + input per second", met: false)
        }
        let (process, input) = try KeystrokeProbe.dashboard("exec \(streaks) dashboard --store \(store) --user bench")
        defer {
            try? input.fileHandleForWriting.write(contentsOf: Data("q".utf8))
            process.waitUntilExit()
        }
        // The dashboard is script's child; let it start and settle.
        Thread.sleep(forTimeInterval: 4)
        let children = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/children", encoding: .utf8)) ?? ""
        guard let pid = children.split(separator: " ").first else { throw BenchmarkFailure("the dashboard did not start") }
        let output = NSTemporaryDirectory() + "streaks-bench-strace-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let waits = "epoll_wait,epoll_pwait,poll,ppoll,nanosleep,clock_nanosleep,select,pselect6"
        _ = try? Measure.run("/usr/bin/timeout", ["10", "/usr/bin/strace", "-f", "-tt", "-e", "trace=\(waits)", "-o", output, "-p", String(pid)])
        // A wakeup is an instant the process's threads come back from waiting: the waits
        // that return within 10 ms of each other are one (a timer, then the main queue it wakes).
        var instants: [Double] = []
        for line in ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n") where line.contains(") = ") || line.contains("resumed>") {
            let fields = line.split(separator: " ")
            guard fields.count > 1 else { continue }
            let clock = fields[1].split(separator: ":")
            guard clock.count == 3, let hours = Double(clock[0]), let minutes = Double(clock[1]), let seconds = Double(clock[2]) else { continue }
            instants.append(hours * 3_600 + minutes * 60 + seconds)
        }
        instants.sort()
        var wakeups = 0
        var last = -1.0
        for instant in instants {
            if instant - last > 0.01 { wakeups += 1 }
            last = instant
        }
        let perSecond = Double(wakeups) / 10
        return Verdict(
            measure: "dashboard: wakeups of an idle dashboard on the real clock (instants its threads return from waiting, strace over 10 s)",
            result: String(format: "%.1f per second", perSecond), target: "at most 1 + input per second", met: perSecond <= 1.2
        )
    }
}
