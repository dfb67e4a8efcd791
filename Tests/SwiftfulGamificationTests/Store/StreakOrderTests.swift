import Foundation
@testable import StreakStoreKit
import Testing
@testable import SwiftfulGamification

/// Groups and the manual order (issue 32): one order for every screen, and the fewest
/// writes that put a streak where it is asked to go.
struct StreakOrderTests {
    private func configuration(_ key: String, _ group: String? = nil, _ position: Double? = nil) -> StreakConfiguration {
        StreakConfiguration(streakKey: key).placed(group: group, position: position)
    }

    @Test func ungroupedFirstThenGroupsByTheirFirstStreak() {
        let sorted = StreakOrder.sorted([
            configuration("zeta", "Work", 1), configuration("alpha", "Health", 3), configuration("plain"),
            configuration("beta", "Health", 5), configuration("placed", nil, 9), configuration("gamma", "Work", 0.5),
        ])
        #expect(sorted.map(\.streakKey) == ["placed", "plain", "gamma", "zeta", "alpha", "beta"])
    }

    @Test func aMoveBetweenPlacedNeighboursWritesOneStreak() throws {
        let all = [configuration("a", "G", 1), configuration("b", "G", 2), configuration("c", "G", 3)]
        let moves = try StreakOrder.moves("c", to: .before("b"), among: all)
        #expect(moves.map(\.key) == ["c"])
        #expect(moves[0].details == StreakDetails(group: "G", position: 1.5))
        #expect(try StreakOrder.moves("b", to: .after("a"), among: all).isEmpty)
    }

    @Test func unplacedStreaksAreNumberedOnTheFirstMove() throws {
        let all = [configuration("a"), configuration("b"), configuration("c")]
        let moves = try StreakOrder.moves("c", to: .before("a"), among: all)
        #expect(moves.map(\.key) == ["c", "a", "b"])
        #expect(moves.map(\.details.position) == [1, 2, 3])
        let reordered = all.map { streak in moves.first { $0.key == streak.streakKey }.map { $0.details.applied(to: streak) } ?? streak }
        #expect(StreakOrder.sorted(reordered).map(\.streakKey) == ["c", "a", "b"])
    }

    @Test func movingNextToAnotherGroupsStreakJoinsThatGroup() throws {
        let all = [configuration("a", nil, 1), configuration("b", "Health", 1)]
        let moves = try StreakOrder.moves("a", to: .after("b"), among: all)
        #expect(moves.count == 1 && moves[0].details.group == "Health")
        let out = try StreakOrder.moves("b", to: .endOf(group: nil), among: all)
        #expect(out.map(\.key) == ["b"] && out[0].details.group == "")
        #expect(throws: StreakStoreError.self) { try StreakOrder.moves("a", to: .before("nope"), among: all) }
    }

    @Test func groupsAreCheckedAndStored() throws {
        #expect(throws: StreakRuleError.invalidGroup(String(repeating: "g", count: 41))) {
            try configuration("a", String(repeating: "g", count: 41)).validate()
        }
        let placed = configuration("a", " Health ", 2.5)
        #expect(placed.group == "Health" && placed.position == 2.5)
        #expect(try JSONDecoder().decode(StreakConfiguration.self, from: JSONEncoder().encode(placed)) == placed)
        #expect(StreakDetails(group: "").applied(to: placed).group == nil)
    }
}
