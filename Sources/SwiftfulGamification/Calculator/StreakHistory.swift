import Foundation

/// What the calculator needs to know about a streak's events, in O(days) space, kept up to
/// date one event at a time: per-day counts of events by the days they may be credited to
/// (for one leeway schedule), the days covered by freeze events, and the totals.
///
/// A provider can persist it beside its event log so that logging an event never re-reads
/// the history (`StreakCalculator.evaluate(history:...)`).
public struct StreakHistory: Sendable, Hashable, Codable {
    /// The leeway the counts were made for; a different leeway needs a new history.
    public let leeway: StreakLeeway
    /// The leeway of the latest change (the only one, unless it changed along the way).
    public var leewayHours: Int { leeway.latest }
    /// Regular events.
    public internal(set) var regularCount = 0
    /// The earliest and the latest regular event.
    public internal(set) var firstEvent: Stamp?
    public internal(set) var lastEvent: Stamp?
    /// The latest instant of any event (regular or freeze).
    public internal(set) var latestEventDate: Date?
    /// The latest events (regular and freeze), at most `recentLimit` of them and none more
    /// than 61 days before `latestEventDate`, oldest first.
    public internal(set) var recentEvents: [StreakEvent] = []

    /// First day number the arrays cover.
    var baseDay = 0
    /// Ledger counts keyed by the unclamped window end day: `(hi - baseDay) * 6 + class`.
    var counts: [Int32] = []
    /// Freeze events per own day.
    var frozenCounts: [Int32] = []
    /// Per ledger cell, `arrivalSlots` counts: regular events logged in another zone than the
    /// one days close in whose first settlement (rule 4a) is 2 or 1 days before their window's
    /// first day, or 1 or 2 days after it. Empty while there are none (one zone).
    var arrivalCounts: [Int32] = []
    static let arrivalSlots = 4

    static func arrivalSlot(shift: Int) -> Int { shift < 0 ? shift + 2 : shift + 1 }
    static func arrivalShift(slot: Int) -> Int { slot < 2 ? slot - 2 : slot - 1 }
    /// The events' amounts (rule 10), beside the counts.
    var amounts = HistoryAmounts()
    /// Rule 13: each day's readings by the event's own day.
    var readings = DayReadings()
    /// The settled days of the last calculation (rule 4a), kept so the next one need not
    /// settle them again: set it from `StreakEvaluation.settledCheckpoint` before storing.
    /// A cache: not part of what the history counts (equality ignores it).
    package var settled: SettledCheckpoint?

    /// False for a history stored before events had amounts (decoded from an encoding
    /// without them): it counts every event as 1, so rebuild it from the events when they
    /// may carry amounts.
    public var recordsAmounts: Bool { amounts.recorded }
    /// False for a history stored before readings were kept (rule 13): a store rebuilds it.
    package var recordsReadings: Bool { readings.recorded }

    /// An event's instant and zone.
    public struct Stamp: Sendable, Hashable, Codable {
        public let date: Date
        public let timezone: String
    }

    static let recentWindow: TimeInterval = 61 * 86_400
    /// The calendar days back from today (today is 0) whose events `recentEvents` holds in
    /// full while it has fewer than `recentLimit`: the window's 61 days of instants, less one
    /// day at each end for events whose own zone puts them up to 14 hours away.
    public static let recentCompleteDays = Int(recentWindow / 86_400) - 2
    /// Enough for a two-month calendar at three events a day, small enough to store with
    /// every write (calendars of any length should use `StreakEvaluation.days`).
    public static let recentLimit = 200

    public init(leewayHours: Int) {
        self.init(leeway: StreakLeeway(hours: leewayHours))
    }

    public init(leeway: StreakLeeway) {
        self.leeway = leeway
    }

    /// The history of `events` (freeze events included), reading each once.
    /// - Parameter fallbackZone: the zone for events whose zone identifier is not valid.
    /// - Complexity: O(events + days); no `Calendar` call per event.
    /// Days close in `fallbackZone` (rule 4a): evaluate it in that zone.
    public init(events: [StreakEvent], leewayHours: Int, fallbackZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.init(events: events, through: nil, leeway: StreakLeeway(hours: leewayHours, zone: fallbackZone.identifier), fallbackZone: fallbackZone)
    }

    /// The same with a leeway that changed along the way.
    public init(events: [StreakEvent], leeway: StreakLeeway, fallbackZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.init(events: events, through: nil, leeway: leeway, fallbackZone: fallbackZone)
    }

    /// The history of the events at or before `through` (all when nil). Fields are read by
    /// index so a million events are not copied whole; large inputs are split across two
    /// cores and the per-day counts merged.
    init(events: [StreakEvent], through limit: Date?, leeway: StreakLeeway, fallbackZone: TimeZone) {
        self.init(leeway: leeway)
        let cutoff = limit ?? .distantFuture
        var candidates: [Int]
        if events.count >= 200_000, ProcessInfo.processInfo.activeProcessorCount > 1 {
            let middle = events.count / 2
            let halves = [0..<middle, middle..<events.count]
            nonisolated(unsafe) var parts = [(StreakHistory, [Int])?](repeating: nil, count: 2)
            parts.withUnsafeMutableBufferPointer { slots in
                nonisolated(unsafe) let slots = slots
                DispatchQueue.concurrentPerform(iterations: 2) { half in
                    slots[half] = Self.part(events, halves[half], cutoff: cutoff, leeway: leeway, fallbackZone: fallbackZone)
                }
            }
            self = parts[0]!.0
            merge(parts[1]!.0)
            candidates = parts[0]!.1 + parts[1]!.1
        } else {
            (self, candidates) = Self.part(events, events.indices, cutoff: cutoff, leeway: leeway, fallbackZone: fallbackZone)
        }
        guard let latest = latestEventDate else { return }
        let recentFrom = latest.addingTimeInterval(-Self.recentWindow)
        // Sort instants and indices, not events: copying an event retains four references.
        var recent = candidates.compactMap { index -> (date: Date, index: Int)? in
            let date = events[index].dateCreated
            return date >= recentFrom ? (date, index) : nil
        }
        recent.sort { $0.date != $1.date ? $0.date < $1.date : events[$0.index].id < events[$1.index].id }
        recentEvents = recent.suffix(Self.recentLimit).map { events[$0.index] }
    }

    /// One pass over `range` of `events`: its history, and the indices of events that were
    /// recent when read (a superset of the recent ones, filtered once the latest is known).
    private static func part(
        _ events: [StreakEvent], _ range: Range<Int>, cutoff: Date, leeway: StreakLeeway, fallbackZone: TimeZone
    ) -> (StreakHistory, [Int]) {
        var history = StreakHistory(leeway: leeway)
        var clocks = ZoneClocks(current: fallbackZone, firstSecond: 0, lastSecond: -1)
        var candidates: [Int] = []
        var zones = ZoneStorageCache()
        var recentFrom = Date.distantPast
        let closingClock = leeway.zone.map { clocks.clockIndex(for: $0) }
        for index in range {
            let date = events[index].dateCreated
            guard date <= cutoff else { continue }
            let clock = zones.clock(for: events[index].timezone, in: &clocks)
            let second = date.flooredEpochSecond
            let local = clocks.localTime(atSecond: second, clock: clock)
            // (No closure here: one capturing `clocks` copies its clocks on every event.)
            var arrival: LocalTime?
            if let closingClock, closingClock != clock { arrival = clocks.localTime(atSecond: second, clock: closingClock) }
            // The stored field alone: reading the event's computed amount would copy the event.
            let given = events[index].amount.flatMap { StreakAmount.isValid($0) ? StreakAmount.thousandths($0) : nil }
            let amount = given ?? HistoryAmounts.unit
            history.record(isFreeze: events[index].isFreeze, amount: amount, isReading: given != nil, date: date, at: local, arrival: arrival, delta: 1, sorted: false) {
                Stamp(date: date, timezone: events[index].timezone)
            }
            if date > recentFrom.addingTimeInterval(Self.recentWindow) { recentFrom = date.addingTimeInterval(-Self.recentWindow) }
            if date >= recentFrom { candidates.append(index) }
        }
        history.amounts.settle()
        return (history, candidates)
    }

    /// Adds another history of the same leeway (its recent events aside).
    private mutating func merge(_ other: StreakHistory) {
        guard !other.frozenCounts.isEmpty else { return }
        ensureDays(other.baseDay, other.baseDay + other.frozenCounts.count - 1)
        let offset = other.baseDay - baseDay
        for day in other.frozenCounts.indices {
            frozenCounts[offset + day] += other.frozenCounts[day]
        }
        for index in other.counts.indices {
            counts[offset * CreditLedger.classesPerDay + index] += other.counts[index]
        }
        if !other.arrivalCounts.isEmpty {
            if arrivalCounts.isEmpty { arrivalCounts = Array(repeating: 0, count: counts.count * Self.arrivalSlots) }
            let start = offset * CreditLedger.classesPerDay * Self.arrivalSlots
            for index in other.arrivalCounts.indices where other.arrivalCounts[index] != 0 { arrivalCounts[start + index] += other.arrivalCounts[index] }
        }
        amounts.merge(other.amounts, offset: offset * CreditLedger.classesPerDay, cells: counts.count)
        readings.merge(other.readings)
        regularCount += other.regularCount
        if let first = other.firstEvent, firstEvent == nil || first.date < firstEvent!.date { firstEvent = first }
        if let last = other.lastEvent, lastEvent == nil || last.date >= lastEvent!.date { lastEvent = last }
        if let latest = other.latestEventDate, latestEventDate == nil || latest > latestEventDate! { latestEventDate = latest }
    }

    /// Adds one event. - Complexity: amortised O(1) for events in time order (O(log r + r)
    /// for a backfilled one, r <= `recentLimit`), plus O(days) when it extends the range.
    public mutating func add(_ event: StreakEvent, fallbackZone: TimeZone = TimeZone(identifier: "UTC")!) {
        var clocks = ZoneClocks(current: fallbackZone, firstSecond: 0, lastSecond: 0)
        add(event, clocks: &clocks)
    }

    /// Adds one event, reusing `clocks` (and its zone offsets) across many calls.
    package mutating func add(_ event: StreakEvent, clocks: inout ZoneClocks) {
        record(event, clocks: &clocks, delta: 1)
        guard let latest = latestEventDate else { return }
        let recentFrom = latest.addingTimeInterval(-Self.recentWindow)
        guard event.dateCreated >= recentFrom else { return }
        if let last = recentEvents.last, Self.chronological(event, last) {
            var low = 0
            var high = recentEvents.count
            while low < high {
                let middle = (low + high) / 2
                if Self.chronological(recentEvents[middle], event) { low = middle + 1 } else { high = middle }
            }
            recentEvents.insert(event, at: low)
        } else {
            recentEvents.append(event)
        }
        // Prune in batches so that appending stays amortised O(1).
        if recentEvents.count > Self.recentLimit * 2 || recentEvents.first.map({ $0.dateCreated < recentFrom.addingTimeInterval(-7 * 86_400) }) == true {
            let stale = recentEvents.prefix { $0.dateCreated < recentFrom }.count
            recentEvents.removeFirst(max(stale, recentEvents.count - Self.recentLimit))
        }
    }

    /// `recentEvents` as they should be stored: trimmed to the window and the limit.
    package mutating func trimRecentEvents() {
        guard let latest = latestEventDate else { return }
        let recentFrom = latest.addingTimeInterval(-Self.recentWindow)
        let stale = recentEvents.prefix { $0.dateCreated < recentFrom }.count
        recentEvents.removeFirst(max(stale, recentEvents.count - Self.recentLimit))
    }

    /// Removes an event that was added. Returns false when the history cannot stay exact
    /// without the other events (the removed one was the first or last regular event and no
    /// recent event replaces it); rebuild it from the events then.
    @discardableResult
    public mutating func remove(_ event: StreakEvent, fallbackZone: TimeZone = TimeZone(identifier: "UTC")!) -> Bool {
        let wasLast = !event.isFreeze && lastEvent == Stamp(date: event.dateCreated, timezone: event.timezone)
        let wasFirst = !event.isFreeze && firstEvent == Stamp(date: event.dateCreated, timezone: event.timezone)
        var clocks = ZoneClocks(current: fallbackZone, firstSecond: 0, lastSecond: 0)
        let readingsExact = record(event, clocks: &clocks, delta: -1)
        if let index = recentEvents.firstIndex(where: { $0.id == event.id }) { recentEvents.remove(at: index) }
        if regularCount == 0 {
            firstEvent = nil
            lastEvent = nil
        } else if wasFirst || !readingsExact {
            return false
        } else if wasLast {
            guard let replacement = recentEvents.last(where: { !$0.isFreeze }) else { return false }
            lastEvent = Stamp(date: replacement.dateCreated, timezone: replacement.timezone)
        }
        latestEventDate = recentEvents.last?.dateCreated ?? latestEventDate
        return true
    }

    /// The ledger of the days up to `today`: windows reaching past today end on today, and
    /// an event's own day after today counts as today (rule 1). It covers `from` too when
    /// given (a limit's start day before any event). Events logged in other zones arrive by
    /// their instants when the history was made for `zone`, the zone days close in (rule 4a).
    func ledger(through today: Int, from: Int? = nil, zone: String, countingFreezeEvents: Bool) -> (ledger: CreditLedger, frozen: [Bool], firstDay: Int?) {
        // Counts are kept by the day a window ends; it may start up to two days before.
        let base = min(frozenCounts.isEmpty ? today : min(baseDay - CreditLedger.widestWindow, today), from ?? .max)
        var ledger = CreditLedger(baseDay: base, lastDay: today)
        ledger.hasAmounts = amounts.others > 0
        var frozen = Array(repeating: false, count: ledger.dayCount)
        var firstDay = Int.max
        // Events from the west that arrive after their window's first day has closed: their
        // windows begin later (`late`); from the east, before the day before it closes (`early`).
        var late: [Int: [Arrivals]] = [:]
        for arrivals in leeway.zone == zone ? arrivalGroups() : [] {
            if arrivals.shift < 0 {
                late[arrivals.cell, default: []].append(arrivals)
            } else {
                let (day, classIndex) = (arrivals.cell.floorDivided(by: CreditLedger.classesPerDay), arrivals.cell.floorModulo(CreditLedger.classesPerDay))
                let (width, ownOffset) = CreditLedger.window(ofClass: classIndex)
                let lo = day - width
                ledger.addEarly(
                    arrivingOn: lo - arrivals.shift, lo: min(lo, today), hi: min(day, today), own: min(lo + ownOffset, today),
                    count: arrivals.count, others: arrivals.others
                )
            }
        }
        // The freeze events a settlement before their own day already sees.
        for (key, _) in countingFreezeEvents ? amounts.freezeArrivals : [:] {
            let (day, early) = HistoryAmounts.arrival(ofKey: key)
            let own = min(day, today)
            ledger.frozenSeenFrom[own] = min(ledger.frozenSeenFrom[own] ?? own, day - early)
        }
        for dayIndex in frozenCounts.indices {
            let day = baseDay + dayIndex
            if countingFreezeEvents, frozenCounts[dayIndex] > 0 {
                let own = min(day, today)
                frozen[own - base] = true
                firstDay = min(firstDay, own)
            }
            for classIndex in 0..<CreditLedger.classesPerDay {
                let count = counts[dayIndex * CreditLedger.classesPerDay + classIndex]
                guard count > 0 else { continue }
                let (width, ownOffset) = CreditLedger.window(ofClass: classIndex)
                let lo = day - width
                let cell = dayIndex * CreditLedger.classesPerDay + classIndex
                let key = day * CreditLedger.classesPerDay + classIndex
                var (left, extra, windowed) = (count, amounts.extra(at: cell), amounts.windowed[key])
                for arrivals in late.isEmpty ? [] : late[key] ?? [] {
                    let others = arrivals.others
                    let othersExtra = others.reduce(0) { $0 + $1 - HistoryAmounts.unit }
                    left -= arrivals.count
                    extra -= othersExtra
                    windowed = windowed?.removingEach(of: others)
                    ledger.add(
                        lo: min(lo - arrivals.shift, today), hi: min(day, today), own: min(lo + ownOffset, today), count: arrivals.count,
                        extra: othersExtra, amounts: others.isEmpty ? nil : others
                    )
                    firstDay = min(firstDay, min(lo - arrivals.shift, today))
                }
                guard left > 0 else { continue }
                ledger.add(
                    lo: min(lo, today), hi: min(day, today), own: min(lo + ownOffset, today), count: left, extra: extra,
                    amounts: windowed?.isEmpty == true ? nil : windowed
                )
                firstDay = min(firstDay, min(lo, today))
            }
        }
        // Each list joins the day that closes at the second its events were logged.
        for (key, list) in amounts.boundary {
            let (day, classIndex) = (key.floorDivided(by: CreditLedger.classesPerDay), key.floorModulo(CreditLedger.classesPerDay))
            let (width, ownOffset) = CreditLedger.window(ofClass: classIndex)
            let own = min(day - width + ownOffset, today)
            // At the leeway's hour of their day (midnight with none), the day before closes;
            // at midnight after a whole day of leeway, the day two before.
            if leeway.hours(on: own) < 24 { ledger.addClosing(of: own - 1, amounts: list) }
            if leeway.hours(on: own) % 24 == 0, leeway.hours(on: own - 1) == 24 { ledger.addClosing(of: own - 2, amounts: list) }
        }
        for (own, list) in amounts.midnight { ledger.addClosing(of: min(own, today) - 2, amounts: list) }
        return (ledger, frozen, firstDay == .max ? nil : firstDay)
    }

    /// Returns false when a reading taken out leaves its day's least, greatest or last unknown.
    @discardableResult
    private mutating func record(_ event: StreakEvent, clocks: inout ZoneClocks, delta: Int32) -> Bool {
        let second = event.dateCreated.flooredEpochSecond
        let clock = clocks.clockIndex(for: event.timezone)
        var arrival: LocalTime?
        if let zone = leeway.zone {
            let closingClock = clocks.clockIndex(for: zone)
            if closingClock != clock { arrival = clocks.localTime(atSecond: second, clock: closingClock) }
        }
        let local = clocks.localTime(atSecond: second, clock: clock)
        let isReading = !event.isFreeze && event.amount.map(StreakAmount.isValid) == true
        record(
            isFreeze: event.isFreeze, amount: event.amountThousandths, isReading: isReading && delta > 0, date: event.dateCreated, at: local,
            arrival: arrival, delta: delta
        ) {
            Stamp(date: event.dateCreated, timezone: event.timezone)
        }
        guard isReading, delta < 0 else { return true }
        return readings.remove(event.amountThousandths, at: event.dateCreated.timeIntervalSince1970, on: local.day)
    }

    /// Counts one event; `stamp` is only built when it becomes the first or last event.
    /// `arrival` is its instant's wall clock in the zone days close in, when it was logged
    /// in another (rule 4a).
    // Inlined: called once per event, a call passing the `stamp` closure retains and
    // releases the events on every one (measured: a million events took twice as long).
    @inline(__always)
    private mutating func record(
        isFreeze: Bool, amount: Int64, isReading: Bool, date: Date, at local: LocalTime, arrival: LocalTime?, delta: Int32, sorted: Bool = true,
        stamp: () -> Stamp
    ) {
        if isFreeze {
            ensureDays(local.day, local.day)
            frozenCounts[local.day - baseDay] += delta
            // Rule 4a: seen by the settlements from its instant on (from the west, its own day's).
            let early = local.day - min(leeway.firstDayOpen(at: arrival ?? local), local.day)
            if early > 0 {
                HistoryAmounts.update(
                    &amounts.freezeArrivals, key: HistoryAmounts.arrivalKey(cell: local.day, shift: early), amount: HistoryAmounts.unit, delta: delta
                )
            }
        } else {
            // The event's own day's leeway decides where it may go (rule 11: days keep theirs).
            let leewayHours = leeway.hours(on: local.day)
            let leewaySeconds = leewayHours * 3_600
            let lo = leewaySeconds > 0 && local.secondOfDay < leewaySeconds ? local.day - 1 : local.day
            let hi = leewaySeconds > 0 && local.secondOfDay >= 86_400 - leewaySeconds ? local.day + 1 : local.day
            ensureDays(lo, hi)
            let classIndex = CreditLedger.classIndex(width: hi - lo, ownOffset: local.day - lo)
            let cell = (hi - baseDay) * CreditLedger.classesPerDay + classIndex
            counts[cell] += delta
            // The second the day before closes (midnight with no leeway or a whole day of it);
            // an event from another zone arrives by its instant instead.
            let atBoundary = arrival == nil && local.secondOfDay == leewaySeconds % 86_400
            if amount != HistoryAmounts.unit || atBoundary {
                amounts.record(
                    amount: amount, index: cell, key: hi * CreditLedger.classesPerDay + classIndex, windowed: hi > lo,
                    atBoundary: atBoundary, delta: delta, cells: counts.count, sorted: sorted
                )
            }
            // Midnight after a whole day of leeway: the day two before closes then.
            if arrival == nil, !leeway.isUniform, local.secondOfDay == 0, leewayHours % 24 != 0, leeway.hours(on: local.day - 1) == 24 {
                HistoryAmounts.update(&amounts.midnight, key: local.day, amount: amount, delta: delta)
            }
            // With no leeway on any day every event has one day, so nothing a settlement sees
            // early can change where an event goes: arrivals matter only where windows exist.
            if let arrival, !leeway.isNoneThroughout {
                // Rule 4a: an event takes part in the settlements from its instant on, but from
                // the west no later than its home day's (rule 4, tie 3: the night before's, for
                // the first L hours with L <= 12).
                let home = lo < local.day && leewayHours <= 12 ? lo : local.day
                let shift = lo - min(leeway.firstDayOpen(at: arrival), home)
                if shift != 0 {
                    if arrivalCounts.isEmpty { arrivalCounts = Array(repeating: 0, count: counts.count * Self.arrivalSlots) }
                    arrivalCounts[cell * Self.arrivalSlots + Self.arrivalSlot(shift: shift)] += delta
                    if amount != HistoryAmounts.unit {
                        let key = HistoryAmounts.arrivalKey(cell: hi * CreditLedger.classesPerDay + classIndex, shift: shift)
                        amounts.recordArrival(key: key, amount: amount, delta: delta, sorted: sorted)
                    }
                }
            }
            if isReading { readings.add(amount, at: date.timeIntervalSince1970, on: local.day) }
            regularCount += Int(delta)
            if delta > 0 {
                if firstEvent == nil || date < firstEvent!.date { firstEvent = stamp() }
                if lastEvent == nil || date >= lastEvent!.date { lastEvent = stamp() }
            }
        }
        if delta > 0, latestEventDate == nil || date > latestEventDate! { latestEventDate = date }
    }

    /// Events of one ledger cell (by key) that arrive `shift` days off their window's first day.
    private struct Arrivals {
        let cell: Int, shift: Int, count: Int32
        /// The amounts of those whose amount is other than 1.
        let others: [Int64]
    }

    /// The events `arrivalCounts` counts, by cell key and shift.
    private func arrivalGroups() -> [Arrivals] {
        var groups: [Arrivals] = []
        for index in arrivalCounts.indices where arrivalCounts[index] > 0 {
            let cellIndex = index / Self.arrivalSlots, shift = Self.arrivalShift(slot: index % Self.arrivalSlots)
            let key = baseDay * CreditLedger.classesPerDay + cellIndex
            let others = amounts.arrivals[HistoryAmounts.arrivalKey(cell: key, shift: shift)] ?? []
            groups.append(Arrivals(cell: key, shift: shift, count: arrivalCounts[index], others: others))
        }
        return groups
    }

    /// Grows the arrays (by at least a year at a time) to cover `first...last`.
    private mutating func ensureDays(_ first: Int, _ last: Int) {
        let dayCount = frozenCounts.count
        if dayCount == 0 {
            baseDay = first - 366
            counts = Array(repeating: 0, count: (last - baseDay + 367) * CreditLedger.classesPerDay)
            frozenCounts = Array(repeating: 0, count: last - baseDay + 367)
            amounts.extras = []
            arrivalCounts = []
            return
        }
        if first < baseDay {
            let extra = baseDay - first + 366
            counts.insert(contentsOf: repeatElement(0, count: extra * CreditLedger.classesPerDay), at: 0)
            frozenCounts.insert(contentsOf: repeatElement(0, count: extra), at: 0)
            amounts.grow(before: extra * CreditLedger.classesPerDay, after: 0)
            if !arrivalCounts.isEmpty { arrivalCounts.insert(contentsOf: repeatElement(0, count: extra * CreditLedger.classesPerDay * Self.arrivalSlots), at: 0) }
            baseDay -= extra
        }
        if last >= baseDay + frozenCounts.count {
            let extra = last - (baseDay + frozenCounts.count) + 367
            counts.append(contentsOf: repeatElement(0, count: extra * CreditLedger.classesPerDay))
            frozenCounts.append(contentsOf: repeatElement(0, count: extra))
            amounts.grow(before: 0, after: extra * CreditLedger.classesPerDay)
            if !arrivalCounts.isEmpty { arrivalCounts.append(contentsOf: repeatElement(0, count: extra * CreditLedger.classesPerDay * Self.arrivalSlots)) }
        }
    }

    static func chronological(_ lhs: StreakEvent, _ rhs: StreakEvent) -> Bool {
        lhs.dateCreated != rhs.dateCreated ? lhs.dateCreated < rhs.dateCreated : lhs.id < rhs.id
    }
}

/// Finds an event's zone clock by the identity of its identifier's storage: within one pass
/// over an array of events, whose strings all stay alive, the same storage is the same zone.
/// Identifiers of up to 15 bytes are stored inline; they are matched by length, then value.
private struct ZoneStorageCache {
    private var stored: [(storage: UnsafeRawPointer, clock: Int)] = []
    private var inline: [(identifier: String, length: Int, clock: Int)] = []

    mutating func clock(for identifier: String, in clocks: inout ZoneClocks) -> Int {
        let length = identifier.utf8.count
        if length > 15, let storage = identifier.utf8.withContiguousStorageIfAvailable({ UnsafeRawPointer($0.baseAddress) }) ?? nil {
            for entry in stored where entry.storage == storage { return entry.clock }
            let clock = clocks.clockIndex(for: identifier)
            if stored.count < 16 { stored.append((storage, clock)) }
            return clock
        }
        for entry in inline where entry.length == length && entry.identifier == identifier { return entry.clock }
        let clock = clocks.clockIndex(for: identifier)
        if inline.count < 16 { inline.append((identifier, length, clock)) }
        return clock
    }
}
