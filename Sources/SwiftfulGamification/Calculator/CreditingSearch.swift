/// Rules 4 and 10, exactly: the crediting that makes the current streak largest, then
/// consumes the fewest freezes, then keeps the later days (from today back), then moves the
/// fewest of today's own events away and brings the fewest others to today (by count, then
/// by amount), then moves the fewest events off their own day at all (`TieCost`).
///
/// A dynamic programme over days from the top of the walk down. Between two days, the
/// future of a partial crediting (of the days above) depends only on what the two days
/// below already received, up to what can change their judgement (`DayJudge.cap`), and on
/// where the walk of rules 4, 5 and 8 stands (`RunRules.key`): so one best partial per such
/// state is kept. Rule 4's order compares the days above first (streak, freezes and moves
/// add up, and the later days come first in the order), which is what makes keeping the
/// best one exact. Amounts are exact integers (thousandths), so nothing is rounded.
/// - Complexity: O(days * states), with a handful of states: a goal of N gives at most
///   (N + 1)^2 event holdings, times the walk's states (few, and one once the run ended);
///   amounts at most the distinct sums the leeway's events can make below the caps.
struct CreditingSearch<Rules: RunRules> {
    struct Node {
        var held0: Int64, held1: Int64
        var rules: Rules
        /// Rank of the days kept so far in rule 4's order among the layer's nodes.
        var lexRank: Int32
        var cost: TieCost
    }

    struct Back {
        var previous: Int32
        var back1: Int32, back2: Int32
        var back1Amount: Int64, back2Amount: Int64
        var met: Bool
    }

    struct Key: Hashable {
        var held0: Int64, held1: Int64
        var rules: Rules.Key
    }

    typealias Entry = (node: Node, lexKey: Int64, back: Back)

    typealias Choice = CreditChoice

    /// Searches the days `top` down to `bottom` (`top` may lie after today: those days can never be kept).
    static func best(_ input: WalkInput, rules start: Rules, context: Rules.Context, top: Int, bottom: Int) -> Choice {
        var layer = [Node(held0: 0, held1: 0, rules: start, lexRank: 0, cost: TieCost())]
        var backs: [[Back]] = []
        backs.reserveCapacity(max(0, top - bottom + 1))
        var day = top
        var splits = splitCache(input, day: day)
        while day >= bottom {
            let windows = splits.windows
            var next = StateTable<Key, Entry>()
            // The day below, whose splits tell which holdings of it are alike.
            var below = splitCache(input, day: day - 1)
            for (position, node) in layer.enumerated() {
                for split in splits.splits(held0: node.held0, held1: node.held1) {
                    var rules = node.rules
                    var none: RunRecord?
                    let outcome = DayOutcome(met: split.met, amount: windows.fixedAmount &+ split.sum)
                    rules.step(day, outcome: outcome, in: context, record: &none)
                    let candidate = Node(
                        held0: below.canonical(split.held1), held1: split.held2, rules: rules, lexRank: 0, cost: node.cost + split.cost
                    )
                    let lexKey = Int64(node.lexRank) * 2 + (input.isKept(day, met: split.met) ? 1 : 0)
                    let back = Back(
                        previous: Int32(position), back1: split.back1, back2: split.back2,
                        back1Amount: split.back1Amount, back2Amount: split.back2Amount, met: split.met
                    )
                    next.keep(Key(held0: candidate.held0, held1: candidate.held1, rules: rules.key), (candidate, lexKey, back)) {
                        isBetter($0.node, $0.lexKey, than: $1.node, $1.lexKey)
                    }
                }
            }
            let entries = undominated(next.values)
            // Ranks of the days kept so far, in rule 4's order, for the next layer to compare.
            let lexKeys = entries.count == 1 ? [:] : Dictionary(uniqueKeysWithValues: Set(entries.map(\.lexKey)).sorted().enumerated().map { ($1, Int32($0)) })
            backs.append(entries.map(\.back))
            layer = entries.map { entry in
                var node = entry.node
                node.lexRank = lexKeys[entry.lexKey] ?? 0
                return node
            }
            day -= 1
            splits = below
        }
        var winner = 0
        for position in layer.indices {
            var none: RunRecord?
            layer[position].rules.finish(record: &none)
            if position > 0, isBetter(layer[position], Int64(layer[position].lexRank), than: layer[winner], Int64(layer[winner].lexRank)) {
                winner = position
            }
        }
        return choice(backs, winner: winner, input: input, top: top)
    }

    /// The partial creditings no other one beats whatever the days below hold: one with the
    /// same holdings, a longer run so far and a walk that goes at least as far below
    /// (`RunRules.outlasts`) ends with a longer streak, which rule 4 ranks first. Without
    /// this, creditings that spent freezes on gaps of their own live on beside the one that
    /// kept those days, each spending of the freezes a state of its own.
    private static func undominated(_ entries: [Entry]) -> [Entry] {
        guard entries.count > 1 else { return entries }
        let longestFirst = entries.indices.sorted { entries[$0].node.rules.streak > entries[$1].node.rules.streak }
        var survivors: [Int] = []
        // Only entries with the same holdings can beat one another.
        var byHoldings: [Triple: [Int]] = [:]
        for position in longestFirst {
            let node = entries[position].node
            let holdings = Triple(node.held0, node.held1, 0)
            let beaten = byHoldings[holdings]?.contains { other in
                let better = entries[other].node
                return better.rules.streak > node.rules.streak && better.rules.outlasts(node.rules)
            } ?? false
            if !beaten {
                survivors.append(position)
                byHoldings[holdings, default: []].append(position)
            }
        }
        guard survivors.count < entries.count else { return entries }
        // In the order first reached, so that ties are broken as before.
        return survivors.sorted().map { entries[$0] }
    }

    private static func splitCache(_ input: WalkInput, day: Int) -> SplitCache {
        SplitCache(
            DayWindows(ledger: input.ledger, endingOn: day), judges: (input.judge(day), input.judge(day - 1), input.judge(day - 2)),
            costs: day == input.today ? .today : .moves
        )
    }

    private static func isBetter(_ lhs: Node, _ lhsLex: Int64, than rhs: Node, _ rhsLex: Int64) -> Bool {
        if lhs.rules.streak != rhs.rules.streak { return lhs.rules.streak > rhs.rules.streak }
        if lhs.rules.freezesUsed != rhs.rules.freezesUsed { return lhs.rules.freezesUsed < rhs.rules.freezesUsed }
        if lhsLex != rhsLex { return lhsLex > rhsLex }
        return lhs.cost < rhs.cost
    }

    /// Follows the winner's choices back up from the bottom day.
    private static func choice(_ backs: [[Back]], winner: Int, input: WalkInput, top: Int) -> Choice {
        let base = input.ledger.baseDay
        var met = Array(repeating: false, count: input.ledger.dayCount)
        var credited = Array(repeating: Int32(0), count: input.ledger.dayCount)
        var amounts = Array(repeating: Int64(0), count: input.ledger.dayCount)
        var position = winner
        for offset in stride(from: backs.count - 1, through: 0, by: -1) {
            let back = backs[offset][position]
            let day = top - offset
            let index = day - base
            if index >= 0, index < met.count {
                let windows = DayWindows(ledger: input.ledger, endingOn: day)
                met[index] = back.met
                credited[index] += windows.totalCount - back.back1 - back.back2
                amounts[index] += windows.totalAmount - back.back1Amount - back.back2Amount
                // Windows reaching before the walk's bottom are credited there too (to days it does not judge).
                if back.back1 > 0, index >= 1 { credited[index - 1] += back.back1; amounts[index - 1] += back.back1Amount }
                if back.back2 > 0, index >= 2 { credited[index - 2] += back.back2; amounts[index - 2] += back.back2Amount }
            }
            position = Int(back.previous)
        }
        return Choice(met: met, credited: credited, amounts: amounts)
    }
}

/// A chosen crediting: days that met their targets, events and amounts credited per day,
/// indexed like the ledger.
struct CreditChoice {
    var met: [Bool]
    var credited: [Int32]
    var amounts: [Int64]
}
