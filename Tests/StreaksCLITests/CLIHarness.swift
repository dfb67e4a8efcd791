import Foundation
import Synchronization
@testable import StreaksCLI

/// Runs `streaks` in-process on a temporary store with captured output.
final class CLIHarness: @unchecked Sendable {
    let store: String
    private let lock = NSLock()
    private var output = ""
    private var errors = ""
    var standardInput: [UInt8] = []
    /// Whether the command sees a terminal on standard output, and more of the environment.
    var outputIsTerminal = false
    var environment: [String: String] = [:]

    init() {
        store = NSTemporaryDirectory() + "streaks-cli-" + UUID().uuidString
        // A store directory made beforehand: `--store` naming a missing one is refused.
        try? FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: store)
    }

    struct Result {
        let code: Int32
        let output: String
        let errors: String
    }

    /// Runs `arguments` with `--store`, New York time and the clock pinned to `now`; with
    /// `now` nil, without `--now`, on a system clock that reads `clock`.
    /// With `shared` false the words go to the parser exactly as given (the store only
    /// through `STREAKS_HOME`).
    func run(_ arguments: [String], now: String? = "2024-01-05T15:00:00Z", clock: Date = Date(timeIntervalSince1970: 0), shared: Bool = true) async -> Result {
        lock.withLock { output = ""; errors = "" }
        let input = standardInput
        let lines = Mutex(String(decoding: input, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...])
        var console = Console(
            environment: ["USER": "tester", "HOME": store, "STREAKS_HOME": store].merging(environment) { _, given in given },
            write: { [weak self] text in self?.lock.withLock { self?.output += text } },
            writeError: { [weak self] text in self?.lock.withLock { self?.errors += text } },
            readStandardInput: { input },
            clock: { clock }
        )
        // Answers read line by line; a final newline ends the input, not an empty answer.
        if lines.withLock({ $0.last == "" }) { lines.withLock { _ = $0.popLast() } }
        console.readLine = { lines.withLock { $0.popFirst() } }
        let terminal = outputIsTerminal
        console.outputIsTerminal = { terminal }
        let global = ["--store", store, "--timezone", "America/New_York"] + (now.map { ["--now", $0] } ?? [])
        let code = await Console.$current.withValue(console) {
            await StreaksCommand.run(shared ? Self.insert(global, into: arguments) : arguments)
        }
        return lock.withLock { Result(code: code, output: output, errors: errors) }
    }

    /// Global options go after the (sub)command words.
    private static func insert(_ global: [String], into arguments: [String]) -> [String] {
        let nested = ["freeze", "skip", "trash"].contains(arguments.first ?? "")
            || (arguments.first == "note" && arguments.count > 1 && ["add", "remove", "list"].contains(arguments[1]))
            || (arguments.first == "points" && arguments.count > 1 && ["on", "off", "per-day", "show"].contains(arguments[1]))
        let commandWords = nested ? 2 : 1
        let split = min(commandWords, arguments.count)
        return Array(arguments[..<split]) + global + Array(arguments[split...])
    }

    /// Every file of the store and its bytes, to prove a command changed nothing.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: store) else { return files }
        for case let path as String in enumerator {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: store + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: store + "/" + path)
            }
        }
        return files
    }

    func statusJSON(now: String = "2024-01-05T15:00:00Z", key: String? = nil) async throws -> [String: Any] {
        let result = await run(["status", "--json"] + (key.map { [$0] } ?? []), now: now)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        // Without a key, an array: the one streak the store holds.
        if key == nil, let array = parsed as? [[String: Any]], array.count == 1 { return array[0] }
        return parsed as! [String: Any]
    }
}
