import DashboardDemo
import Foundation
import Testing
@testable import StreakDashboard
import SwiftfulGamification

/// Issue 49's rough edges on the screen that had no test of their own.
struct RoughEdgeLayoutTests {
    /// At 64x21 a history of two weeks was drawn at the calendar's right edge, some 30
    /// columns from its weekday labels; it starts beside them, the weeks to come blank after.
    @Test(arguments: [(64, 21), (80, 24)])
    func aShortHistoryStartsBesideTheWeekdayLabels(width: Int, height: Int) throws {
        let state = DemoStreaks.state([DemoStreaks.journalHistory()], width: width, height: height)
        let lines = Render.render(state).lines
        let monday = try #require(lines.first { $0.hasPrefix(" Mon ") }, "\(lines.joined(separator: "\n"))")
        let afterLabel = monday.dropFirst(1 + HeatmapWidget.labelWidth)
        let firstDay = try #require(afterLabel.firstIndex { $0 != " " })
        #expect(afterLabel.distance(from: afterLabel.startIndex, to: firstDay) <= 4, "\(monday)")
    }

    /// The themes installed are examples: each says where a person's own theme goes.
    @Test func everyBuiltInThemeSaysWhereYourOwnGoes() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/StreakDashboard/themes").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".toml") }
        #expect(files.count >= 4)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("$XDG_CONFIG_HOME/streaks/themes/") && text.contains("~/.config/streaks/themes/"), "\(file)")
        }
    }
}
