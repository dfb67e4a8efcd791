import Foundation
import SwiftfulGamification

extension FileStreakStore {
    /// Yields the streak's evaluation now, after every change to its files by any process
    /// (within about 100 ms), and when the day or the leeway boundary passes with no write.
    /// Equal consecutive evaluations are yielded once. The stream ends when its consumer
    /// stops iterating; it fails if the streak does not exist.
    public func watch(
        userId: String,
        streakKey: String,
        now: @escaping @Sendable () -> Date,
        timezone: @escaping @Sendable () -> TimeZone
    ) -> AsyncThrowingStream<StreakEvaluation, any Error> {
        let (stream, continuation) = AsyncThrowingStream<StreakEvaluation, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let stop = StopFlag()
        continuation.onTermination = { _ in stop.set() }
        let thread = Thread { [self] in
            do {
                let folder = try self.folder(userId: userId, streakKey: streakKey)
                var last = try self.evaluate(userId: userId, streakKey: streakKey, now: now(), timezone: timezone())
                continuation.yield(last)
                let signal = FileChangeSignal(directory: folder.directory, files: ["events.jsonl", "freezes.jsonl", "config.json", "current.json"])
                let leeway = { (try? self.settings(userId: userId, streakKey: streakKey).configuration.leewayHours) ?? 0 }
                var boundary = Self.nextBoundary(after: now(), timezone: timezone(), leewayHours: leeway())
                while !stop.isSet {
                    let untilBoundary = boundary.timeIntervalSince(now())
                    let changed = signal.wait(timeout: min(signal.usesNotifications ? 0.25 : 0.1, max(untilBoundary, 0)))
                    let crossed = now() >= boundary
                    guard changed || crossed, !stop.isSet else { continue }
                    let evaluation: StreakEvaluation
                    if crossed {
                        // A new day may consume freezes: record them (once, under the lock).
                        evaluation = try (try? self.recalculate(userId: userId, streakKey: streakKey, now: now(), timezone: timezone()))
                            ?? self.evaluate(userId: userId, streakKey: streakKey, now: now(), timezone: timezone())
                        boundary = Self.nextBoundary(after: now(), timezone: timezone(), leewayHours: leeway())
                    } else {
                        evaluation = try self.evaluate(userId: userId, streakKey: streakKey, now: now(), timezone: timezone())
                    }
                    if !evaluation.sameAs(last) {
                        last = evaluation
                        continuation.yield(evaluation)
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        thread.name = "streaks-watch-\(streakKey)"
        thread.start()
        return stream
    }

    /// The next midnight or leeway boundary (`L`:00) after `date` in `timezone`.
    static func nextBoundary(after date: Date, timezone: TimeZone, leewayHours: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timezone
        let today = calendar.startOfDay(for: date)
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: today) ?? date.addingTimeInterval(86_400)
        var candidates = [tomorrow]
        if leewayHours > 0, leewayHours < 24 {
            for day in [today, tomorrow] {
                if let boundary = calendar.date(bySettingHour: leewayHours, minute: 0, second: 0, of: day) { candidates.append(boundary) }
            }
        }
        return candidates.filter { $0 > date }.min() ?? tomorrow
    }
}

extension StreakEvaluation {
    /// Equal but for when it was calculated.
    func sameAs(_ other: StreakEvaluation) -> Bool {
        guard today == other.today, freezeConsumptions == other.freezeConsumptions,
              streak.isSameStreak(as: other.streak) else { return false }
        let start = today.adding(days: -400)
        return days(from: start, through: today) == other.days(from: start, through: today)
    }
}

/// A flag set from any thread.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
