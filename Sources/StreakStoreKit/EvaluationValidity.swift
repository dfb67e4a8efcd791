import Foundation
import SwiftfulGamification

extension StreakEvaluation {
    /// The instant this result stops holding without a write: the next midnight or leeway
    /// boundary in `timezone`, or an available freeze's expiry if sooner.
    public func validUntil(now: Date, timezone: TimeZone) -> Date {
        let boundary = Self.nextBoundary(after: now, timezone: timezone, leewayHours: configuration.leewayHours)
        let expiry = (streak.freezesAvailable ?? []).compactMap(\.dateExpires).filter { $0 > now }.min()
        return min(boundary, expiry ?? boundary)
    }

    /// The next midnight or leeway boundary (`L`:00) after `date` in `timezone`.
    public static func nextBoundary(after date: Date, timezone: TimeZone, leewayHours: Int) -> Date {
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
