import Foundation
import SwiftfulGamification

/// A deleted streak in its store's trash: its key was freed when it was deleted, and
/// `StreakStore.restoreStreak` brings it back, under that key or another, until it expires.
public struct TrashedStreak: Sendable, Hashable, Codable {
    public let streakKey: String
    public let title: String?
    public let dateDeleted: Date
    /// The regular events it holds.
    public let eventCount: Int

    /// How long the trash keeps a streak: the first write after that empties it.
    public static let keptFor: TimeInterval = 30 * 86_400

    public init(streakKey: String, title: String?, dateDeleted: Date, eventCount: Int) {
        self.streakKey = streakKey
        self.title = title
        self.dateDeleted = dateDeleted
        self.eventCount = eventCount
    }

    /// When the trash lets go of it.
    public var dateExpires: Date { dateDeleted.addingTimeInterval(Self.keptFor) }

    /// Whether it has expired at `now`.
    public func hasExpired(at now: Date) -> Bool { dateExpires <= now }

    public enum CodingKeys: String, CodingKey {
        case streakKey = "streak_key"
        case title
        case dateDeleted = "date_deleted"
        case eventCount = "event_count"
    }
}
