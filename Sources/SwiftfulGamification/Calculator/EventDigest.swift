import Foundation

/// One pass over the events: each regular event into the credit ledger, freeze events into
/// frozen days, and the totals the result reports. No `Calendar` call per event.
struct EventDigest {
    var ledger: CreditLedger
    var frozen: [Bool]
    /// Earliest day anything may be credited to or is frozen; nil when there is no event.
    var firstDay: Int?
    var regularCount = 0
    var firstRegular: Int?
    var lastRegular: Int?
    /// Own day (clamped to today) of the latest regular event.
    var lastRegularDay: Int?
    /// Indices of events whose own day is within `recentDays` of today.
    var recentIndices: [Int] = []

    static let recentDays = 60

    init(
        events: [StreakEvent],
        now: Date,
        today: Int,
        leewayHours: Int,
        countsFreezeEvents: Bool,
        clocks: inout ZoneClocks,
        earliestSecond: Int
    ) {
        // Offsets are within ±26 h and leeway moves a day by at most one, so no day
        // touched lies before this one.
        let baseDay = (earliestSecond - 2 * 86_400).floorDivided(by: 86_400) - 1
        ledger = CreditLedger(baseDay: baseDay, lastDay: max(today, baseDay))
        frozen = Array(repeating: false, count: ledger.dayCount)
        let leewaySeconds = leewayHours * 3_600
        let recentFrom = today - Self.recentDays + 1
        var earliest = Int.max

        for (index, event) in events.enumerated() where event.dateCreated <= now {
            let local = clocks.localTime(atSecond: event.dateCreated.flooredEpochSecond, inZoneNamed: event.timezone)
            let own = min(local.day, today)
            if own >= recentFrom { recentIndices.append(index) }
            if event.isFreeze {
                guard countsFreezeEvents else { continue }
                frozen[own - baseDay] = true
                earliest = min(earliest, own)
                continue
            }
            let creditableEarlier = leewaySeconds > 0 && local.secondOfDay < leewaySeconds
            let creditableLater = leewaySeconds > 0 && local.secondOfDay >= 86_400 - leewaySeconds
            let lo = min((creditableEarlier ? local.day - 1 : local.day), today)
            let hi = min((creditableLater ? local.day + 1 : local.day), today)
            ledger.add(lo: lo, hi: hi, own: own)
            earliest = min(earliest, lo)
            noteRegular(index, own: own, in: events)
        }
        firstDay = earliest == .max ? nil : earliest
    }

    private mutating func noteRegular(_ index: Int, own: Int, in events: [StreakEvent]) {
        regularCount += 1
        let date = events[index].dateCreated
        if let first = firstRegular {
            if date < events[first].dateCreated { firstRegular = index }
        } else {
            firstRegular = index
        }
        if let last = lastRegular, date < events[last].dateCreated { return }
        lastRegular = index
        lastRegularDay = own
    }
}
