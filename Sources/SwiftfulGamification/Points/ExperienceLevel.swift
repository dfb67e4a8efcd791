import Foundation

/// Levels by points: level n starts at 50·(n−1)·n points (level 1 at 0, 2 at 100, 3 at 300,
/// 4 at 600, 5 at 1,000...), so each level needs 100 more points than the one before.
public struct ExperienceLevel: Sendable, Equatable {
    public let level: Int
    public let points: Int

    public init(points: Int) {
        self.points = points
        var level = 1
        while Self.start(of: level + 1) <= points { level += 1 }
        self.level = level
    }

    /// The points at which `level` starts.
    public static func start(of level: Int) -> Int { 50 * (level - 1) * level }

    /// Points still needed for the next level.
    public var pointsToNextLevel: Int { Self.start(of: level + 1) - points }

    /// How far through this level, 0 to 1.
    public var fractionOfLevel: Double {
        let start = Self.start(of: level), next = Self.start(of: level + 1)
        return Double(max(0, points - start)) / Double(next - start)
    }
}
