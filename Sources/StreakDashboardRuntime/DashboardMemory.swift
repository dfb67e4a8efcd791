import Foundation
import StreakPresentation
import SwiftfulGamification

/// What the dashboard keeps between runs outside the store: the days an ask walk answered
/// "no" or left open, and the theme `t` chose. Whoever runs the dashboard keeps them (the
/// command line in its state and configuration files); a test can keep nothing.
package struct DashboardMemory: Sendable {
    /// The remembered answers of the streak with this key, as they were when the dashboard opened.
    package var answers: @Sendable (_ key: String) -> AskWalk.Memory
    /// Keeps every streak's answers (a year of days back from `today`).
    package var rememberAnswers: @Sendable (_ answers: [String: AskWalk.Memory], _ today: CalendarDay) throws -> Void
    /// Keeps the theme to open with next time.
    package var saveTheme: @Sendable (_ name: String) throws -> Void

    package init(
        answers: @escaping @Sendable (String) -> AskWalk.Memory,
        rememberAnswers: @escaping @Sendable ([String: AskWalk.Memory], CalendarDay) throws -> Void,
        saveTheme: @escaping @Sendable (String) throws -> Void
    ) {
        self.answers = answers
        self.rememberAnswers = rememberAnswers
        self.saveTheme = saveTheme
    }

    /// Remembers nothing and keeps nothing.
    package static let none = DashboardMemory(answers: { _ in AskWalk.Memory() }, rememberAnswers: { _, _ in }, saveTheme: { _ in })
}
