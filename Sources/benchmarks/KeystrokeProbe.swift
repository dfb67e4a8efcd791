import Foundation

/// Drives the real dashboard in a pseudo-terminal (`script`) with its hidden trace file and
/// measures keystrokes: the calculations run and store files read between a key and the
/// frame that shows its result (and the reads after the write returned), the frames drawn
/// for the key, and the time between the key and its frame.
enum KeystrokeProbe {
    struct Keystroke {
        let seconds: Double
        let calculations: Int
        let reads: Int
        let readsAfterWrite: Int
        let frames: Int
    }

    struct Frame {
        let time: UInt64
        let calculations: Int
        let reads: Int
        let events: Int
        /// The event after which it was drawn ("tick" for the clock's own redraw each second).
        let after: String
    }

    /// Starts `command` (a dashboard) in a 200x60 pseudo-terminal; its keys go to the pipe.
    static func dashboard(_ command: String) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", command, "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment.merge(["TERM": "xterm-256color", "COLUMNS": "200", "LINES": "60"]) { _, new in new }
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, input)
    }

    /// Runs `body` with a dashboard on the store (its trace file and its keyboard), quitting
    /// it after.
    private static func withDashboard<T>(streaks: String, store: String, user: String, _ body: (String, Pipe) throws -> T) throws -> T {
        let trace = NSTemporaryDirectory() + "streaks-bench-trace-\(getpid())"
        let (process, input) = try dashboard("\(streaks) dashboard --store \(store) --user \(user) --trace-file \(trace)")
        defer {
            try? input.fileHandleForWriting.write(contentsOf: Data("q".utf8))
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: trace)
        }
        return try body(trace, input)
    }

    static func run(streaks: String, store: String, user: String, presses: Int) throws -> [Keystroke] {
        try withDashboard(streaks: streaks, store: store, user: user) { trace, input in
            var last = try waitForFrame(trace, after: 0) { $0.events >= 0 }
            // Let the start settle (every manager's first update) before pressing anything.
            Thread.sleep(forTimeInterval: 1)
            last = try frames(trace).last ?? last
            var keystrokes: [Keystroke] = []
            for _ in 0..<presses {
                let keyCount = try keys(trace).count
                try input.fileHandleForWriting.write(contentsOf: Data(" ".utf8))
                let pressed = try waitFor(trace) { (try? keys($0).count).map { $0 > keyCount } ?? false }
                let keyTime = try keys(pressed).last!
                let frame = try waitForFrame(trace, after: keyTime) { $0.events > last.events }
                // Whatever the key still causes (an echo, a late frame) lands within this pause.
                Thread.sleep(forTimeInterval: 0.3)
                let writtenReads = try written(trace).last { $0.time > keyTime }?.reads ?? frame.reads
                let drawn = try frames(trace).filter { $0.time > keyTime && $0.after != "tick" }
                keystrokes.append(Keystroke(
                    seconds: Double(frame.time - keyTime) / 1e9, calculations: frame.calculations - last.calculations,
                    reads: frame.reads - last.reads, readsAfterWrite: (drawn.last?.reads ?? frame.reads) - writtenReads, frames: drawn.count
                ))
                last = drawn.last ?? frame
            }
            return keystrokes
        }
    }

    /// The time from each press of `key` to the next frame drawn for it (not the clock's).
    static func keyToFrame(streaks: String, store: String, user: String, key: String, presses: Int) throws -> [Double] {
        try withDashboard(streaks: streaks, store: store, user: user) { trace, input in
            _ = try waitForFrame(trace, after: 0) { $0.events >= 0 }
            Thread.sleep(forTimeInterval: 1)
            var times: [Double] = []
            for _ in 0..<presses {
                let keyCount = try keys(trace).count
                try input.fileHandleForWriting.write(contentsOf: Data(key.utf8))
                let pressed = try waitFor(trace) { (try? keys($0).count).map { $0 > keyCount } ?? false }
                let keyTime = try keys(pressed).last!
                let frame = try waitForFrame(trace, after: keyTime) { $0.after != "tick" }
                times.append(Double(frame.time - keyTime) / 1e9)
                Thread.sleep(forTimeInterval: 0.2)
            }
            return times
        }
    }

    private static func lines(_ path: String) throws -> [Substring] {
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n") ?? []
    }

    private static func keys(_ path: String) throws -> [UInt64] {
        try lines(path).filter { $0.hasPrefix("key ") }.compactMap { UInt64($0.dropFirst(4)) }
    }

    /// The "written" lines: when each write returned, and the reads so far.
    private static func written(_ path: String) throws -> [(time: UInt64, reads: Int)] {
        try lines(path).filter { $0.hasPrefix("written ") }.compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 3, let time = UInt64(parts[1]), let reads = Int(parts[2].dropFirst("reads=".count)) else { return nil }
            return (time, reads)
        }
    }

    /// The first frame a trace shows with the selected streak's data in it.
    static func firstFrameWithStreak(_ path: String) throws -> Frame? {
        try frames(path).first { $0.events >= 0 }
    }

    private static func frames(_ path: String) throws -> [Frame] {
        try lines(path).filter { $0.hasPrefix("frame ") }.compactMap { line in
            var fields: [String: String] = [:]
            let parts = line.split(separator: " ")
            for part in parts.dropFirst(2) {
                let pair = part.split(separator: "=", maxSplits: 1)
                if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
            }
            guard let time = UInt64(parts[1]), let calculations = fields["calculations"].flatMap(Int.init),
                  let reads = fields["reads"].flatMap(Int.init), let events = fields["events"].flatMap(Int.init) else { return nil }
            return Frame(time: time, calculations: calculations, reads: reads, events: events, after: fields["after"] ?? "")
        }
    }

    private static func waitFor(_ path: String, seconds: Double = 30, _ condition: (String) throws -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition(path) { return path }
            Thread.sleep(forTimeInterval: 0.002)
        }
        throw ProbeError.timedOut(path)
    }

    private static func waitForFrame(_ path: String, after time: UInt64, _ condition: (Frame) -> Bool) throws -> Frame {
        var found: Frame?
        _ = try waitFor(path) { path in
            found = try frames(path).first { $0.time > time && condition($0) }
            return found != nil
        }
        return found!
    }

    enum ProbeError: Error { case timedOut(String) }
}
