import Foundation
import Testing
@testable import SwiftfulGamification

/// `SharePlacement` against every allocation of every share, on random shares with larger
/// counts than whole histories reach: the same outcomes (capped sums), each with the least
/// cost any allocation reaching it has.
struct SharePlacementTests {
    static func shares(seed: UInt64) -> (shares: [Share], start: Triple, caps: Triple) {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 3)
        let amounts: [Int64] = [0, 1, 500, 1_000, 1_000, 1_000, 1_500, 2_000, 2_500, 3_000]
        let shares = (0..<Int.random(in: 1...3, using: &random)).map { _ -> Share in
            let lo = Int8.random(in: 0...1, using: &random)
            let hi = Int8.random(in: lo...2, using: &random)
            return Share(
                amount: amounts.randomElement(using: &random)!, count: Int32.random(in: 1...7, using: &random),
                lo: lo, hi: hi, own: Int8.random(in: lo...hi, using: &random)
            )
        }.sorted()
        func cap() -> Int64 { [0, 1_000, 2_000, 2_500, 4_000, 7_000].randomElement(using: &random)! }
        return (shares, Triple(Int64.random(in: 0...2, using: &random) * 500, 0, 0), Triple(cap(), cap(), cap()))
    }

    /// Every outcome by brute force, with its least cost.
    static func exhaustive(_ shares: [Share], start: Triple, caps: Triple) -> [Triple: TieCost] {
        var best: [Triple: TieCost] = [Triple(min(start[0], caps[0]), min(start[1], caps[1]), min(start[2], caps[2])): TieCost()]
        for share in shares {
            var next: [Triple: TieCost] = [:]
            for (sums, cost) in best {
                for first in 0...share.count {
                    for second in 0...(share.count - first) {
                        var allocation = CountTriple()
                        allocation[Int(share.lo)] = first
                        allocation[Int(share.hi)] += share.count - first - second
                        if share.hi - share.lo == 2 { allocation[1] = second } else if second > 0 { continue }
                        var moved = sums
                        for destination in 0..<3 {
                            moved[destination] = min(moved[destination] + Int64(allocation[destination]) * share.amount, caps[destination])
                        }
                        let off = share.count - allocation[Int(share.own)]
                        let added = share.own == 0
                            ? TieCost(out: off, outAmount: Int64(off) * share.amount, moves: off)
                            : TieCost(imported: allocation[0], inAmount: Int64(allocation[0]) * share.amount, moves: off)
                        let total = cost + added
                        if next[moved].map({ total < $0 }) ?? true { next[moved] = total }
                    }
                }
            }
            best = next
        }
        return best
    }

    @Test(arguments: 1...400)
    func placementsAreEveryOutcomeAtItsLeastCost(seed: UInt64) {
        let (shares, start, caps) = Self.shares(seed: seed)
        let expected = Self.exhaustive(shares, start: start, caps: caps)
        let placements = SharePlacement.placements(shares, start: start, caps: caps, costs: .today)
        var actual: [Triple: TieCost] = [:]
        for placement in placements {
            #expect(actual[placement.sums] == nil, "seed \(seed): an outcome twice")
            actual[placement.sums] = placement.cost
            // What was placed adds up to the sums it reached.
            for destination in 0..<3 {
                #expect(placement.sums[destination] == min(start[destination] + placement.amounts[destination], caps[destination]), "seed \(seed)")
            }
        }
        #expect(actual == expected, "seed \(seed): \(shares) from \(start) capped at \(caps)")
    }

    @Test func aMillionThousandthsSumToExactlyOneThousand() {
        let start = Date(timeIntervalSince1970: 1_704_110_400)  // 2024-01-01 12:00 UTC
        let events = (0..<1_000_000).map { StreakEvent(id: "e\($0)", dateCreated: start.addingTimeInterval(Double($0 % 3_600)), timezone: "UTC", amount: 0.001) }
        let evaluation = StreakCalculator.evaluate(
            events: events, configuration: StreakConfiguration(streakKey: "sips", target: .atLeast(1_000, per: .day), unit: "l"),
            currentDate: start.addingTimeInterval(7_200), timezone: TimeZone(identifier: "UTC")!
        )
        #expect(evaluation.streak.todayAmount == 1_000)
        #expect(evaluation.streak.amountLeft == 0)
        #expect(evaluation.streak.currentStreak == 1)
        #expect(evaluation.day(evaluation.today).amount == 1_000)
        #expect(StreakStatistics(evaluation: evaluation).totals.allTime == 1_000)
    }
}
