import DashboardDemo
import Foundation
import Testing
@testable import StreakDashboard
@testable import SwiftfulGamification

/// Every key of the key table and every event, on the demo streaks at their pinned clock.
struct ReducerTests {
    static let five = DemoStreaks.fiveStreaks()


    var fiveStreaks: DashboardState { DemoStreaks.state(Self.five) }
    func only(_ history: DemoHistory) -> DashboardState { DemoStreaks.state([history]) }

    // MARK: - Writes

    @Test(arguments: [Key.character(" "), .enter])
    func spaceAndEnterLog(key: Key) {
        #expect(press(fiveStreaks, key).1 == [.log(streak: "daily")])
    }

    @Test func undoAsksFirst() {
        let state = press(fiveStreaks, .down).0  // pushups: one event today
        let (asked, none) = press(state, .character("u"))
        #expect(asked.overlay == .confirm(.undo(name: "pushups")))
        #expect(Confirmation.undo(name: "pushups").text == "Undo today's last event of pushups? (y/n)")
        #expect(none.isEmpty)
        #expect(press(asked, .character("y")).1 == [.undo(streak: "pushups")])
        #expect(press(asked, .enter).1 == [.undo(streak: "pushups")])
        let (cancelled, effects) = press(asked, .character("n"))
        #expect(effects.isEmpty)
        #expect(cancelled.overlay == .none)
        #expect(cancelled.message == "Cancelled.")
    }

    @Test func sSkipsTheCursorsDayAfterAskingAndTakesASkipBack() throws {
        let state = only(DemoStreaks.readingHistory())
        let (asked, none) = press(state, .character("s"))
        #expect(none.isEmpty)
        #expect(asked.overlay == .confirm(.skip(state.selectedDay, skipping: true, name: try #require(state.view).name)))
        #expect(press(asked, .character("y")).1 == [.write(.addSkips([state.selectedDay]), streak: "reading")])
        #expect(press(asked, .character("n")).1.isEmpty)
        // On a day already skipped, the same key offers to take the skip back.
        var skipped = DemoStreaks.readingHistory()
        skipped.skips = [state.selectedDay]
        let (again, _) = press(only(skipped), .character("s"))
        #expect(again.overlay == .confirm(.skip(state.selectedDay, skipping: false, name: try #require(state.view).name)))
    }

    @Test func capitalSOpensAFormForAHolidayAhead() {
        let state = only(DemoStreaks.readingHistory())
        var (form, _) = press(state, .character("S"))
        guard case .skipForm = form.overlay else { Issue.record("no skip form: \(form.overlay)"); return }
        // From tomorrow (the default) to +10d.
        for key in [Key.tab, .backspace, .backspace, .backspace] + "+10d".map(Key.character) { form = press(form, key).0 }
        let (done, effects) = press(form, .enter)
        #expect(effects == [.write(.addSkips((1...10).map { state.today.adding(days: $0) }), streak: "reading")])
        #expect(done.overlay == .none)
        // A range that ends before it starts is shown, and nothing is written.
        var bad = press(state, .character("S")).0
        for key in [Key.tab, .backspace, .backspace, .backspace] + "-3d".map(Key.character) { bad = press(bad, key).0 }
        let (refused, none) = press(bad, .enter)
        #expect(none.isEmpty)
        #expect(Render.render(refused).lines.joined().contains("the range ends before it starts"))
    }

    @Test func theHolidayFormCanSkipEveryStreak() {
        let state = only(DemoStreaks.readingHistory())
        var form = press(state, .character("S")).0
        // To the scope field; space chooses every streak.
        for key in [Key.tab, .tab, .character(" ")] { form = press(form, key).0 }
        #expect(Render.render(form).lines.joined().contains("all streaks, each on its due days"))
        let (done, effects) = press(form, .enter)
        #expect(effects == [.skipEveryStreak(days: state.today.adding(days: 1)...state.today.adding(days: 7))])
        #expect(done.overlay == .none)
        #expect(WriteOutcome.skippedEveryStreak(days: state.today...state.today, streaks: 3).message(in: .gmt) == "Skipped \(state.today) in 3 streaks, each on its due days.")
    }

    @Test func undoWithNothingTodayExplains() {
        let (state, effects) = press(only(DemoStreaks.readingHistory()), .character("u"))
        #expect(effects.isEmpty)
        #expect(state.message == "Nothing logged today to undo.")
    }

    @Test func useFreezesAsksWithWhatItRestores() {
        let (asked, _) = press(only(DemoStreaks.readingHistory()), .character("f"))
        guard case .confirm(.useFreezes(let count, let restores, _)) = asked.overlay else {
            Issue.record("expected a confirmation, got \(asked.overlay)")
            return
        }
        #expect(count == 3)
        #expect(restores > 30)
        #expect(press(asked, .character("y")).1 == [.write(.useFreezesManually, streak: "reading")])
    }

    @Test func useFreezesExplainsWhenItCannot() {
        #expect(press(fiveStreaks, .character("f")).0.message == "Freezes are used automatically for this streak.")
        #expect(press(only(DemoStreaks.waterHistory()), .character("f")).0.message == "Freezes are off for this streak.")
        #expect(press(fiveStreaks, .down, .character("f")).0.message == "Nothing to restore: no missed days to bridge.")
    }

    @Test func addFreezeAsksWithHowManyThereAre() {
        let (asked, none) = press(fiveStreaks, .character("F"))
        #expect(none.isEmpty)
        #expect(asked.overlay == .confirm(.addFreeze(have: 1, name: fiveStreaks.view?.name ?? "")))
        #expect(Confirmation.addFreeze(have: 1, name: "pushups").text == "Add a freeze to pushups? It has 1. (y/n)")
        #expect(press(asked, .character("y")).1 == [.addFreeze(streak: "daily")])
        #expect(press(only(DemoStreaks.waterHistory()), .character("F")).0.message == "Freezes are off for this streak (e changes that).")
    }

    @Test func removeFreezeAsksForTheNewestUnusedOne() {
        let reading = only(DemoStreaks.readingHistory())
        let (asked, _) = press(reading, .character("R"))
        #expect(asked.overlay == .confirm(.removeFreeze(id: "m4", have: 4, name: reading.view?.name ?? "")))
        #expect(press(asked, .enter).1 == [.write(.removeFreeze(id: "m4"), streak: "reading")])
        #expect(press(only(DemoStreaks.journalHistory()), .character("R")).0.message == "No unused freeze to remove.")
    }

    // MARK: - Backfill and removal on past days

    @Test func spaceOnAPastDayAsksHowManyThenLogsOnThatDay() {
        let (calendar, _) = press(fiveStreaks, .character("c"), .up)
        let yesterday = calendar.today.adding(days: -1)
        let (asked, none) = press(calendar, .character(" "))
        #expect(none.isEmpty)
        guard case .amountPrompt(let prompt) = asked.overlay else {
            Issue.record("no prompt: \(asked.overlay)")
            return
        }
        #expect(prompt.question == "Log daily on Thu 2024-06-13: how many events?")
        #expect(prompt.text == "1")
        #expect(press(asked, .character("y")).1 == [.logOn(streak: "daily", day: yesterday, count: 1, amount: nil)])
        #expect(press(asked, .enter).1 == [.logOn(streak: "daily", day: yesterday, count: 1, amount: nil)])
        // Several events on a past day in one prompt: typing replaces the suggestion.
        #expect(press(asked, .character("3"), .enter).1 == [.logOn(streak: "daily", day: yesterday, count: 3, amount: nil)])
        #expect(press(asked, .character("n")).1.isEmpty)
        #expect(press(asked, .escape).0.overlay == .none)
        let (zero, nothing) = press(asked, .character("0"), .enter)
        #expect(nothing.isEmpty)
        guard case .amountPrompt(let refused) = zero.overlay else {
            Issue.record("the prompt closed on 0")
            return
        }
        #expect(refused.problem == "Type a number of events from 1 to 100.")
    }

    @Test func aDayBeyondTheBackfillWindowSaysWhy() {
        let (old, effects) = press(fiveStreaks, .character("c"), .home, .enter)
        #expect(effects.contains(.loadDay(streak: "daily", day: CalendarDay(year: 2021, month: 6, day: 20))))
        #expect(old.overlay == .none)
        #expect(old.message == "2021-06-20 is more than a year back: events that old come in with `streaks import`.")
    }

    @Test func aYoungStreakCanBeBackfilledAYearBack() {
        let journal = only(DemoStreaks.journalHistory())
        let (back, _) = press(journal, .pageUp, .pageUp)
        #expect(back.selectedDay == CalendarDay(year: 2024, month: 4, day: 14))
        guard case .amountPrompt(let prompt) = press(back, .character(" ")).0.overlay else {
            Issue.record("no prompt")
            return
        }
        #expect(prompt.day == CalendarDay(year: 2024, month: 4, day: 14))
    }

    @Test func xOnTodayIsUndoAndOnAPastDayRemovesItsLatestEvent() {
        #expect(press(fiveStreaks, .down, .character("x")).0.overlay == .confirm(.undo(name: "pushups")))
        let (calendar, _) = press(fiveStreaks, .character("c"), .up)
        let (asked, _) = press(calendar, .character("x"))
        guard case .confirm(.remove(let id, let day, let time, let name)) = asked.overlay else {
            Issue.record("expected a removal question, got \(asked.overlay)")
            return
        }
        #expect(day == calendar.today.adding(days: -1))
        #expect(id == calendar.dayEvents?.events.max(by: { $0.dateCreated < $1.dateCreated })?.id)
        #expect(time == "10:15 EDT")
        #expect(Confirmation.remove(eventId: id, day: day, time: time, name: name).text == "Remove the 10:15 EDT event of \(name) on Thu 2024-06-13? (y/n)")
        #expect(press(asked, .character("y")).1 == [.write(.removeEvent(id: id), streak: "daily")])
    }

    @Test func xExplainsWhenThereIsNothingToRemove() {
        var state = press(fiveStreaks, .character("c"), .home).0
        #expect(press(state, .character("x")).0.message == "The day's events are still loading.")
        state = Reducer.reduce(state, .dayEventsLoaded(DayEvents(key: "daily", day: state.selectedDay, events: []))).0
        #expect(press(state, .character("x")).0.message == "Nothing logged on 2021-06-20.")
    }

    // MARK: - The streak form

    @Test func nOpensTheFormAndTypingAKeyAndEnterCreatesWithTheDefaults() {
        var (state, _) = press(fiveStreaks, .character("n"))
        guard case .form(let form) = state.overlay else { Issue.record("no form"); return }
        #expect(form.mode == .create)
        #expect(form.key.isEmpty)
        for character in "meditate" { state = press(state, .character(character)).0 }
        let (done, effects) = press(state, .enter)
        #expect(effects == [.write(.create(StreakConfiguration(streakKey: "meditate")), streak: "meditate")])
        #expect(done.overlay == .none)
        #expect(done.pendingSelection == PendingSelection(key: "meditate", isNew: true))
        // The store reports the new streak: it is selected.
        let (selected, _) = Reducer.reduce(done, .keysChanged(done.keys + ["meditate"]))
        #expect(selected.selected == "meditate")
    }

    @Test func theFormTakesASchedule() {
        var (state, _) = press(fiveStreaks, .character("n"))
        for character in "gym" { state = press(state, .character(character)).0 }
        // key -> target -> amount -> unit -> per -> leeway -> freezes -> days -> week from
        for key in [Key.tab, .tab, .tab, .tab, .tab, .tab, .tab] + Array(repeating: Key.backspace, count: 5) + "3/week".map(Key.character) + [.tab]
            + Array(repeating: Key.backspace, count: 6) + "sun".map(Key.character) {
            state = press(state, key).0
        }
        let (_, effects) = press(state, .enter)
        #expect(effects == [.write(.create(StreakConfiguration(streakKey: "gym", schedule: .timesPerWeek(3), weekStart: .sunday)), streak: "gym")])
    }

    @Test func aNewStreakTakesEveryNDaysXInYDaysAndNAMonthAndSaysWhatIsWrong() {
        for (typed, schedule) in [("every 3 days", StreakSchedule.rolling(times: 1, days: 3)), ("5 in 7 days", .rolling(times: 5, days: 7)), ("2/month", .timesPerMonth(2))] {
            var form = StreakForm.create(suggesting: "habit", taken: [])
            form.days = typed
            #expect(form.error(.days) == nil, "\(typed)")
            #expect(form.configuration?.schedule == schedule, "\(typed)")
        }
        var form = StreakForm.create(suggesting: "habit", taken: [])
        for (typed, error) in [("every 1 day", "every 1 day is daily"), ("7 in 7 days", "7 in 7: fewer times than days"), ("1 in 400 days", "at most 365 days"),
                               ("32/month", "daily, mon-fri, 3/week, 2/month, every 3 days or 5 in 7 days")] {
            form.days = typed
            #expect(form.error(.days) == error, "\(typed)")
            #expect(form.configuration == nil, "\(typed)")
        }
    }

    @Test func editingCannotChangeBetweenDaysAndWeeks() {
        var (state, _) = press(fiveStreaks, .character("e"))
        // goal -> leeway -> freezes -> days
        for key in [Key.tab, .tab, .tab] + Array(repeating: Key.backspace, count: 5) + "2/week".map(Key.character) { state = press(state, key).0 }
        let (refused, none) = press(state, .enter)
        #expect(none.isEmpty)
        guard case .form(let form) = refused.overlay else { Issue.record("the form closed"); return }
        #expect(form.error(.days) == "a new shape: a new streak, or `config --from start`")
        // A rolling window is a shape of its own too (rule 12).
        var rolling = state
        for key in Array(repeating: Key.backspace, count: 6) + "every 3 days".map(Key.character) { rolling = press(rolling, key).0 }
        guard case .form(let rollingForm) = press(rolling, .enter).0.overlay else { Issue.record("the form closed"); return }
        #expect(rollingForm.error(.days) == "a new shape: a new streak, or `config --from start`")
        var days = state
        for key in Array(repeating: Key.backspace, count: 6) + "mon-fri".map(Key.character) { days = press(days, key).0 }
        let (_, effects) = press(days, .enter)
        guard case .write(.settings(_, _, _, let schedule, _, _), _) = effects.first else { Issue.record("no update: \(effects)"); return }
        #expect(schedule == .weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]))
    }

    /// The first-run form suggests "daily": typing a key replaces it ("med", not "dailymed");
    /// Ctrl-U clears a field; control characters are not typed in.
    @Test func typingReplacesASuggestedValueAndCtrlUClears() {
        var form = StreakForm.create(suggesting: "daily", taken: [])
        for character in "med" { _ = form.handle(.character(character)) }
        #expect(form.key == "med")
        _ = form.handle(.character("s"))
        #expect(form.key == "meds")
        _ = form.handle(.clearField)
        #expect(form.key.isEmpty)
        _ = form.handle(.character("\u{15}"))
        #expect(form.key.isEmpty)
        #expect(KeyDecoder.keys([.code(21)]) == [.clearField])
    }

    @Test func tabMovesBetweenFieldsAndBadValuesShowWithNothingWritten() {
        var (state, _) = press(fiveStreaks, .character("n"))
        // key, target, amount, unit, per, leeway, freezes
        for key in [Key.character("R"), .character("u"), .character("n"), .tab, .tab, .backspace, .character("0"), .tab, .tab, .tab, .character("9"), .tab, .right, .right] {
            state = press(state, key).0
        }
        guard case .form(var form) = state.overlay else { Issue.record("no form"); return }
        #expect(form.key == "Run")
        #expect(form.goal == "0")
        // Typing into a suggested value replaces it.
        #expect(form.leeway == "9")
        #expect(StreakForm.freezeModes[form.freezeMode].word == "off")
        #expect(form.error(.key) == "lowercase letters, digits and _ (up to 64)")
        #expect(form.error(.goal) == "a whole number of events from 1 to 10000")
        #expect(form.error(.leeway) == nil)
        let (refused, effects) = press(state, .enter)
        #expect(effects.isEmpty)
        guard case .form(let shown) = refused.overlay else { Issue.record("the form closed"); return }
        #expect(shown.showsErrors)
        #expect(shown.field == .key)
        let lines = Render.render(refused).lines.joined(separator: "\n")
        #expect(lines.contains("lowercase letters, digits and _ (up to 64)"))
        // A taken key is refused too.
        form.key = "daily"
        #expect(form.error(.key) == "a streak 'daily' exists")
    }

    @Test func escCancelsTheFormAndCtrlCStillQuits() {
        let (open, _) = press(fiveStreaks, .character("n"), .character("q"))
        guard case .form(let form) = open.overlay else { Issue.record("q typed into the form should not quit"); return }
        #expect(form.key == "q")
        let (cancelled, effects) = press(open, .escape)
        #expect(cancelled.overlay == .none)
        #expect(!cancelled.isFinished)
        #expect(effects.isEmpty)
        #expect(press(open, .interrupt).0.isFinished)
    }

    @Test func eRenamesAndRetitlesTheStreakAndRefusesATakenKey() {
        var (state, _) = press(fiveStreaks, .tab, .character("e"))
        // goal -> key (shift-tab twice), a taken key refused inline
        state = press(state, .backTab, .backTab).0
        for key in Array(repeating: Key.backspace, count: 7) + "daily".map(Key.character) { state = press(state, key).0 }
        let (taken, none) = press(state, .enter)
        #expect(none.isEmpty)
        guard case .form(let refused) = taken.overlay else { Issue.record("the form closed"); return }
        #expect(refused.error(.key) == "a streak 'daily' exists")
        for key in Array(repeating: Key.backspace, count: 5) + "press_ups".map(Key.character) + [.tab] + "Pompes — 3 × 20".map(Key.character) {
            state = press(state, key).0
        }
        let (renamed, effects) = press(state, .enter)
        guard case .write(.settings(_, _, _, _, let details, let newKey), let from) = effects.first else { Issue.record("no update: \(effects)"); return }
        #expect(from == "pushups" && newKey == "press_ups" && details.title == "Pompes — 3 × 20")
        #expect(effects.first?.writesStreak == "press_ups", "the write is counted under the key its outcome names")
        #expect(renamed.pendingSelection == PendingSelection(key: "press_ups", isNew: false))
    }

    @Test func eEditsTheSelectedStreakWithItsValues() {
        var (state, _) = press(fiveStreaks, .tab, .character("e"))
        guard case .form(let form) = state.overlay else { Issue.record("no form"); return }
        #expect(form.mode == .edit(key: "pushups"))
        #expect((form.goal, form.leeway, StreakForm.freezeModes[form.freezeMode].word) == ("3", "0", "manual"))
        #expect(form.field == .goal)
        state = press(state, .backspace, .character("4")).0
        guard case .write(.settings(let goal, _, let behavior, _, let details, let newKey), "pushups") = press(state, .enter).1.first else {
            Issue.record("no update"); return
        }
        #expect(goal == 4 && behavior == .manuallyConsumeFreezes && details.target == nil && newKey == "pushups")
        // What the form does not show is kept: the title as it was, the group and place not written.
        let original = state.views["pushups"]!.configuration
        #expect(details.title == (original.title ?? "") && details.group == nil && details.position == nil)
    }

    @Test func theFormMakesAnAmountALimitAndATrackingStreak() {
        func create(_ keys: [Key]) -> StreakConfiguration? {
            var (state, _) = press(fiveStreaks, .character("n"))
            for key in keys { state = press(state, key).0 }
            guard case .write(.create(let configuration), _) = press(state, .enter).1.first else { return nil }
            return configuration
        }
        let typed = { (text: String) in text.map(Key.character) }
        // key, target (at least), amount, unit: "run", 5.2 km a day.
        let run = create(typed("run") + [.tab, .tab, .backspace] + typed("5.2") + [.tab] + typed("km"))
        #expect(run?.target == .atLeast(5.2, per: .day) && run?.unit == "km")
        // At most 2 a day since a date: the since field appears for a limit.
        let coffee = create(typed("coffee") + [.tab, .right, .tab, .backspace] + typed("2") + [.tab, .tab, .tab, .tab, .tab, .tab, .tab] + typed("2024-06-01"))
        #expect(coffee?.target == .atMost(2, per: .day))
        #expect(coffee?.startDay == CalendarDay(year: 2024, month: 6, day: 1))
        // Tracking: no amount, no period.
        let weight = create(typed("weight") + [.tab, .left, .tab] + typed("kg"))
        #expect(weight?.target == .trackingOnly && weight?.unit == "kg")
        // At least 20 a week is judged over whole weeks: not with Mon-Fri.
        var (state, _) = press(fiveStreaks, .character("n"))
        for key in typed("w") + [.tab, .tab, .backspace] + typed("20") + [.tab, .tab, .right, .tab, .tab, .tab, .clearField] + typed("mon-fri") {
            state = press(state, key).0
        }
        guard case .form(let form) = state.overlay else { Issue.record("no form"); return }
        #expect(form.error(.days) == "a weekly amount is judged on daily")
    }

    @Test func anEmptyStoreOpensOnTheFormSuggestingDaily() {
        let state = DashboardState(keys: [], now: DemoStreaks.now, zone: demoZone)
        #expect(state.overlay == .form(.create(suggesting: "daily", taken: [], today: state.today)))
        #expect(press(state, .enter).1 == [.write(.create(StreakConfiguration(streakKey: "daily")), streak: "daily")])
        #expect(press(state, .escape).0.message == "No streak yet: n opens the form again.")
    }

    @Test func aArchivesAfterAsking() {
        let (asked, _) = press(fiveStreaks, .down, .character("A"))
        #expect(asked.overlay == .confirm(.archive(key: "pushups")))
        #expect(press(asked, .character("y")).1 == [.write(.archive(true), streak: "pushups")])
    }

    @Test func shiftDDeletesAfterAskingWithTheStreaksNameAndLength() throws {
        let (asked, none) = press(fiveStreaks, .down, .character("D"))
        #expect(none.isEmpty)
        guard case .confirm(.delete(let key, let name, let length)) = asked.overlay else {
            Issue.record("no question: \(asked.overlay)")
            return
        }
        #expect(key == "pushups")
        let view = try #require(asked.view)
        #expect(name == view.name)
        #expect(length.hasPrefix("a \(view.streak.currentStreak ?? 0)-day streak, "))
        #expect(Confirmation.delete(key: key, name: name, length: length).text == "Delete \(name) (\(length))? The trash keeps it 30 days. (y/n)")
        #expect(press(asked, .character("y")).1 == [.write(.delete, streak: "pushups")])
        #expect(press(asked, .character("n")).1.isEmpty)
    }

    // MARK: - Streaks and focus

    @Test func tabAndShiftTabCycleThroughStreaks() {
        let keys = fiveStreaks.keys
        #expect(press(fiveStreaks, .tab).0.selected == keys[1])
        #expect(press(fiveStreaks, .backTab).0.selected == keys.last)
        #expect(press(fiveStreaks, .tab, .tab, .tab, .tab, .tab).0.selected == keys[0])
    }

    @Test func upAndDownSelectStreaksInTheListWithoutWrapping() {
        let state = fiveStreaks
        #expect(state.focus == .list)
        #expect(press(state, .down, .down).0.selected == "reading")
        #expect(press(state, .character("j")).0.selected == "pushups")
        #expect(press(state, .up).0.selected == "daily")
        #expect(press(state, .down, .down, .down, .down, .down, .down).0.selected == "journal")
        #expect(press(state, .down, .character("k")).0.selected == "daily")
    }

    /// Issue 49: back in the list, Space logs today, whatever day the calendar's cursor was
    /// left on ("Log meditate on Mon: how many events?" while the panel said "5h left today").
    @Test func spaceInTheListLogsTodayWhereverTheCalendarCursorWasLeft() {
        let (moved, _) = press(fiveStreaks, .character("c"), .up, .up, .character("c"))
        #expect(moved.focus == .list && moved.cursor != nil)
        let (logged, effects) = press(moved, .character(" "))
        #expect(logged.overlay == .none)
        #expect(effects == [.log(streak: moved.selected!)])
        // In the calendar, the cursor's day is the one logged.
        let (asked, _) = press(fiveStreaks, .character("c"), .up, .character(" "))
        guard case .amountPrompt = asked.overlay else {
            Issue.record("a past day in the calendar asks how many")
            return
        }
    }

    @Test func cSwitchesFocusAndThenUpAndDownMoveDays() {
        let (calendar, _) = press(fiveStreaks, .character("c"))
        #expect(calendar.focus == .calendar)
        #expect(press(calendar, .up).0.selectedDay == calendar.today.adding(days: -1))
        #expect(press(calendar, .up, .up, .down).0.selectedDay == calendar.today.adding(days: -1))
        #expect(press(calendar, .character("c")).0.focus == .list)
        let single = only(DemoStreaks.longHistory())
        #expect(single.focus == .calendar)
        #expect(press(single, .character("c")).0.message == "One streak: the calendar has the keys.")
    }

    @Test func selectingAnotherStreakLoadsItsDay() {
        let (state, effects) = press(fiveStreaks, .tab)
        #expect(effects.isEmpty)  // today is within the recent events: no read
        #expect(state.dayEvents?.key == "pushups")
        #expect(state.dayEvents?.events.map(\.id) == ["today"])
    }

    // MARK: - The calendar

    @Test func leftAndRightMoveAWeek() {
        let state = press(fiveStreaks, .character("c")).0
        let today = state.today
        #expect(press(state, .left).0.selectedDay == today.adding(days: -7))
        #expect(press(state, .character("h"), .character("h")).0.selectedDay == today.adding(days: -14))
        #expect(press(state, .left, .left, .right).0.selectedDay == today.adding(days: -7))
        #expect(press(state, .right).0.cursor == nil)  // never past today
    }

    @Test func pageUpAndDownMoveAMonth() {
        let state = press(fiveStreaks, .character("c")).0
        #expect(press(state, .pageUp).0.selectedDay == CalendarDay(year: 2024, month: 5, day: 14))
        #expect(press(state, .pageUp, .pageUp, .pageUp, .pageUp).0.selectedDay == CalendarDay(year: 2024, month: 2, day: 14))
        #expect(press(state, .pageUp, .pageUp, .pageDown).0.selectedDay == CalendarDay(year: 2024, month: 5, day: 14))
        // The 31st a month back is the month's last day.
        var end = state
        end.cursor = CalendarDay(year: 2024, month: 3, day: 31)
        #expect(press(end, .pageUp).0.selectedDay == CalendarDay(year: 2024, month: 2, day: 29))
    }

    @Test func homeGoesToTheFirstDayWithAnEventAndEndToToday() {
        let state = press(fiveStreaks, .character("c")).0
        let (first, effects) = press(state, .home)
        #expect(first.selectedDay == CalendarDay(year: 2021, month: 6, day: 20))
        #expect(effects == [.loadDay(streak: "daily", day: CalendarDay(year: 2021, month: 6, day: 20))])
        #expect(first.dayEvents == nil)
        #expect(press(first, .left, .pageUp).0.selectedDay == first.selectedDay)  // never before history
        let (back, _) = press(first, .end)
        #expect(back.cursor == nil)
        #expect(back.selectedDay == state.today)
    }

    @Test func loadedDayEventsShowOnlyForTheDayAndStreakAsked() {
        let (state, _) = press(fiveStreaks, .character("c"), .home)
        let day = state.selectedDay
        let events = DayEvents(key: "daily", day: day, events: [StreakEvent(id: "x", dateCreated: DemoStreaks.now, timezone: "UTC")])
        #expect(Reducer.reduce(state, .dayEventsLoaded(events)).0.dayEvents == events)
        let stale = DayEvents(key: "daily", day: day.adding(days: 1), events: [])
        #expect(Reducer.reduce(state, .dayEventsLoaded(stale)).0.dayEvents == nil)
    }

    // MARK: - Theme, help, quit

    @Test func tCyclesThemesAndRemembersTheChoice() {
        let (state, effects) = press(fiveStreaks, .character("t"))
        #expect(effects == [.saveTheme("light")])
        #expect(state.themeName == "light")
        #expect(state.message == "Theme: light")
        #expect(press(state, .character("t")).0.themeName == "default")
    }

    @Test func helpOpensAndAnyKeyClosesIt() {
        let (help, _) = press(fiveStreaks, .character("?"))
        #expect(help.overlay == .help)
        let (closed, effects) = press(help, .character("x"))
        #expect(closed.overlay == .none)
        #expect(effects.isEmpty)
        #expect(press(help, .escape).0.isFinished == false)
        // Issue 49: q closes help, as help says any key does; it does not quit.
        let (afterQ, quitEffects) = press(help, .character("q"))
        #expect(!afterQ.isFinished && afterQ.overlay == .none && quitEffects.isEmpty)
    }

    @Test(arguments: [Key.character("q"), .escape, .interrupt])
    func quitKeys(key: Key) {
        let (state, effects) = press(fiveStreaks, key)
        #expect(state.isFinished)
        #expect(effects == [.quit])
    }

    @Test func keysWithoutABindingDoNothing() {
        for key in [Key.character("z"), .character("1"), .character("é")] {
            let (state, effects) = press(fiveStreaks, key)
            #expect(effects.isEmpty)
            #expect(!state.isFinished)
            #expect(state.selected == "daily")
        }
    }

    /// The reducer acts on every action the table binds, and every binding's keys reach it.
    @Test func everyBindingHasAnEffectOrChangesTheState() {
        for binding in KeyBindings.all {
            for key in binding.keys {
                #expect(KeyBindings.action(for: key) == binding.action, "\(key)")
            }
        }
        #expect(Set(KeyBindings.all.map(\.action)) == Set(Action.allCases))
    }

    // MARK: - Events from the store and the terminal

    @Test func aStreakRemovedElsewhereMovesTheSelection() {
        let state = press(fiveStreaks, .down).0
        let (next, _) = Reducer.reduce(state, .keysChanged(["daily", "water"]))
        #expect(next.selected == "daily")
        #expect(next.views.keys.sorted() == ["daily", "water"])
        let (single, _) = Reducer.reduce(next, .keysChanged(["water"]))
        #expect(single.focus == .calendar)
        #expect(!single.showsList)
    }

    @Test func aSecondStreakArrivingGivesTheListTheKeysButALaterListLeavesFocusAlone() {
        let single = only(DemoStreaks.longHistory())
        let key = single.keys[0]
        let (two, _) = Reducer.reduce(single, .keysChanged([key, "water"]))
        #expect(two.showsList && two.focus == .list)
        #expect(press(two, .down).0.selected != two.selected)
        let calendar = press(fiveStreaks, .character("c")).0
        let (relisted, _) = Reducer.reduce(calendar, .keysChanged(calendar.keys + ["new"]))
        #expect(relisted.focus == .calendar)
    }

    @Test func theFooterNamesTheStreakItsFirstKeysActOnWhenThereAreSeveral() {
        let moved = press(fiveStreaks, .down).0
        let footer = Render.render(moved).lines.last ?? ""
        #expect(footer.hasPrefix(" \(moved.view?.name ?? "?"): space log  u undo"), "\(footer)")
        #expect(footer.contains("|  tab streak"), "the keys of the streak come first: \(footer)")
        let single = Render.render(only(DemoStreaks.longHistory())).lines.last ?? ""
        #expect(single.contains("space log  "), "\(single)")
    }

    @Test func aStreakCreatedFromTheFormIsSelectedOnTodayWithTheListFocused() {
        var state = press(only(DemoStreaks.longHistory()), .up, .up).0
        #expect(state.cursor != nil && state.focus == .calendar)
        state.pendingSelection = PendingSelection(key: "water", isNew: true)
        let (created, _) = Reducer.reduce(state, .keysChanged(state.keys + ["water"]))
        #expect(created.selected == "water" && created.cursor == nil && created.focus == .list)
    }

    @Test("a renamed streak is selected under its new key on the day its calendar was on")
    func aRenamedStreakKeepsItsDay() {
        var state = press(fiveStreaks, .character("c"), .up, .up).0
        let day = state.cursor
        #expect(day != nil)
        let old = state.selected!
        state.pendingSelection = PendingSelection(key: "renamed", isNew: false)
        let keys = state.keys.map { $0 == old ? "renamed" : $0 }
        let (renamed, _) = Reducer.reduce(state, .keysChanged(keys))
        #expect(renamed.selected == "renamed" && renamed.cursor == day)
    }

    @Test func anUpdateOfAnotherStreakLeavesTheSelectedDayAlone() {
        let state = fiveStreaks
        let update = DemoStreaks.view(DemoStreaks.waterHistory())
        let (next, effects) = Reducer.reduce(state, .streakUpdated(update))
        #expect(effects.isEmpty)
        #expect(next.dayEvents == state.dayEvents)
    }

    @Test func failuresAreShownUntilTheStreakReadsAgain() {
        let (failed, _) = Reducer.reduce(fiveStreaks, .streakFailed(key: "water", reason: "config.json is damaged"))
        #expect(failed.failures["water"] == "config.json is damaged")
        let (healed, _) = Reducer.reduce(failed, .streakUpdated(DemoStreaks.view(DemoStreaks.waterHistory())))
        #expect(healed.failures["water"] == nil)
    }

    @Test func ticksResizesAndMessages() {
        let later = DemoStreaks.now.addingTimeInterval(60)
        #expect(Reducer.reduce(fiveStreaks, .tick(later)).0.now == later)
        let resized = Reducer.reduce(fiveStreaks, .resize(width: 200, height: 60)).0
        #expect((resized.width, resized.height) == (200, 60))
        #expect(Reducer.reduce(fiveStreaks, .message("hello")).0.message == "hello")
        // A key clears a message.
        #expect(press(Reducer.reduce(fiveStreaks, .message("hello")).0, .left).0.message == nil)
    }
}
