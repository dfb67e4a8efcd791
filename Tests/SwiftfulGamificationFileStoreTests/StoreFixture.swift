import Foundation
@testable import SwiftfulGamification
@testable import SwiftfulGamificationFileStore

let newYork = TimeZone(identifier: "America/New_York")!

/// The wall-clock instant "YYYY-MM-DD HH:MM[:SS]" in New York.
func at(_ text: String, _ zone: TimeZone = newYork) -> Date {
    let parts = text.split(whereSeparator: { "- :".contains($0) }).map { Int($0)! }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar.date(from: DateComponents(
        year: parts[0], month: parts[1], day: parts[2], hour: parts.count > 3 ? parts[3] : 0,
        minute: parts.count > 4 ? parts[4] : 0, second: parts.count > 5 ? parts[5] : 0
    ))!
}

func event(_ text: String, id: String = UUID().uuidString, metadata: [String: GamificationDictionaryValue] = [:]) -> StreakEvent {
    StreakEvent(id: id, dateCreated: at(text), timezone: "America/New_York", metadata: metadata)
}

/// A store in a fresh temporary directory, removed when the fixture is released.
final class StoreFixture: @unchecked Sendable {
    let root: String
    private(set) var warnings: [String] = []
    private let lock = NSLock()

    init() {
        root = NSTemporaryDirectory() + "streaks-test-" + UUID().uuidString
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs each closure on its own thread, with its own store object (its own open files and
    /// locks, as separate processes have), and waits for all of them.
    func concurrently(_ jobs: [@Sendable (FileStreakStore) -> Void]) {
        let group = DispatchGroup()
        for job in jobs {
            let store = store()
            group.enter()
            Thread.detachNewThread {
                job(store)
                group.leave()
            }
        }
        group.wait()
    }

    /// A new store object on the same files, as another process would open them.
    func store() -> FileStreakStore {
        FileStreakStore(rootPath: root) { [weak self] message in
            guard let self else { return }
            self.lock.withLock { self.warnings.append(message) }
        }
    }

    func path(_ file: String, user: String = "u1", key: String = "daily") -> String {
        "\(root)/users/\(user)/streaks/\(key)/\(file)"
    }

    func contents(_ file: String) -> String {
        (try? String(contentsOfFile: path(file), encoding: .utf8)) ?? ""
    }

    func append(raw text: String, to file: String) {
        if !FileManager.default.fileExists(atPath: path(file)) { _ = FileManager.default.createFile(atPath: path(file), contents: nil) }
        let handle = FileHandle(forWritingAtPath: path(file))!
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        handle.closeFile()
    }

    @discardableResult
    func create(_ configuration: StreakConfiguration = StreakConfiguration(streakKey: "daily", freezeBehavior: .autoConsumeFreezes), now: String = "2024-01-01 08:00") throws -> FileStreakStore {
        let store = store()
        try store.createStreak(userId: "u1", configuration: configuration, now: at(now), timezone: newYork)
        return store
    }
}

extension FileStreakStore {
    @discardableResult
    func log(_ events: [StreakEvent], now: String, key: String = "daily") throws -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        try addEvents(events, userId: "u1", streakKey: key, now: at(now), timezone: newYork)
    }

    func status(now: String, key: String = "daily") throws -> CurrentStreakData {
        try evaluate(userId: "u1", streakKey: key, now: at(now), timezone: newYork).streak
    }
}
