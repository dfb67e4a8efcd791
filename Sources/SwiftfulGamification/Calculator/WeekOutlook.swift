/// The current week of a weekly streak, as rules 8 and 10 judge it today.
struct WeekOutlook {
    let record: StreakWeek
    let today: Int
    let yesterdayIsOpen: Bool
    /// Days after today in the week that are not skipped.
    let after: Int
    /// Days from today to the week's end neither kept nor skipped, latest first.
    let stillOpen: [Int]

    init(record: StreakWeek, walk: StreakWalk, input: WalkInput, weeks: WeekCalendar) {
        self.record = record
        let today = input.today, end = record.end.dayNumber
        self.today = today
        yesterdayIsOpen = input.yesterdayIsOpen
        after = today < end ? (today + 1...end).filter { weeks.dueDays.kind(of: $0) != .skipped }.count : 0
        stillOpen = stride(from: end, through: today, by: -1).filter { day in
            weeks.dueDays.kind(of: day) != .skipped && (day > today || walk.states[day - input.ledger.baseDay] != .kept)
        }
    }

    var needed: Int { max(0, record.target - record.keptDays) }
    var end: Int { record.end.dayNumber }

    /// - Parameter firstDay: the first day any event may be credited to (rule 7: while its
    ///   week is still open, the streak has not broken).
    func status(hasEvents: Bool, streak: Int, previous: StreakWeek?, daysSince: Int, todayKept: Bool, judgement: Judgement, firstDay: Int) -> StreakStatus {
        // Rule 10: a weekly limit is active until the week goes over it, events or not.
        if judgement.isWeekly, judgement.isLimit {
            return record.state == .gap ? .broken(daysSinceLastEvent: daysSince) : .active(daysSinceLastEvent: daysSince)
        }
        guard hasEvents else { return .noEvents }
        if record.state == .kept { return .active(daysSinceLastEvent: todayKept ? 0 : daysSince) }
        // Rule 10: a weekly amount can be reached until the week's last day.
        let hasTime = judgement.isWeekly ? today < end : after >= needed
        guard streak > 0 else {
            // Rule 7: no week has been judged since the first event: the first week is
            // pending, not broken (at risk when it is open only through yesterday's leeway).
            if firstDay >= record.start.dayNumber { return hasTime ? .active(daysSinceLastEvent: todayKept ? 0 : daysSince) : .atRisk }
            if yesterdayIsOpen, let previous, previous.end.dayNumber == today - 1, previous.state == .open,
               firstDay >= previous.start.dayNumber {
                return .atRisk
            }
            return .broken(daysSinceLastEvent: daysSince)
        }
        if yesterdayIsOpen, let previous, previous.end.dayNumber == today - 1, previous.state == .open { return .canExtendWithLeeway }
        return hasTime ? .active(daysSinceLastEvent: todayKept ? 0 : daysSince) : .atRisk
    }

    /// The day whose end (plus leeway) the week must be kept by; nil when it is kept (or a limit).
    func deadlineDay(streak: Int, status: StreakStatus, judgement: Judgement) -> Int? {
        guard streak > 0, record.state == .open, !judgement.isLimit else { return nil }
        if status == .canExtendWithLeeway { return today - 1 }
        guard !judgement.isWeekly, needed > 0, stillOpen.count >= needed else { return end }
        return stillOpen[needed - 1]
    }
}
