import GamificationSupport

/// Rule 4a keeps the past settled, so a calculation need not settle it again: the state
/// `Settlement` reached once `day` was settled, with a fingerprint of everything that decided
/// it. A later calculation whose inputs give the same fingerprint through `day` resumes after
/// it; a change to what an earlier day saw (a backfilled event, a freeze, the configuration)
/// gives another fingerprint, and every day is settled again.
///
/// A provider keeps it in the `StreakHistory` it stores (`StreakHistory.settled`), so a log
/// today settles only the days that closed since the last write.
package struct SettledCheckpoint: Sendable, Equatable {
    /// The last day settled.
    let day: Int
    let fingerprint: UInt64
    let run: SettledRun.Saved
    /// Days up to `day` that settlement bridged with a freeze.
    let bridged: [Int]
    /// Events of cells whose windows reach past `day` already credited to it or before, by
    /// cell key (`day * classesPerDay + class`): those of amount 1, and the others by amount.
    let takenUnits: [Int: Int32]
    let takenOthers: [Int: [Int64: Int32]]
    let longest: Int
    /// The crediting of the days from `choiceFrom` through `day`.
    let choiceFrom: Int
    let credited: [Int32]
    let amounts: [Int64]
    let met: [Bool]
}

/// The fingerprint of what settles the days through one day: the calculation's own inputs
/// (`seed`: configuration, goal and leeway changes, skips, freezes, zone) and, from the
/// ledger, each event cell whose window begins by then, each early arrival and closing-second
/// event seen by then, and each freeze event seen by then. Events logged after the day closed
/// (today's) are not part of it.
enum SettlementFingerprint {
    static func of(_ input: WalkInput, through last: Int, seed: UInt64) -> UInt64 {
        var hash = StableHash(seed)
        let ledger = input.ledger
        // Day numbers and cell keys, not indexes: a history read back from storage starts its
        // arrays at its first counted day, one kept in memory a year earlier.
        hash.add(input.firstDay, input.judgedFrom, last, ledger.hasAmounts ? 1 : 0)
        let perDay = CreditLedger.classesPerDay
        for dayIndex in 0..<min(ledger.dayCount, last + CreditLedger.widestWindow - ledger.baseDay + 1) {
            let hi = ledger.baseDay + dayIndex
            for classIndex in 0..<perDay where hi - CreditLedger.window(ofClass: classIndex).width <= last {
                let cell = dayIndex * perDay + classIndex
                let count = ledger.count(at: cell)
                guard count != 0 else { continue }
                hash.add(hi * perDay + classIndex, Int(count), Int(ledger.amount(at: cell)))
                for amount in ledger.windowed[cell] ?? [] { hash.add(Int(amount)) }
            }
            let day = hi
            if day <= last {
                for early in ledger.early[day] ?? [] {
                    hash.add(day, early.lo, early.hi, early.own, Int(early.count))
                    for amount in early.others { hash.add(Int(amount)) }
                }
                for amount in ledger.closing[day] ?? [] { hash.add(day, Int(amount)) }
            }
            if dayIndex < input.frozen.count, input.frozen[dayIndex], input.isSeen(day, at: last) {
                hash.add(day, ledger.frozenSeenFrom[day] ?? day)
            }
        }
        return hash.value
    }
}

/// A 64-bit hash that is the same in every process (Swift's `Hasher` is seeded per process).
struct StableHash {
    private(set) var value: UInt64

    init(_ seed: UInt64 = 0x9E37_79B9_7F4A_7C15) {
        value = seed
    }

    mutating func add(_ values: Int...) {
        for item in values {
            value = (value ^ UInt64(bitPattern: Int64(item))) &* 0xFF51_AFD7_ED55_8CCD
            value ^= value >> 32
        }
    }

    mutating func add(bytes: [UInt8]) {
        var content = ContentHash(continuing: value)
        content.add(bytes)
        value = content.value
    }
}
