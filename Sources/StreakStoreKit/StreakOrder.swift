import Foundation
import SwiftfulGamification

/// The order streaks are shown in, everywhere (the dashboard, `status`, `list`, `--json`):
/// streaks without a group first, then each group in the order of its first streak; within
/// them by position, the unplaced after the placed, by key.
public enum StreakOrder {
    public static func sorted(_ configurations: [StreakConfiguration]) -> [StreakConfiguration] {
        let firstOfGroup = Dictionary(grouping: configurations.filter { $0.group != nil }, by: { $0.group! })
            .mapValues { members in members.map { $0.position ?? .infinity }.min() ?? .infinity }
        return configurations.sorted { a, b in
            switch (a.group, b.group) {
            case (nil, .some): return true
            case (.some, nil): return false
            case (.some(let left), .some(let right)) where left != right:
                let (first, second) = (firstOfGroup[left]!, firstOfGroup[right]!)
                return first != second ? first < second : left < right
            default:
                let (first, second) = (a.position ?? .infinity, b.position ?? .infinity)
                return first != second ? first < second : a.streakKey < b.streakKey
            }
        }
    }

    /// Where a streak goes.
    public enum Place: Sendable, Equatable {
        case before(String)
        case after(String)
        /// Last in a group (nil: among the streaks without one).
        case endOf(group: String?)
    }

    /// The details to write so that `key` stands at `place`: the moved streak alone when a
    /// position fits between its new neighbours, otherwise the whole group renumbered 1, 2, 3
    /// (only the streaks whose position changes). Nil when `key` is already there.
    /// - Throws: `StreakStoreError.unknownStreak` for a key or a neighbour that is not listed.
    public static func moves(
        _ key: String, to place: Place, among configurations: [StreakConfiguration]
    ) throws -> [(key: String, details: StreakDetails)] {
        let keys = configurations.map(\.streakKey)
        guard let moving = configurations.first(where: { $0.streakKey == key }) else { throw StreakStoreError.unknownStreak(key, known: keys) }
        let group: String?
        switch place {
        case .before(let other), .after(let other):
            guard let neighbour = configurations.first(where: { $0.streakKey == other }), other != key else {
                throw StreakStoreError.unknownStreak(other, known: keys)
            }
            group = neighbour.group
        case .endOf(let named):
            group = named.flatMap { $0.isEmpty ? nil : $0 }
        }
        var members = sorted(configurations.filter { $0.group == group && $0.streakKey != key })
        let index = switch place {
        case .before(let other): members.firstIndex { $0.streakKey == other }!
        case .after(let other): members.firstIndex { $0.streakKey == other }! + 1
        case .endOf: members.count
        }
        let groupText = group ?? ""
        let previous = index > 0 ? members[index - 1].position : 0
        let next = index < members.count ? members[index].position : (previous.map { $0 + 2 })
        if let previous, let next, previous < next, case let middle = (previous + next) / 2, previous < middle, middle < next {
            guard moving.group != group || moving.position != middle else { return [] }
            return [(key, StreakDetails(group: groupText, position: middle))]
        }
        members.insert(moving, at: index)
        return members.enumerated().compactMap { offset, configuration in
            let position = Double(offset + 1)
            guard configuration.position != position || configuration.group != group else { return nil }
            return (configuration.streakKey, StreakDetails(group: groupText, position: position))
        }
    }
}

extension StreakStore {
    /// Moves `key` to `place` (`streaks order`, the dashboard's J and K): one write per
    /// streak whose place changes, usually the moved one alone.
    /// - Returns: how many streaks were written, and the moved streak's result when its write
    ///   gave one (nil when it stood there already).
    @discardableResult
    public func moveStreak(
        _ key: String, to place: StreakOrder.Place, userId: String, now: Date, timezone: TimeZone
    ) async throws -> (written: Int, moved: StreakEvaluation?) {
        var configurations: [StreakConfiguration] = []
        for listed in try await streakKeys(userId: userId) {
            configurations.append(try await settings(userId: userId, streakKey: listed).configuration)
        }
        let moves = try StreakOrder.moves(key, to: place, among: configurations)
        var result: StreakEvaluation?
        for (moved, details) in moves {
            let evaluation = try await updateSettings(
                userId: userId, streakKey: moved, goal: nil, leewayHours: nil, freezeBehavior: nil, schedule: nil, details: details,
                now: now, timezone: timezone
            )
            if moved == key { result = evaluation }
        }
        return (moves.count, result)
    }
}
