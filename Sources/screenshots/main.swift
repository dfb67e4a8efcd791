import DashboardDemo
import Foundation
import StreakDashboard

// Writes the README's screenshots as SVG into the directory given (screenshots/make.sh
// turns them into PNG). Every picture is a fixture with a pinned clock.
let directory = CommandLine.arguments.dropFirst().first ?? "screenshots"
let catalog = ThemeCatalog.builtIn

func write(_ name: String, _ state: DashboardState, theme: String, palette: SVGExport.Palette) throws {
    let svg = SVGExport.svg(Render.render(state), theme: catalog.theme(named: theme)!, palette: palette)
    try svg.write(toFile: "\(directory)/\(name).svg", atomically: true, encoding: .utf8)
    print("wrote \(directory)/\(name).svg")
}

var long = DemoStreaks.state(DemoStreaks.longStreak(), keys: ["daily", "pushups", "reading"], width: 120, height: 32)
long.cursor = long.today.adding(days: -22)
try write("long-streak", long, theme: "default", palette: .dark)
try write("goal-at-risk", DemoStreaks.state(DemoStreaks.goalAtRisk(), keys: ["daily", "pushups"], width: 100, height: 26), theme: "default", palette: .dark)
var light = DemoStreaks.state(DemoStreaks.longStreak(), width: 100, height: 26)
light.themeNames = ["light"]
try write("light-theme", light, theme: "light", palette: .light)
try write("standard-80x24", DemoStreaks.state(DemoStreaks.brokenManual()), theme: "default", palette: .dark)
