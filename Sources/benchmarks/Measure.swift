import Foundation
import Synchronization

/// Wall-clock timing and child processes for the benchmarks.
enum Measure {
    /// The median of `runs` timings of `body`, in seconds.
    static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }

    struct ProcessResult {
        let seconds: Double
        let peakKilobytes: Int
        let output: String
    }

    /// Runs a command under GNU time; returns its wall time and peak resident memory.
    @discardableResult
    /// With `expectSuccess`, a command that fails throws.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], expectSuccess: Bool = false) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%e %M", "-o", timeFile, executable] + arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        // Timed to the end of its output, which comes as it exits: Foundation's waitUntilExit
        // polls every 50 ms, and added that to about two runs in three.
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        process.waitUntilExit()
        if expectSuccess, process.terminationStatus != 0 {
            throw BenchmarkFailure("\(([executable] + arguments).joined(separator: " ")) failed (exit \(process.terminationStatus))")
        }
        let fields = ((try? String(contentsOfFile: timeFile, encoding: .utf8)) ?? "0 0").split(separator: " ")
        return ProcessResult(seconds: seconds, peakKilobytes: Int(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "0") ?? 0, output: String(decoding: data, as: UTF8.self))
    }

    /// The median wall time of `runs` runs of a command.
    static func medianRun(runs: Int, _ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Double {
        var times: [Double] = []
        for _ in 0..<runs { times.append(try run(executable, arguments, environment: environment).seconds) }
        return times.sorted()[times.count / 2]
    }

    /// The median and the worst of several timings: a slow path taken now and then shows in
    /// the worst, where a best-of-N would hide it.
    struct Spread {
        let times: [Double]
        var median: Double { times.sorted()[times.count / 2] }
        var worst: Double { times.max() ?? 0 }
    }

    /// Runs `body` to the end from synchronous code (the benchmarks' main thread).
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<T, any Error>?>(nil)
        Task {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }

    private static let timeFile = NSTemporaryDirectory() + "streaks-bench-time-\(getpid())"
}
