import DashboardDemo
import Foundation
import Testing
@testable import StreakDashboard
@testable import SwiftfulGamification

/// The calendar's month names (issue 49): whatever day the history starts on and however wide
/// the screen, no month is left out between the first name and the last ("Mar 2026  May"
/// once dropped April for a band that began in the last days of March).
struct MonthLabelTests {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    func labels(historyDays: Int, width: Int, height: Int) -> [String] {
        let events = (0..<historyDays).map { offset in
            StreakEvent(id: "e\(offset)", dateCreated: DemoStreaks.now.addingTimeInterval(-Double(offset) * 86_400), timezone: demoZone.identifier)
        }
        let history = DemoHistory(configuration: StreakConfiguration(streakKey: "read", freezeBehavior: .noFreezes), events: events, freezes: [])
        let lines = Render.render(DemoStreaks.state([history], width: width, height: height)).lines
        guard let monday = lines.firstIndex(where: { $0.hasPrefix(" Mon ") }), monday > 0 else { return [] }
        return lines[monday - 1].split(separator: " ").map(String.init).filter { Self.months.contains($0) }
    }

    @Test(arguments: [(80, 24), (120, 40), (64, 21)])
    func noMonthIsLeftOutWhereverTheHistoryStarts(size: (Int, Int)) {
        for days in stride(from: 60, through: 420, by: 3) {
            let names = labels(historyDays: days, width: size.0, height: size.1)
            guard names.count > 1 else { continue }
            let indices = names.map { Self.months.firstIndex(of: $0)! }
            for (before, after) in zip(indices, indices.dropFirst()) {
                #expect((before + 1) % 12 == after, "\(days) days at \(size.0)x\(size.1): \(names)")
            }
        }
    }
}
