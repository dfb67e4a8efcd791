import Foundation
import Testing
@testable import SwiftfulGamification

/// Rule 4a: the past is settled as each day closes, in the current zone, whatever zone an
/// event was logged in; rule 6's longest is the longest run the settled calendar shows.
struct SettlementRuleTests {
    typealias Examples = AmountWorkedExamplesTests
    static let sydney = TimeZone(identifier: "Australia/Sydney")!
    static let kolkata = TimeZone(identifier: "Asia/Kolkata")!
    static let london = TimeZone(identifier: "Europe/London")!

    static func evaluate(_ events: [StreakEvent], leeway: Int = 0, now: Date, zone: TimeZone) -> CurrentStreakData {
        StreakCalculator.evaluate(
            events: events, configuration: StreakConfiguration(streakKey: "floss", leewayHours: leeway), currentDate: now, timezone: zone
        ).streak
    }

    static func iso(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func aRunShownOnlyBeforeItsDaySettledIsNotTheLongest() {
        // Sydney's Monday noon is Sunday evening in Los Angeles: it counts as today then (rule
        // 1), but Sunday settles without it, so the run of 2 was never settled.
        let events = [
            StreakEvent(id: "la", dateCreated: Self.iso("2024-03-02T12:00:00-08:00"), timezone: TimeZone.losAngeles.identifier),
            StreakEvent(id: "sydney", dateCreated: Self.iso("2024-03-04T12:00:00+11:00"), timezone: Self.sydney.identifier),
        ]
        let sunday = Self.evaluate(events, now: Self.iso("2024-03-03T20:00:00-08:00"), zone: .losAngeles)
        #expect(sunday.currentStreak == 2)
        #expect(sunday.longestStreak == 2)
        for now in ["2024-03-04T09:00:00-08:00", "2024-03-05T09:00:00-08:00", "2024-03-20T09:00:00-08:00"] {
            let later = Self.evaluate(events, now: Self.iso(now), zone: .losAngeles)
            #expect(later.longestStreak == 1, "at \(now)")
        }
    }

    @Test func aKolkataMorningKeepsTodayInLondonButNotTheDayBefore() {
        let events = [
            StreakEvent(id: "london", dateCreated: Self.iso("2024-03-16T12:00:00Z"), timezone: Self.london.identifier),
            StreakEvent(id: "kolkata", dateCreated: Self.iso("2024-03-18T07:30:00+05:30"), timezone: Self.kolkata.identifier),
        ]
        let early = Self.evaluate(events, leeway: 3, now: Self.iso("2024-03-18T02:30:00Z"), zone: Self.london)
        #expect(early.currentStreak == 2)
        #expect(early.longestStreak == 2)
        let settled = Self.evaluate(events, leeway: 3, now: Self.iso("2024-03-18T03:30:00Z"), zone: Self.london)
        #expect(settled.currentStreak == 1)
        #expect(settled.longestStreak == 1)
    }

    // MARK: Arrival by instant (rule 4a)

    /// Goal 2, leeway 3, Los Angeles. A 01:00 event may keep Tuesday or count for Wednesday;
    /// Sydney's Wednesday 20:00 is 01:00 in Los Angeles, logged before Tuesday closes (03:00)
    /// though only allowed on Wednesday. At Tuesday's settlement both are logged: Tuesday
    /// cannot be kept, so the 01:00 event goes where it keeps Wednesday.
    @Test func anEventFromTheEastTakesPartInASettlementBeforeItsOwnDay() {
        let events = [
            StreakEvent(id: "night", dateCreated: Self.iso("2024-03-06T01:00:00-08:00"), timezone: TimeZone.losAngeles.identifier),
            StreakEvent(id: "sydney", dateCreated: Self.iso("2024-03-06T20:00:00+11:00"), timezone: Self.sydney.identifier),
        ]
        let configuration = StreakConfiguration(streakKey: "floss", eventsRequiredPerDay: 2, leewayHours: 3)
        let now = Self.iso("2024-03-07T12:00:00-08:00")
        let result = StreakCalculator.evaluate(events: events, configuration: configuration, currentDate: now, timezone: .losAngeles)
        #expect(result.day(CalendarDay(containing: Self.iso("2024-03-06T12:00:00-08:00"), in: .losAngeles)).state == .kept)
        #expect(result.streak.currentStreak == 1)
        // A history kept by a provider for the zone settles the same.
        var history = StreakHistory(leeway: StreakLeeway(configuration: configuration, goalSchedule: [], timezone: .losAngeles))
        for event in events { history.add(event) }
        let fromHistory = StreakCalculator.evaluate(history: history, configuration: configuration, currentDate: now, timezone: .losAngeles)
        #expect(fromHistory.isSameEvaluation(as: result))
    }

    /// Goal 1, leeway 24, New York. Honolulu's Wednesday 20:00 is 01:00 Thursday in New York,
    /// after Tuesday closed (midnight, a whole day after it ended). It takes part as if logged
    /// just before its home day, Wednesday, closed: Tuesday settled missed without it.
    @Test func anEventFromTheWestArrivingAfterADayClosedCannotKeepIt() {
        let honolulu = TimeZone(identifier: "Pacific/Honolulu")!
        let events = [
            StreakEvent(id: "monday", dateCreated: at("2024-03-04 12:00"), timezone: TimeZone.newYork.identifier),
            StreakEvent(id: "honolulu", dateCreated: Self.iso("2024-03-06T20:00:00-10:00"), timezone: honolulu.identifier),
        ]
        let streak = StreakCalculator.evaluate(
            events: events, configuration: StreakConfiguration(streakKey: "walk", leewayHours: 24), currentDate: at("2024-03-07 12:00"),
            timezone: .newYork
        ).streak
        #expect(streak.currentStreak == 1)
        #expect(streak.longestStreak == 1)
    }

    /// At most 0.5 a day, leeway 6, auto freezes. Saturday 21:45's 2 may go to Saturday or
    /// Sunday; either day is then over. A freeze earned Sunday evening could have bridged
    /// Sunday, but Saturday settled at 06:00 Sunday without it (rule 1 at that instant): the
    /// 2 stays on its evening and the freeze stays unused.
    @Test func aFreezeEarnedAfterADaySettledTakesNoPartInIt() {
        let result = Examples.evaluate(
            [Examples.logged("02-10 21:45", 2)], target: .atMost(0.5, per: .day), start: "2024-02-07", leeway: 6,
            freezes: [StreakFreeze(id: "late", dateEarned: at("2024-02-11 19:57"))], behavior: .autoConsumeFreezes, now: "2024-02-12 12:00"
        )
        #expect(result.day(day("2024-02-10")).amount == 2)
        #expect(result.day(day("2024-02-10")).state == .gap)
        #expect(result.day(day("2024-02-11")).state == .kept)
        #expect(result.freezeConsumptions.isEmpty)
        #expect(result.streak.currentStreak == 1)
    }

    /// At most 0.5 a day, leeway 3. Thursday 01:00's 2 may go to Wednesday or Thursday; either
    /// is then over. Thursday's freeze event, logged at 10:00, would have bridged Thursday, but
    /// Wednesday settled at 03:00 without it: the 2 stays on Wednesday night, and Thursday is
    /// kept within.
    @Test func aFreezeEventLoggedAfterADaySettledTakesNoPartInIt() {
        let freezeEvent = StreakEvent(
            id: "freeze", dateCreated: at("2024-01-11 10:00"), timezone: TimeZone.newYork.identifier, isFreeze: true, freezeId: "f"
        )
        let result = Examples.evaluate(
            [Examples.logged("01-11 01:00", 2), freezeEvent], target: .atMost(0.5, per: .day), start: "2024-01-08", leeway: 3,
            behavior: .manuallyConsumeFreezes, now: "2024-01-12 12:00"
        )
        #expect(result.day(day("2024-01-10")).amount == 2)
        #expect(result.day(day("2024-01-10")).state == .gap)
        #expect(result.day(day("2024-01-11")).state == .kept)
    }

    // MARK: Rule 4's tie-breaks at a settlement

    @Test func aLimitsCigaretteAtOneInTheMorningIsTheNightBeforesWhenThatNightStaysWithin() {
        let events = [Examples.logged("01-02 01:00")]
        let result = Examples.evaluate(events, target: .atMost(1, per: .day), start: "2024-01-01", leeway: 3, now: "2024-01-03 12:00")
        #expect(result.day(day("2024-01-01")).amount == 1)
        #expect(result.day(day("2024-01-02")).amount == 0)
        #expect(result.streak.currentStreak == 2)
    }

    @Test func itMovesToTheNextDayOnlyToKeepTheNightBeforeWithin() {
        let events = [Examples.logged("01-01 20:00"), Examples.logged("01-02 01:00")]
        let result = Examples.evaluate(events, target: .atMost(1, per: .day), start: "2024-01-01", leeway: 3, now: "2024-01-03 12:00")
        #expect(result.day(day("2024-01-01")).amount == 1)
        #expect(result.day(day("2024-01-02")).amount == 1)
        #expect(result.streak.currentStreak == 2)
    }

    @Test func aCigaretteAtEightInTheEveningStaysOnItsEvening() {
        // A 6-hour leeway lets it go to the next day; nothing is gained, so it stays.
        let events = [Examples.logged("01-01 20:00")]
        let result = Examples.evaluate(events, target: .atMost(1, per: .day), start: "2024-01-01", leeway: 6, now: "2024-01-03 12:00")
        #expect(result.day(day("2024-01-01")).amount == 1)
        #expect(result.day(day("2024-01-02")).amount == 0)
    }

    @Test func aSurplusNightEventGoesWhereItStillKeepsTomorrow() {
        // 01-01 is kept at noon; the 01:00 event is the night before's but not needed there:
        // as 01-01 closes it keeps the open 01-02 instead (tie 2 before tie 3).
        let events = [Examples.logged("01-01 12:00"), Examples.logged("01-02 01:00")]
        let result = Examples.evaluate(events, target: .atLeast(1, per: .day), leeway: 3, now: "2024-01-02 13:00")
        #expect(result.day(day("2024-01-01")).eventCount == 1)
        #expect(result.day(day("2024-01-02")).eventCount == 1)
        #expect(result.streak.currentStreak == 2)
        #expect(result.streak.calculatedStatus == .active(daysSinceLastEvent: 0))
    }

    @Test func aWeekLaterEveryNightIsStillTheNightBefore() {
        // Settling is a function of the data: however late it is read (or the events were
        // backfilled), each 00:30 floss keeps the night before, as it did that morning.
        let events = [Examples.logged("01-01 00:30"), Examples.logged("01-02 00:30"), Examples.logged("01-03 00:30")]
        let late = Examples.evaluate(events, target: .atLeast(1, per: .day), leeway: 3, now: "2024-01-09 12:00")
        let onTime = Examples.evaluate(events, target: .atLeast(1, per: .day), leeway: 3, now: "2024-01-03 12:00")
        for dayText in ["2023-12-31", "2024-01-01", "2024-01-02"] {
            #expect(late.day(day(dayText)).state == onTime.day(day(dayText)).state, "\(dayText)")
            #expect(late.day(day(dayText)).state == .kept, "\(dayText)")
        }
        #expect(late.streak.longestStreak == 3)
    }

    @Test func aWeeklyLimitsRepairOfferCountsOnlyTheWeekThatCouldNotBeKept() {
        // Issue 47, 4: at most 4.5 a week, leeway 3, manual freezes. As Sunday 01-14 settled,
        // moving its 22:00 beers to Monday kept week 2 within the limit; week 3 alone is over.
        let events = [
            Examples.logged("01-10 12:00", 2, id: "a"), Examples.logged("01-14 22:00", 3, id: "b"), Examples.logged("01-16 12:00", 5, id: "c"),
        ]
        let result = Examples.evaluate(
            events, target: .atMost(4.5, per: .week), start: "2024-01-01", leeway: 3,
            freezes: [StreakFreeze(id: "f1", dateEarned: at("2023-12-01 00:00")), StreakFreeze(id: "f2", dateEarned: at("2023-12-01 00:00"))],
            behavior: .manuallyConsumeFreezes, now: "2024-01-17 12:00"
        )
        #expect(result.streak.freezesNeededToSaveStreak == 1)
        #expect(result.day(day("2024-01-15")).amount == 3)
        #expect(result.streak.currentStreak == 0)
        #expect(result.streak.longestStreak == 2)
    }

    /// Over random histories (amounts, limits, weekly targets and `timesPerWeek`, leeway 0-24,
    /// freezes, skips, events in two zones), at the instant each day closes: every day closed
    /// by then that no later event may reach keeps its credit at every later instant, and its
    /// state once its unit (its week, for a weekly streak) has closed; and the longest streak
    /// is the calendar's longest run, which `stats` says too.
    @Test(arguments: Array(UInt64(1)...400))
    func thePastNeverChangesAndLongestIsACalendarRun(seed: UInt64) {
        let drawn = ReferenceAmountPropertyTests.input(seed: seed)
        // A freeze used between two instants (rule 1) may rightly change what settled.
        let input = ReferenceStreak.Input(
            events: drawn.events, freezes: drawn.freezes.filter { $0.dateUsed == nil }, configuration: drawn.configuration,
            skips: drawn.skips, now: drawn.now, goalSchedule: drawn.goalSchedule
        )
        let reference = ReferenceStreak(input)
        guard !reference.isTracking else { return }
        func evaluation(at now: Date) -> StreakEvaluation {
            StreakCalculator.evaluate(
                events: input.events, freezes: input.freezes, configuration: input.configuration, currentDate: now,
                timezone: ReferenceStreak.zone, goalSchedule: input.goalSchedule, skips: input.skips.sorted().map(CalendarDay.init(dayNumber:))
            )
        }
        let final = evaluation(at: input.now)
        let today = final.today.dayNumber
        guard let firstDay = final.firstDay, firstDay <= today else { return }
        for closing in firstDay..<today where reference.closing(closing) <= input.now {
            let instant = reference.closing(closing)
            // A limit without a start day is judged from its first event's day: none yet, none judged.
            guard input.events.contains(where: { !$0.isFreeze && $0.dateCreated <= instant }) else { continue }
            let earlier = evaluation(at: instant)
            guard let first = earlier.firstDay, first <= closing else { continue }
            // An event logged after the instant may still reach these days (a late night from
            // the west counts on its home night, rule 4a): the days it may go to are left out.
            // A weekly streak's days are judged by their week: the whole week is left out.
            let reachedLater = Set(input.events.filter { $0.dateCreated > instant }.flatMap { event in
                event.isFreeze ? [reference.ownDayAndSecond(event).day] : reference.placeable(event, index: 0, today: today).days
            }.flatMap { day in reference.isWeekly ? Array(reference.weekStart(day)...(reference.weekStart(day) + 6)) : [day] })
            for day in first...closing where !reachedLater.contains(day) {
                let before = earlier.day(CalendarDay(dayNumber: day)), after = final.day(CalendarDay(dayNumber: day))
                let described = "seed \(seed): \(CalendarDay(dayNumber: day)) as \(CalendarDay(dayNumber: closing)) closed"
                #expect(before.amount == after.amount, "\(described)")
                let unitClosed = !reference.isWeekly || reference.weekStart(day) + 6 <= closing
                if unitClosed { #expect(before.state == after.state, "\(described): \(ReferenceAmountPropertyTests.describe(input))") }
            }
        }
        var run = 0, longest = 0
        if reference.isWeekly {
            for week in final.weeks {
                if week.state == .kept { run += 1 } else if week.state == .gap { run = 0 }
                longest = max(longest, run)
            }
        } else {
            for day in firstDay...today {
                switch final.day(CalendarDay(dayNumber: day)).state {
                case .kept: run += 1
                case .gap: run = 0
                default: break
                }
                longest = max(longest, run)
            }
            // `stats`' longest runs read the same calendar.
            #expect((StreakStatistics(evaluation: final).longestRuns.first?.length ?? 0) == longest, "seed \(seed)")
        }
        #expect(final.streak.longestStreak == longest, "seed \(seed)")
    }
}
