import DashboardDemo
import Foundation
import StreakDashboard
import SwiftfulGamification

// Writes the README's screenshots as SVG into the directory given (screenshots/make.sh
// turns them into PNG). Every picture is a fixture with a pinned clock, drawn by the
// dashboard's own renderer and coloured as a terminal of that kind shows it.
let directory = CommandLine.arguments.dropFirst().first ?? "screenshots"
let catalog = ThemeCatalog.builtIn

func write(_ name: String, _ state: DashboardState, palette: SVGExport.Palette = .dark, capability: ColorCapability = ColorCapability(colors: 256)) throws {
    let svg = SVGExport.svg(Render.render(state), theme: catalog.theme(named: state.themeName)!, palette: palette, capability: capability)
    try svg.write(toFile: "\(directory)/\(name).svg", atomically: true, encoding: .utf8)
    print("wrote \(directory)/\(name).svg")
}

/// The state after `keys`, with the day's events read from `histories` as the store would
/// (a day paged to has its events, not "loading").
func press(_ keys: [Key], _ state: DashboardState, histories: [DemoHistory] = []) -> DashboardState {
    keys.reduce(state) { state, key in
        let (next, effects) = Reducer.reduce(state, .key(key))
        return effects.reduce(next) { state, effect in
            guard case .loadDay(let streak, let day) = effect, let history = histories.first(where: { $0.configuration.streakKey == streak }) else { return state }
            let events = history.events.filter { !$0.isFreeze && CalendarDay(containing: $0.dateCreated, in: demoZone) == day }
            return Reducer.reduce(state, .dayEventsLoaded(DayEvents(key: streak, day: day, events: events))).0
        }
    }
}

let five = DemoStreaks.fiveStreaks()
// The overview at two sizes: the cursor on a day the leeway moved an event into.
try write("overview-120x40", press([.character("c"), .up], DemoStreaks.state(five, width: 120, height: 40)))
try write("overview-200x60", press([.character("c"), .left, .left, .left], DemoStreaks.state(five, width: 200, height: 60)))
// Without colour the glyphs carry the states.
try write("no-color", press([.down, .character("c")], DemoStreaks.state(five, width: 120, height: 40)), capability: .none)
try write("goal-at-risk", press([.down], DemoStreaks.state(five, width: 100, height: 30)))
var light = DemoStreaks.state([DemoStreaks.longHistory()], width: 100, height: 30)
light.themeNames = ["light"]
try write("light-theme", light, palette: .light)
try write("standard-80x24", DemoStreaks.state([DemoStreaks.readingHistory()]))
// A weekly streak (3 times a week) with a two-week holiday skipped.
let gym = DemoStreaks.gymHistory()
try write("weekly-holiday", press([.character("c"), .pageUp, .pageUp, .pageUp, .pageUp, .pageUp], DemoStreaks.state([gym], width: 120, height: 40), histories: [gym]))
// A short history on a wide screen: larger days at the left, the panels beside them.
try write("short-history-200x60", DemoStreaks.state([DemoStreaks.journalHistory()], width: 200, height: 60))
// T: what is left today over the overview.
try write("today", press([.character("T")], DemoStreaks.state(five, width: 120, height: 40)))
// A milestone reached: another process logs the thirtieth day of 'walk', and the toast says so.
let walkDays = (1...29).map { CalendarDay(containing: DemoStreaks.now, in: demoZone).adding(days: -$0) }
func walkHistory(_ days: [CalendarDay]) -> DemoHistory {
    DemoHistory(
        configuration: StreakConfiguration(streakKey: "walk"),
        events: days.map { StreakEvent(id: "walk-\($0)", dateCreated: demoDate("\($0) 07:45"), timezone: demoZone.identifier) }, freezes: []
    )
}
let beforeMilestone = DemoStreaks.state([walkHistory(walkDays)] + five, width: 120, height: 40)
let today = CalendarDay(containing: DemoStreaks.now, in: demoZone)
// The notices come with the view, as the streak's manager makes them (its tracker, seeded by what it had).
let afterMilestone = DemoStreaks.view(walkHistory(walkDays + [today]))
var walkTracker = StreakNoticeTracker(starting: DemoStreaks.view(walkHistory(walkDays)).streak)
let milestone = StreakView(key: afterMilestone.key, evaluation: afterMilestone.evaluation, notices: walkTracker.notices(for: afterMilestone.evaluation))
try write("milestone-toast", Reducer.reduce(beforeMilestone, .streakUpdated(milestone)).0)
// Many habits, organised: titles, groups with their kept-today counts, one folded.
let organised = five.enumerated().map { index, history in
    let titles = ["Morning run", "Push-ups, 3 sets", "Read 20 pages", "8 glasses of water", "Journal before bed"]
    let groups = ["Health", "Health", "Mind", "Health", "Mind"]
    return DemoHistory(
        configuration: history.configuration.titled(titles[index]).placed(group: groups[index], position: Double(index + 1)),
        events: history.events, freezes: history.freezes, skips: history.skips
    )
}
try write("grouped-overview", DemoStreaks.state(organised, width: 120, height: 40))
// Rule 10: an amount a day (3.2 of 5 km so far today) and a limit (1 of 2 coffees), beside a counting streak.
let measured = [DemoStreaks.distanceHistory(), DemoStreaks.coffeeHistory(), DemoStreaks.readingHistory()]
try write("amounts-and-limits", DemoStreaks.state(measured, width: 120, height: 40))
try write("amount-calendar", press([.down], DemoStreaks.state(measured, width: 120, height: 40)))
// Rule 12: every 3 days (due by Saturday, marked on the calendar) and once a month, beside a daily streak.
let shapes = [DemoStreaks.plantsHistory(), DemoStreaks.callMumHistory(), DemoStreaks.readingHistory()]
try write("rolling-calendar", press([.down], DemoStreaks.state(shapes, width: 120, height: 40)))
try write("rolling-and-monthly", DemoStreaks.state(shapes, width: 120, height: 40))
// Rule 13: the chart view (g) of a weight (the day's last reading, a line), of a run against
// its 5 km target (bars and the target's line), and of a count's strength.
try write("chart-measurement", press([.character("g")], DemoStreaks.state([DemoStreaks.weightHistory()], width: 120, height: 40)))
try write("chart-amount", press([.character("g")], DemoStreaks.state([DemoStreaks.distanceHistory()], width: 120, height: 40)))
try write("chart-strength", press([.character("g"), .left, .left, .left], DemoStreaks.state([DemoStreaks.longHistory()], width: 120, height: 40)))
