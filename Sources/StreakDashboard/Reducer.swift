import Foundation
import StreakPresentation
import SwiftfulGamification

/// `reduce(state, event) -> (state, effects)`: every change of the dashboard, pure. Keys are
/// looked up in `KeyBindings`, the same table the footer and the help show.
public enum Reducer {
    public static func reduce(_ state: DashboardState, _ event: AppEvent) -> (DashboardState, [Effect]) {
        var state = state
        switch event {
        case .key(let key):
            state.toast = nil
            let effects = handle(key, &state)
            return (state, effects)
        case .keysChanged(let keys):
            let listWasShown = state.showsList
            state.keys = keys
            state.views = state.views.filter { keys.contains($0.key) }
            // The list takes the keys when it appears (a second streak), the calendar when it goes.
            if state.showsList != listWasShown { state.focus = state.showsList ? .list : .calendar }
            if let heading = state.selectedHeading, !state.listRows.contains(.heading(heading)) { state.selectedHeading = nil }
            if let pending = state.pendingSelection, keys.contains(pending.key) {
                state.pendingSelection = nil
                state.selectedHeading = nil
                state.selectionSettled = true
                state.selected = pending.key
                // A new streak starts today: Space logs it now, not on a day paged to before.
                if pending.isNew { state.cursor = nil }
                let effects = selectionChanged(&state)
                return (state, effects)
            }
            if let selected = state.selected, keys.contains(selected) { return (state, []) }
            state.selected = state.displayKeys.first
            let effects = selectionChanged(&state)
            return (state, effects)
        case .streakUpdated(let view):
            let effects = show(view, &state)
            return (state, effects)
        case .written(let outcome, let savedOffline):
            if let key = outcome.key { state.loggingFromToday.remove(key) }
            let said = outcome.message(in: state.zone)
            if !said.isEmpty { state.message = said + (savedOffline ? " Saved on this machine: it waits for the server." : "") }
        case .streakFailed(let key, let reason):
            state.failures[key] = reason
        case .dayEventsLoaded(let events):
            if events.key == state.selected, events.day == state.selectedDay { state.dayEvents = events }
        case .tick(let now):
            state.now = now
            if let toast = state.toast, toast.until <= now { state.toast = nil }
        case .resize(let width, let height):
            state.width = width
            state.height = height
        case .message(let text):
            state.message = text
        case .syncChanged(let sync):
            state.sync = sync
        case .pointsUpdated(let points):
            // A level reached now, not the level the dashboard opened on.
            if let before = state.points.map({ ExperienceLevel(points: $0.pointsAllTime ?? 0).level }) {
                let level = ExperienceLevel(points: points.pointsAllTime ?? 0).level
                if level > before {
                    let text = PointsWords.levelToast(level: level, points: points.pointsAllTime ?? 0, ascii: state.ascii)
                    state.toast = Toast(text: [state.toast?.text, text].compactMap { $0 }.joined(separator: "  "), until: state.now.addingTimeInterval(Toast.duration))
                }
            }
            state.points = points
        }
        return (state, [])
    }

    /// A streak's new data on screen.
    private static func show(_ view: StreakView, _ state: inout DashboardState) -> [Effect] {
        let toasts = view.notices.compactMap { StreakFacts.toast($0, key: view.key, streak: view.streak, ascii: state.ascii) }
        if !toasts.isEmpty { state.toast = Toast(text: toasts.joined(separator: "  "), until: state.now.addingTimeInterval(Toast.duration)) }
        state.views[view.key] = view
        state.failures[view.key] = nil
        // Until the order is known the first key stands in; once every streak is here, the
        // selection starts on the first row of the overview.
        if !state.selectionSettled, state.keys.allSatisfy({ state.views[$0] != nil }) {
            state.selectionSettled = true
            if let first = state.selectableKeys.first, first != state.selected {
                state.selected = first
                return selectionChanged(&state)
            }
        }
        guard view.key == state.selected else { return [] }
        if let cursor = state.cursor, cursor >= view.evaluation.today { state.cursor = nil }
        // What the day shows may have changed with the write.
        return dayChanged(&state, force: true)
    }

    private static func handle(_ key: Key, _ state: inout DashboardState) -> [Effect] {
        if key == .interrupt { return quit(&state) }
        switch state.overlay {
        case .confirm(let question):
            state.overlay = .none
            guard key == .character("y") || key == .character("Y") || key == .enter else {
                state.message = "Cancelled."
                return []
            }
            guard let selected = state.selected else { return [] }
            switch question {
            case .undo: return [.undo(streak: selected)]
            case .remove(let eventId, _, _, _): return [.write(.removeEvent(id: eventId), streak: selected)]
            case .useFreezes: return [.write(.useFreezesManually, streak: selected)]
            case .addFreeze: return [.addFreeze(streak: selected)]
            case .removeFreeze(let id, _, _): return [.write(.removeFreeze(id: id), streak: selected)]
            case .archive(let key): return [.write(.archive(true), streak: key)]
            case .delete(let key, _, _): return [.write(.delete, streak: key)]
            case .skip(let day, let skipping, _): return [.skip(selected, days: day...day, skipping: skipping)]
            }
        case .form(var form):
            return handleForm(key, &form, &state)
        case .skipForm(var form):
            return handleSkipForm(key, &form, &state)
        case .noteForm(var form):
            return handleNoteForm(key, &form, &state)
        case .amountPrompt(var prompt):
            switch prompt.press(key) {
            case .typing:
                state.overlay = .amountPrompt(prompt)
                return []
            case .cancel:
                state.overlay = prompt.returnsTo.map(Overlay.today) ?? .none
                state.message = "Cancelled."
                return []
            case .log(let count, let amount):
                state.overlay = prompt.returnsTo.map(Overlay.today) ?? .none
                return [.logOn(streak: prompt.streak, day: prompt.day, count: count, amount: amount)]
            }
        case .help:
            // Any key closes it, and only it: q and Esc too (issue 49).
            state.overlay = .none
            return []
        case .today(let panel):
            return handleToday(key, panel, &state)
        case .ask(let panel):
            return handleAsk(key, panel, &state)
        case .none:
            break
        }
        if state.isTypingFilter { return typeFilter(key, &state) }
        state.message = nil
        // Esc leaves the chart view, back to the calendar; it quits only from there.
        if state.showsCharts, key == .escape {
            state.showsCharts = false
            return []
        }
        guard let action = KeyBindings.action(for: key) else { return [] }
        return perform(action, &state)
    }

    private static func perform(_ action: Action, _ state: inout DashboardState) -> [Effect] {
        switch action {
        case .quit:
            return quit(&state)
        case .help:
            state.overlay = .help
        case .todayList:
            guard !state.views.isEmpty else { return [] }
            state.overlay = .today(TodayPanel())
        case .askWalk:
            let panel = AskPanel.opening(state)
            guard panel.question != nil else {
                state.message = "Nothing to ask: every due day since the last answer has one."
                return []
            }
            state.overlay = .ask(panel)
        case .nextTheme:
            state.themeIndex = (state.themeIndex + 1) % state.themeNames.count
            state.message = "Theme: \(state.themeName)"
            return [.saveTheme(state.themeName)]
        case .charts:
            guard state.view != nil else { return [] }
            state.showsCharts.toggle()
            // The charts have no list: the arrows move the cursor through time.
            if state.showsCharts { state.focus = .calendar }
        case .switchFocus:
            guard !state.showsCharts else {
                state.message = "The charts move through time: g goes back to the list and calendar."
                return []
            }
            guard state.showsList else {
                state.message = "One streak: the calendar has the keys."
                return []
            }
            state.focus = state.focus == .list ? .calendar : .list
        case .log:
            if let heading = state.selectedHeading, state.focus == .list, state.showsList { return fold(heading, &state) }
            return log(&state)
        case .undo:
            askToUndo(&state)
        case .remove:
            askToRemove(&state)
        case .skipDay:
            askToSkip(&state)
        case .skipRange:
            guard state.view != nil else { return [] }
            state.overlay = .skipForm(SkipForm(today: state.today, window: StreakValidation.skipWindow(now: state.now, timezone: state.zone)))
        case .note:
            guard let view = state.view, let selected = state.selected else { return [] }
            let day = state.selectedDay
            state.overlay = .noteForm(NoteForm(streak: selected, day: day, isToday: day == state.today, existing: view.evaluation.note(on: day)?.text))
        case .useFreezes:
            askToUseFreezes(&state)
        case .addFreeze:
            guard let view = state.view else { return [] }
            guard view.configuration.freezeBehavior != .noFreezes else {
                state.message = "Freezes are off for this streak (e changes that)."
                return []
            }
            state.overlay = .confirm(.addFreeze(have: view.streak.freezesAvailableCount ?? 0, name: view.name))
        case .removeFreeze:
            guard let view = state.view else { return [] }
            // The most recently earned unused freeze: the one most likely given by mistake.
            guard let freeze = view.streak.freezesAvailable?.last else {
                state.message = "No unused freeze to remove."
                return []
            }
            state.overlay = .confirm(.removeFreeze(id: freeze.id, have: view.streak.freezesAvailableCount ?? 0, name: view.name))
        case .newStreak:
            state.overlay = .form(.create(suggesting: state.keys.isEmpty ? "daily" : "", taken: state.keys, today: state.today))
        case .editStreak:
            guard let view = state.view else { return [] }
            state.overlay = .form(.edit(view.configuration, taken: state.keys))
        case .archiveStreak:
            guard let selected = state.selected else { return [] }
            state.overlay = .confirm(.archive(key: selected))
        case .deleteStreak:
            guard let selected = state.selected, let view = state.view else { return [] }
            state.overlay = .confirm(.delete(key: selected, name: view.name, length: view.streak.lengthText))
        case .nextStreak, .previousStreak:
            return selectStreak(by: action == .nextStreak ? 1 : -1, wrapping: true, &state)
        case .moveStreakUp, .moveStreakDown:
            return moveSelected(by: action == .moveStreakDown ? 1 : -1, &state)
        case .filter:
            guard state.showsList else { return [] }
            state.isTypingFilter = true
            state.filter = state.filter ?? ""
            state.message = "filter: \(state.filter ?? "")_   (enter keeps it, esc clears it)"
        case .foldGroup:
            guard let group = state.selectedHeading ?? state.view?.configuration.group else {
                state.message = "This streak is in no group (streaks order KEY --group NAME puts it in one)."
                return []
            }
            return fold(group, &state)
        case .up, .down:
            if state.focus == .list, state.showsList {
                return selectRow(by: action == .down ? 1 : -1, &state)
            }
            // On a chart time runs left to right: up and down are a week there.
            return moveCursor(to: state.selectedDay.adding(days: (action == .down ? 1 : -1) * (state.showsCharts ? 7 : 1)), &state)
        case .left, .right:
            return moveCursor(to: state.selectedDay.adding(days: (action == .right ? 1 : -1) * (state.showsCharts ? 1 : 7)), &state)
        case .monthBack, .monthForward:
            return moveCursor(to: state.selectedDay.addingMonths(action == .monthForward ? 1 : -1), &state)
        case .firstDay:
            return moveCursor(to: state.view.flatMap(firstEventDay) ?? state.firstDay, &state)
        case .today:
            return moveCursor(to: state.today, &state)
        }
        return []
    }

    /// Space: today logs one event now; an amount streak asks how much, and a past day (if
    /// the backfill window reaches it) how many events, in one prompt.
    private static func log(_ state: inout DashboardState) -> [Effect] {
        guard let selected = state.selected, let view = state.view else { return [] }
        // In the list, Space logs today: a calendar cursor left on another day belongs to the
        // calendar, where it was moved (issue 49).
        let inList = state.focus == .list && state.showsList
        let day = inList ? state.today : min(state.selectedDay, state.today)
        guard day < state.today || view.configuration.measuresAmount else { return [.log(streak: selected)] }
        let instant = day.date(atTimeOf: state.now, in: state.zone)
        guard instant >= StreakManager.oldestBackfillDate(now: state.now, timeZone: state.zone) else {
            state.message = "\(day) is more than a year back: events that old come in with `streaks import`."
            return []
        }
        state.overlay = .amountPrompt(AmountPrompt.opening(view, day: day, today: state.today))
        return []
    }

    private static func askToUndo(_ state: inout DashboardState) {
        guard (state.view?.streak.todayEventCount ?? 0) > 0 else {
            state.message = "Nothing logged today to undo."
            return
        }
        state.overlay = .confirm(.undo(name: state.view?.name ?? state.selected ?? ""))
    }

    /// Skipping the cursor's day, or taking its skip back (rule 9), within the days skips may cover.
    private static func askToSkip(_ state: inout DashboardState) {
        guard let view = state.view else { return }
        let day = state.selectedDay
        let skipping = !view.evaluation.isSkipped(day)
        let window = StreakValidation.skipWindow(now: state.now, timezone: state.zone)
        guard !skipping || window.contains(day) else {
            state.message = "Skips go from \(window.lowerBound) to \(window.upperBound)."
            return
        }
        state.overlay = .confirm(.skip(day, skipping: skipping, name: view.name))
    }

    /// `x`: today is undo; a past day removes its latest event, once its events are known.
    private static func askToRemove(_ state: inout DashboardState) {
        guard let view = state.view, let selected = state.selected else { return }
        let day = state.selectedDay
        guard day < state.today else { return askToUndo(&state) }
        guard let loaded = state.dayEvents, loaded.key == selected, loaded.day == day else {
            state.message = "The day's events are still loading."
            return
        }
        guard let latest = loaded.events.max(by: { $0.dateCreated < $1.dateCreated }) else {
            state.message = "Nothing logged on \(day)."
            return
        }
        let zone = TimeZone(identifier: latest.timezone) ?? state.zone
        let time = "\(StreakFacts.clock(latest.dateCreated, zone)) \(StreakFacts.zoneName(latest.dateCreated, zone))"
        state.overlay = .confirm(.remove(eventId: latest.id, day: day, time: time, name: view.name))
    }

    /// Keys while the form is open: Enter submits when every field is valid, Esc cancels,
    /// anything else edits.
    private static func handleForm(_ key: Key, _ form: inout StreakForm, _ state: inout DashboardState) -> [Effect] {
        switch key {
        case .escape:
            state.overlay = .none
            state.message = state.keys.isEmpty ? "No streak yet: n opens the form again." : "Cancelled."
            return []
        case .enter:
            guard let configuration = form.configuration else {
                form.showsErrors = true
                form.field = form.fields.first { form.error($0) != nil } ?? form.field
                state.overlay = .form(form)
                return []
            }
            state.overlay = .none
            if case .edit(let key) = form.mode {
                // Renamed: the selection follows the new key.
                if configuration.streakKey != key { state.pendingSelection = PendingSelection(key: configuration.streakKey, isNew: false) }
                return [.save(configuration, from: key)]
            }
            state.pendingSelection = PendingSelection(key: configuration.streakKey, isNew: true)
            return [.write(.create(configuration), streak: configuration.streakKey)]
        default:
            _ = form.handle(key)
            state.overlay = .form(form)
            return []
        }
    }

    /// Keys while the skip form is open: Enter skips the range when it reads, Esc cancels.
    private static func handleSkipForm(_ key: Key, _ form: inout SkipForm, _ state: inout DashboardState) -> [Effect] {
        switch key {
        case .escape:
            state.overlay = .none
            state.message = "Cancelled."
            return []
        case .enter:
            guard let range = form.range, let selected = state.selected else {
                form.showsErrors = true
                state.overlay = .skipForm(form)
                return []
            }
            state.overlay = .none
            return [form.everyStreak ? .skipEveryStreak(days: range) : .skip(selected, days: range, skipping: true)]
        default:
            _ = form.handle(key)
            state.overlay = .skipForm(form)
            return []
        }
    }

    /// Keys while the note form is open: Enter saves (or, on an empty text, removes the day's
    /// note), Esc cancels.
    private static func handleNoteForm(_ key: Key, _ form: inout NoteForm, _ state: inout DashboardState) -> [Effect] {
        switch form.press(key) {
        case .typing:
            state.overlay = .noteForm(form)
            return []
        case .cancel:
            state.overlay = .none
            state.message = "Cancelled."
            return []
        case .unchanged:
            state.overlay = .none
            state.message = "The note is as it was."
            return []
        case .save(let text):
            state.overlay = .none
            return [.write(.setNote(StreakNote(day: form.day, text: text)), streak: form.streak)]
        case .remove:
            state.overlay = .none
            return [.write(.removeNote(form.day), streak: form.streak)]
        }
    }

    private static func quit(_ state: inout DashboardState) -> [Effect] {
        state.isFinished = true
        return [.quit]
    }

    private static func askToUseFreezes(_ state: inout DashboardState) {
        guard let view = state.view else { return }
        guard view.configuration.freezeBehavior == .manuallyConsumeFreezes else {
            state.message = view.configuration.freezeBehavior == .autoConsumeFreezes
                ? "Freezes are used automatically for this streak." : "Freezes are off for this streak."
            return
        }
        let needed = view.streak.freezesNeededToSaveStreak ?? 0
        guard needed > 0 else {
            state.message = "Nothing to restore: no missed days to bridge."
            return
        }
        let available = view.streak.freezesAvailableCount ?? 0
        guard available >= needed else {
            state.message = "Not enough freezes: restoring takes \(needed), \(available) available (F adds one)."
            return
        }
        state.overlay = .confirm(.useFreezes(count: needed, restores: StreakFacts.restorableRun(view.evaluation), name: view.name))
    }

    /// Folds `group` to its heading, or unfolds it; the cursor stays on the heading when it
    /// was there, and a selection the fold hid moves to a streak still shown.
    private static func fold(_ group: String, _ state: inout DashboardState) -> [Effect] {
        if state.collapsedGroups.remove(group) == nil { state.collapsedGroups.insert(group) }
        return keepSelectionShown(&state)
    }

    /// ↑ and ↓ in the list: the next row, a group's heading included.
    private static func selectRow(by step: Int, _ state: inout DashboardState) -> [Effect] {
        let rows = state.listRows
        let current = state.selectedHeading.map { ListRow.heading($0) } ?? .streak(state.selected ?? "")
        guard let index = rows.firstIndex(of: current) else { return selectStreak(by: step, wrapping: false, &state) }
        let next = min(max(index + step, 0), rows.count - 1)
        state.selectionSettled = true
        switch rows[next] {
        case .heading(let group):
            state.selectedHeading = group
            return []
        case .streak(let key):
            state.selectedHeading = nil
            guard key != state.selected else { return [] }
            state.selected = key
            return selectionChanged(&state)
        }
    }

    private static func selectStreak(by step: Int, wrapping: Bool, _ state: inout DashboardState) -> [Effect] {
        let keys = state.selectableKeys
        state.selectedHeading = nil
        guard !keys.isEmpty else { return [] }
        let index = state.selected.flatMap { keys.firstIndex(of: $0) } ?? 0
        var next = index + step
        if wrapping {
            next = (next % keys.count + keys.count) % keys.count
        } else {
            next = min(max(next, 0), keys.count - 1)
        }
        state.selectionSettled = true
        guard keys[next] != state.selected else { return [] }
        state.selected = keys[next]
        return selectionChanged(&state)
    }

    /// Keys while the filter is typed: text narrows the list as it is typed, Enter keeps it,
    /// Esc (or emptying it) shows every streak again.
    private static func typeFilter(_ key: Key, _ state: inout DashboardState) -> [Effect] {
        var text = state.filter ?? ""
        switch key {
        case .enter:
            state.isTypingFilter = false
            if text.isEmpty { state.filter = nil }
            state.message = text.isEmpty ? nil : "Showing streaks matching '\(text)': / then esc shows them all."
            return []
        case .escape:
            state.isTypingFilter = false
            state.filter = nil
            state.message = nil
            return keepSelectionShown(&state)
        case .backspace:
            if !text.isEmpty { text.removeLast() }
        case .character(let character) where !character.isNewline && text.count < 40:
            text.append(character)
        default:
            return []
        }
        state.filter = text
        state.message = "filter: \(text)_   (enter keeps it, esc clears it)"
        return keepSelectionShown(&state)
    }

    /// After the list narrows or folds: the selection moves to a streak still shown.
    private static func keepSelectionShown(_ state: inout DashboardState) -> [Effect] {
        if let heading = state.selectedHeading, !state.listRows.contains(.heading(heading)) { state.selectedHeading = nil }
        let shown = state.selectableKeys
        guard let first = shown.first, !(state.selected.map(shown.contains) ?? false) else { return [] }
        state.selected = first
        return selectionChanged(&state)
    }

    /// J and K: the selected streak one place down or up the overview (into the neighbouring
    /// group at a group's edge).
    private static func moveSelected(by step: Int, _ state: inout DashboardState) -> [Effect] {
        let keys = state.displayKeys
        guard state.showsList, let selected = state.selected, let index = keys.firstIndex(of: selected) else { return [] }
        let neighbour = index + step
        guard keys.indices.contains(neighbour) else {
            state.message = step < 0 ? "\(selected) is first already." : "\(selected) is last already."
            return []
        }
        return [.move(streak: selected, place: step < 0 ? .before(keys[neighbour]) : .after(keys[neighbour]))]
    }

    static func selectionChanged(_ state: inout DashboardState) -> [Effect] {
        state.dayEvents = nil
        return dayChanged(&state, force: true)
    }

    /// Moves the calendar cursor, never past today nor before the history's first day.
    private static func moveCursor(to day: CalendarDay, _ state: inout DashboardState) -> [Effect] {
        let clamped = min(max(day, state.firstDay), state.today)
        let previous = state.selectedDay
        state.cursor = clamped == state.today ? nil : clamped
        return clamped == previous ? [] : dayChanged(&state, force: false)
    }

    /// The selected day's events: from the streak's recent events when they cover the day
    /// (no read), otherwise asked of the store.
    private static func dayChanged(_ state: inout DashboardState, force: Bool) -> [Effect] {
        guard let view = state.view, let selected = state.selected else { return [] }
        let day = state.selectedDay
        if !force, state.dayEvents?.key == selected, state.dayEvents?.day == day { return [] }
        if let recent = DayEventsFinder.recent(view, day: day) {
            state.dayEvents = DayEvents(key: selected, day: day, events: recent)
            return []
        }
        if state.dayEvents?.day != day || state.dayEvents?.key != selected { state.dayEvents = nil }
        return [.loadDay(streak: selected, day: day)]
    }

    /// The first day with an event (the history's first day may be the day before, through
    /// the leeway).
    static func firstEventDay(_ view: StreakView) -> CalendarDay? {
        guard let first = view.evaluation.firstHistoryDay else { return nil }
        return view.evaluation.days(from: first, through: view.evaluation.today)
            .first { $0.ownEventCount > 0 || $0.state == .frozen }?.day
    }
}

/// Finds a day's events in what a streak's data already holds.
enum DayEventsFinder {
    /// The regular events logged on `day` (in each event's own zone), oldest first, when the
    /// streak's recent events reach back that far; nil when the store must be asked.
    static func recent(_ view: StreakView, day: CalendarDay) -> [StreakEvent]? {
        let recent = view.streak.recentEvents ?? []
        let today = view.evaluation.today
        let zone = TimeZone(identifier: view.evaluation.timeZoneIdentifier) ?? .current
        func ownDay(_ event: StreakEvent) -> CalendarDay {
            CalendarDay(containing: event.dateCreated, in: TimeZone(identifier: event.timezone) ?? zone)
        }
        let windowStart = today.adding(days: -StreakHistory.recentCompleteDays)
        let complete = recent.count < StreakHistory.recentLimit
        let reach = complete ? windowStart : recent.first.map { ownDay($0).adding(days: 1) } ?? today.adding(days: 1)
        guard day >= max(reach, windowStart) else {
            // Nothing was ever logged that far back in a young streak.
            return view.streak.totalEvents == 0 ? [] : nil
        }
        return recent.filter { !$0.isFreeze && ownDay($0) == day }
    }
}

extension CalendarDay {
    /// The same day of the month `months` later, on the month's last day when it is shorter.
    func addingMonths(_ months: Int) -> CalendarDay {
        let (year, month, day) = civil
        let index = year * 12 + (month - 1) + months
        let newYear = index.floorDivided(by: 12)
        let newMonth = index - newYear * 12 + 1
        let length = CalendarDay(year: newYear, month: newMonth + 1, day: 1).adding(days: -1).day
        return CalendarDay(year: newYear, month: newMonth, day: min(day, length))
    }
}
