import Testing
@testable import StreakDashboard
import DashboardDemo

/// Issue 49: help is cut at 120 columns ("✎ a note (beside the d"): it wraps to its box, and a
/// short screen loses blank lines and notes before any key.
struct HelpLinesTests {
    @Test(arguments: [(120, 40), (200, 60), (100, 30)])
    func everyKeyAndTheWholeLegendFit(width: Int, height: Int) {
        let state = DemoStreaks.state(DemoStreaks.fiveStreaks(), width: width, height: height)
        let lines = Render.helpLines(state)
        let texts = lines.map { $0.map(\.0).joined() }
        #expect(texts.allSatisfy { $0.count <= width - 8 }, "\(texts.filter { $0.count > width - 8 })")
        // 40 rows hold every key and the legend; fewer rows hold what they can, keys first.
        if height >= 40 { #expect(lines.count <= height - 4) }
        let all = texts.joined(separator: " ")
        for binding in KeyBindings.all { #expect(all.contains(binding.label(ascii: false))) }
        #expect(all.contains("a note (beside the day)") && all.contains("blank: before the first event"))
    }
}
