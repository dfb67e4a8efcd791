import DashboardDemo
import Foundation
import StreakDashboard
import SwiftfulGamification

// Benchmarks of the calculator, the store and the screen, with a baseline measured in the
// same run. Prints a table and writes it to RESULTS.md and docs/PERFORMANCE.md.
// Run: swift build -c release && .build/release/benchmarks
let arguments = CommandLine.arguments
if arguments.count > 1, arguments[1] == "--writer" { exit(ConcurrentWriters.writerMain(Array(arguments.dropFirst(2)))) }
if arguments.count > 1, arguments[1] == "--floor-writer" { exit(FloorWriters.writerMain(Array(arguments.dropFirst(2)))) }
let quick = arguments.contains("--quick")
let resultsPath = "Sources/benchmarks/RESULTS.md"
let binDirectory = URL(fileURLWithPath: arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
let streaks = binDirectory + "/streaks"
// Commands keep their copies of the database's streaks (offline first) in a directory of the run's own.
let stateDirectory = NSTemporaryDirectory() + "streaks-bench-xdg-state-\(getpid())"
setenv("XDG_STATE_HOME", stateDirectory, 1)
atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "streaks-bench-xdg-state-\(getpid())") }
if arguments.contains("--offline-only") {
    // The offline measures alone, for working on them (nothing written to RESULTS.md).
    for verdict in PostgresBenchmarks.runOffline(streaks: streaks) {
        print("\(verdict.measure): \(verdict.result) (target \(verdict.target): \(verdict.met ? "met" : "not met"))")
    }
    exit(0)
}
if arguments.contains("--writers-only") {
    // The PostgreSQL writers measure alone, for working on it (nothing written to RESULTS.md).
    for verdict in PostgresBenchmarks.runWriters(streaks: streaks, benchmarks: binDirectory + "/benchmarks", quick: quick) {
        print("\(verdict.measure): \(verdict.result) (target \(verdict.target): \(verdict.met ? "met" : "not met"))")
    }
    exit(0)
}
if arguments.contains("--server-only") {
    // streaks serve on PostgreSQL under load alone (nothing written to RESULTS.md).
    for verdict in ServerBenchmarks.run(streaks: streaks, quick: quick) {
        print("\(verdict.measure): \(verdict.result) (target \(verdict.target): \(verdict.met ? "met" : "not met"))")
    }
    exit(0)
}
if arguments.contains("--dashboard-only") {
    // The dashboard's measures alone on a store of a million events (nothing written to RESULTS.md).
    let size = quick ? 100_000 : 1_000_000
    let store = NSTemporaryDirectory() + "streaks-bench-dashboard-\(getpid())"
    try? FileManager.default.removeItem(atPath: store)
    try Measure.run(streaks, ["create", "daily", "--store", store, "--user", "bench", "--now", "2014-01-01T00:00:00Z", "--freezes", "auto"])
    try Workload(count: size).jsonLines().write(toFile: store + "/users/bench/streaks/daily/events.jsonl", atomically: true, encoding: .utf8)
    _ = try Measure.run(streaks, ["status", "--store", store, "--user", "bench", "--now=2024-11-14T17:00:00Z"])
    for verdict in try DashboardBenchmarks.run(streaks: streaks, store: store, size: size, now: "--now=2024-11-14T17:00:00Z") {
        print("\(verdict.measure): \(verdict.result) (target \(verdict.target): \(verdict.met ? "met" : "not met"))")
    }
    try? FileManager.default.removeItem(atPath: store)
    exit(0)
}
if arguments.contains("--import-only") {
    // PostgreSQL's import against psql \copy alone (nothing written to RESULTS.md).
    for verdict in PostgresBenchmarks.runImport(streaks: streaks, size: quick ? 100_000 : 1_000_000) {
        print("\(verdict.measure): \(verdict.result) (target \(verdict.target): \(verdict.met ? "met" : "not met"))")
    }
    exit(0)
}
if arguments.contains("--points-only") {
    // What points cost a write, alone (nothing written to RESULTS.md).
    let verdict = try PointsBenchmark.run(streaks: streaks)
    print("\(verdict.measure): \(verdict.result) (target \(verdict.target): \(verdict.met ? "met" : "not met"))")
    exit(0)
}
if arguments.contains("--charts-only") {
    // The strength and chart series alone (nothing written to RESULTS.md); the chart view's
    // opening is measured with the dashboard (--dashboard-only).
    let verdict = ChartBenchmarks.series()
    print("\(verdict.measure): \(verdict.result) (target \(verdict.target): \(verdict.met ? "met" : "not met"))")
    exit(0)
}
if arguments.contains("--json-only") {
    let verdict = JSONBenchmarks.run()
    print("\(verdict.measure): \(verdict.result) (target \(verdict.target): \(verdict.met ? "met" : "not met"))")
    exit(0)
}
let zone = TimeZone(identifier: "America/New_York")!
if arguments.contains("--schedules-only") {
    // Rules 8, 9 and 12's calculator measures alone (nothing written to RESULTS.md).
    for verdict in ScheduleBenchmarks.calculator(size: quick ? 100_000 : 1_000_000, zone: zone) {
        print("\(verdict.measure): \(verdict.result) (target \(verdict.target): \(verdict.met ? "met" : "not met"))")
    }
    exit(0)
}
if arguments.contains("--amounts-only") {
    // The calculator's rule 10 and leeway-change measures alone (nothing written to RESULTS.md).
    for verdict in AmountBenchmarks.calculator(size: quick ? 100_000 : 1_000_000, zone: zone) {
        print("\(verdict.measure): \(verdict.result) (target \(verdict.target): \(verdict.met ? "met" : "not met"))")
    }
    exit(0)
}
let commandsOnly = arguments.contains("--commands-only")
let sizes = quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000]
let largest = sizes.last!

struct Verdict {
    let measure: String
    let result: String
    let target: String
    let met: Bool
}
var verdicts: [Verdict] = []
var calculatorRows: [String] = []
func log(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
func ms(_ seconds: Double) -> String { seconds < 0.01 ? String(format: "%.2f ms", seconds * 1_000) : seconds < 1 ? String(format: "%.0f ms", seconds * 1_000) : String(format: "%.2f s", seconds) }

// MARK: Calculator

var calculatorTimes: [Int: Double] = [:]
var baselineAtLargest = 0.0
var ourAtLargest = 0.0
var agree = true
let freezes = (0..<5).map { StreakFreeze(id: "f\($0)", dateEarned: Workload.now.addingTimeInterval(-400 * 86_400)) }
for size in commandsOnly ? [] : sizes {
    log("calculator: \(size) events")
    let workload = Workload(count: size)
    var cells: [String] = []
    for (goal, leeway) in [(1, 0), (1, 3), (3, 0), (3, 3)] {
        let configuration = StreakConfiguration(streakKey: "bench", eventsRequiredPerDay: goal, leewayHours: leeway, freezeBehavior: .autoConsumeFreezes)
        let time = Measure.median(runs: 3) {
            _ = StreakCalculator.calculateStreak(events: workload.events, freezes: freezes, configuration: configuration, currentDate: Workload.now, timezone: zone)
        }
        if goal == 1, leeway == 0 { calculatorTimes[size] = time }
        cells.append(ms(time))
    }
    let plain = StreakConfiguration(streakKey: "bench", freezeBehavior: .noFreezes)
    let ours = StreakCalculator.calculateStreak(events: workload.events, configuration: plain, currentDate: Workload.now, timezone: zone).streak
    var baseline = (current: 0, longest: 0)
    let baselineTime = Measure.median(runs: size >= 1_000_000 ? 1 : 3) { baseline = Baseline.streak(events: workload.events, now: Workload.now, zone: zone) }
    // Nine runs: ours takes milliseconds and two cores, so a busy moment moves one run a lot.
    let ourTime = Measure.median(runs: 9) { _ = StreakCalculator.calculateStreak(events: workload.events, configuration: plain, currentDate: Workload.now, timezone: zone) }
    let same = baseline.current == ours.currentStreak && baseline.longest == ours.longestStreak
    agree = agree && same
    if size == largest { baselineAtLargest = baselineTime; ourAtLargest = ourTime }
    calculatorRows.append("| \(size) | " + cells.joined(separator: " | ") + " | \(ms(baselineTime)) | \(String(format: "%.0fx", baselineTime / ourTime)) | \(same ? "yes" : "NO") (\(ours.currentStreak ?? -1)/\(ours.longestStreak ?? -1)) |")
}
verdicts.append(Verdict(measure: "calculator, \(largest) events, vs the startOfDay baseline", result: String(format: "%.0fx faster (%@ vs %@)", baselineAtLargest / ourAtLargest, ms(ourAtLargest), ms(baselineAtLargest)), target: "at least 100x", met: baselineAtLargest / ourAtLargest >= 100))
verdicts.append(Verdict(measure: "calculator and baseline give the same streaks", result: agree ? "yes, every size" : "NO", target: "same numbers", met: agree))
if let small = calculatorTimes[100_000], let big = calculatorTimes[1_000_000] {
    let factor = big / small / 10
    verdicts.append(Verdict(measure: "calculator scaling 100k -> 1M", result: String(format: "%.2fx of linear (%@ -> %@)", factor, ms(small), ms(big)), target: "within 1.2x of linear", met: factor <= 1.2))
}

if arguments.contains("--calculator-only") {
    // The calculator's table and verdicts alone (nothing written to RESULTS.md).
    calculatorRows.forEach { print($0) }
    verdicts.forEach { print("\($0.measure): \($0.result) (target \($0.target): \($0.met ? "met" : "not met"))") }
    exit(0)
}
verdicts += ScheduleBenchmarks.calculator(size: largest, zone: zone)
verdicts += AmountBenchmarks.calculator(size: largest, zone: zone)
verdicts.append(JSONBenchmarks.run())
verdicts.append(ChartBenchmarks.series())

// MARK: Store and command

func makeStore(_ size: Int) throws -> String {
    let store = NSTemporaryDirectory() + "streaks-bench-\(size)-\(getpid())"
    try? FileManager.default.removeItem(atPath: store)
    try Measure.run(streaks, ["create", "daily", "--store", store, "--user", "bench", "--now", "2014-01-01T00:00:00Z", "--freezes", "auto"])
    try Workload(count: size).jsonLines().write(toFile: store + "/users/bench/streaks/daily/events.jsonl", atomically: true, encoding: .utf8)
    return store
}

let now = "--now=2024-11-14T17:00:00Z"
let storeSizes = quick ? [1_000, 100_000] : [1_000, 1_000_000]
var stores: [Int: String] = [:]
for size in storeSizes { log("store: \(size) events"); stores[size] = try makeStore(size) }
// Flush the freshly written logs so that no measured fsync waits on them.
sync()
let bigStore = stores[storeSizes.last!]!
let statusArguments = ["status", "--json", "--store", bigStore, "--user", "bench", now]
let firstLoad = try Measure.run(streaks, statusArguments)
let status = try Measure.medianRun(runs: 7, streaks, statusArguments)
let statusMemory = try Measure.run(streaks, statusArguments).peakKilobytes
let lineCount = try Measure.medianRun(runs: 7, "/usr/bin/wc", ["-l", bigStore + "/users/bench/streaks/daily/events.jsonl"])
verdicts.append(Verdict(measure: "`streaks status --json`, \(storeSizes.last!)-event store, vs `wc -l` on the log", result: String(format: "%.1fx (%@ vs %@)", status / lineCount, ms(status), ms(lineCount)), target: "at most 2x", met: status / lineCount <= 2))
verdicts.append(Verdict(measure: "first load with no snapshot (the log read once)", result: "\(ms(firstLoad.seconds)), \(firstLoad.peakKilobytes / 1_024) MB", target: "about a second", met: firstLoad.seconds <= 1.5))
verdicts.append(Verdict(measure: "peak memory of `streaks status` at \(storeSizes.last!) events", result: "\(statusMemory / 1_024) MB (first load \(firstLoad.peakKilobytes / 1_024) MB)", target: "under 200 MB", met: max(statusMemory, firstLoad.peakKilobytes) < 200 * 1_024))

if !commandsOnly {
    // `streaks events` (a line per event, each in its own zone) vs `export` of the same 100k store,
    // interleaved, 5 runs each.
    let eventsStore = try stores[100_000] ?? makeStore(100_000)
    _ = try Measure.run(streaks, ["status", "--store", eventsStore, "--user", "bench", now])  // the first load builds the snapshot
    var eventsTimes: [Double] = []
    var exportTimes: [Double] = []
    for _ in 0..<5 {
        eventsTimes.append(try Measure.run(streaks, ["events", "--store", eventsStore, "--user", "bench", now]).seconds)
        exportTimes.append(try Measure.run(streaks, ["export", "--store", eventsStore, "--user", "bench", now]).seconds)
    }
    let exportMedian = exportTimes.sorted()[2]
    let eventsRatios = eventsTimes.map { $0 / exportMedian }.sorted()
    verdicts.append(Verdict(
        measure: "`streaks events` vs `export`, 100000 events, 5 runs each",
        result: String(format: "worst %.2fx (%@ vs median %@); median %.2fx", eventsRatios.last!, ms(eventsTimes.max()!), ms(exportMedian), eventsRatios[2]),
        target: "every run at most 2x", met: eventsRatios.last! <= 2
    ))

    // `import` of the whole log into an empty store vs a first load of the same log.
    let importSource = NSTemporaryDirectory() + "streaks-bench-import-\(getpid()).jsonl"
    try Workload(count: storeSizes.last!).jsonLines().write(toFile: importSource, atomically: true, encoding: .utf8)
    var importTimes: [Double] = []
    var firstLoadTimes: [Double] = []
    for run in 0..<3 {
        let target = NSTemporaryDirectory() + "streaks-bench-imported-\(getpid())-\(run)"
        try? FileManager.default.removeItem(atPath: target)
        // An empty store: `--store` must name a directory that exists.
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        // Each run starts with no writeback of the previous one pending.
        sync()
        importTimes.append(try Measure.run(streaks, ["import", "daily", importSource, "--store", target, "--user", "bench", now]).seconds)
        // A first load: no snapshot, no id index, no published evaluation to reuse.
        for derived in ["snapshot.json", "ids.bin", "current.json"] {
            try? FileManager.default.removeItem(atPath: target + "/users/bench/streaks/daily/" + derived)
        }
        sync()
        firstLoadTimes.append(try Measure.run(streaks, ["status", "--store", target, "--user", "bench", now]).seconds)
        try? FileManager.default.removeItem(atPath: target)
    }
    try? FileManager.default.removeItem(atPath: importSource)
    let imports = Measure.Spread(times: importTimes)
    let loads = Measure.Spread(times: firstLoadTimes)
    verdicts.append(Verdict(
        measure: "`streaks import` of \(storeSizes.last!) events vs a first load of the same log, 3 runs each",
        result: String(format: "worst %.2fx (%@ vs median %@); median %.2fx", imports.worst / loads.median, ms(imports.worst), ms(loads.median), imports.median / loads.median),
        target: "at most 3x", met: imports.worst / loads.median <= 3
    ))

    // MARK: Screen

    verdicts += try DashboardBenchmarks.run(streaks: streaks, store: bigStore, size: storeSizes.last!, now: now)

    let frameState = DemoStreaks.state(DemoStreaks.many(50), width: 300, height: 80)
    let frames = Measure.Spread(times: (0..<301).map { _ in Measure.median(runs: 1) { _ = Render.render(frameState) } })
    verdicts.append(Verdict(
        measure: "dashboard: render of one 300x80 frame with 50 streaks", result: "median \(ms(frames.median)), worst \(ms(frames.worst))",
        target: "under 2 ms", met: frames.median < 0.002
    ))
}

// Last: these add events on the real clock, after the pinned `now` the runs above use.
// `log` on the real clock (not --now): the stored time and the reply's clock must agree at
// any instant, or some runs fall back to reading the whole log. Runs interleave the sizes.
var logRuns: [Int: [Double]] = [:]
for size in storeSizes { _ = try Measure.run(streaks, ["status", "--store", stores[size]!, "--user", "bench"]) }
for _ in 0..<10 {
    for size in storeSizes {
        // An fsync also waits for other files' pending writes (ext4): start with none.
        sync()
        logRuns[size, default: []].append(try Measure.run(streaks, ["log", "--store", stores[size]!, "--user", "bench"]).seconds)
    }
}
let smallLog = Measure.Spread(times: logRuns[storeSizes.first!]!)
let bigLog = Measure.Spread(times: logRuns[storeSizes.last!]!)
verdicts.append(Verdict(
    measure: "`streaks log` with \(storeSizes.last!) events of history vs 1k, 10 runs each",
    result: String(format: "worst %.2fx (%@ vs median %@); median %.2fx", bigLog.worst / smallLog.median, ms(bigLog.worst), ms(smallLog.median), bigLog.median / smallLog.median),
    target: "every run at most 1.5x", met: bigLog.worst / smallLog.median <= 1.5
))
// On the big store: it adds a weekly, a monthly and two rolling streaks beside the daily one.
let shapeVerdicts = try ScheduleBenchmarks.status(store: bigStore)
verdicts += shapeVerdicts
if commandsOnly {
    // `status` and `log` at scale alone (nothing written to RESULTS.md).
    for verdict in verdicts.suffix(4 + shapeVerdicts.count) { print("\(verdict.measure): \(verdict.result) (target \(verdict.target): \(verdict.met ? "met" : "not met"))") }
    for store in stores.values { try? FileManager.default.removeItem(atPath: store) }
    exit(0)
}

verdicts.append(try AmountStatusBenchmark.status(store: bigStore))
verdicts.append(try PointsBenchmark.run(streaks: streaks))
for store in stores.values { try? FileManager.default.removeItem(atPath: store) }

// MARK: PostgreSQL

verdicts += PostgresBenchmarks.run(streaks: streaks, benchmarks: binDirectory + "/benchmarks", sizes: storeSizes, quick: quick)

// MARK: Report

let machine = "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB"
var report = "| measure | result | target | met |\n|---|---|---|---|\n"
for verdict in verdicts { report += "| \(verdict.measure) | \(verdict.result) | \(verdict.target) | \(verdict.met ? "yes" : "**no**") |\n" }
report += "\nCalculator (median of 3; auto freezes; baseline: goal 1, leeway 0, no freezes):\n\n"
report += "| events | goal 1, leeway 0 | goal 1, leeway 3 | goal 3, leeway 0 | goal 3, leeway 3 | baseline | ours vs baseline | same streak (current/longest) |\n|---|---|---|---|---|---|---|---|\n"
report += calculatorRows.joined(separator: "\n") + "\n"
report += "\nRelease build, \(machine); wall-clock medians measured in one run, so ratios are what to compare.\n"
print(report)
if !quick {
    try ("# Benchmarks\n\nMade by `swift build -c release && .build/release/benchmarks`.\n\n" + report).write(toFile: resultsPath, atomically: true, encoding: .utf8)
    if let readme = try? String(contentsOfFile: "docs/PERFORMANCE.md", encoding: .utf8),
       let start = readme.range(of: "<!-- benchmarks:start -->"), let end = readme.range(of: "<!-- benchmarks:end -->") {
        let updated = readme.replacingCharacters(in: start.upperBound..<end.lowerBound, with: "\n" + report)
        try updated.write(toFile: "docs/PERFORMANCE.md", atomically: true, encoding: .utf8)
    }
}
