import Foundation

/// How a streak is presented, changed by `updateSettings`: its title, its group and its
/// place among the others. Each is left as it is when nil; an empty title or group removes it.
public struct StreakDetails: Sendable, Hashable, Codable {
    public var title: String?
    public var group: String?
    public var position: Double?

    public init(title: String? = nil, group: String? = nil, position: Double? = nil) {
        self.title = title
        self.group = group
        self.position = position
    }

    /// `configuration` with these details.
    public func applied(to configuration: StreakConfiguration) -> StreakConfiguration {
        var updated = configuration
        if let title { updated = updated.titled(title) }
        if group != nil || position != nil {
            updated = updated.placed(group: group ?? updated.group, position: position ?? updated.position)
        }
        return updated
    }
}
