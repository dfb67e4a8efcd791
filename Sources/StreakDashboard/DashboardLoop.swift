import Foundation
import SwiftfulGamification

/// The run loop's state and when it draws: after every event that changes what is shown,
/// except that a key whose effect writes draws nothing until the write's outcome is back:
/// the streak's new numbers (from its manager, just before the outcome) wait for it, and the
/// message and the numbers come in one frame. A view equal to the one shown draws nothing.
public struct DashboardLoop: Sendable {
    public private(set) var state: DashboardState
    /// Writes under way, by streak key.
    private var writing: [String: Int] = [:]

    public init(state: DashboardState) {
        self.state = state
    }

    /// Handles one event: whether to draw a frame after it, and the effects to carry out.
    public mutating func handle(_ event: AppEvent) -> (draw: Bool, effects: [Effect]) {
        switch event {
        case .streakUpdated(let view):
            if let shown = state.views[view.key], shown.evaluation.isSameEvaluation(as: view.evaluation) { return (false, []) }
            let (next, effects) = Reducer.reduce(state, event)
            state = next
            return (writing[view.key, default: 0] == 0, effects)
        case .written(let outcome, _):
            if let key = outcome.key, let count = writing[key] { writing[key] = count > 1 ? count - 1 : nil }
            let (next, effects) = Reducer.reduce(state, event)
            state = next
            return (true, effects)
        default:
            let (next, effects) = Reducer.reduce(state, event)
            state = next
            let writes = effects.compactMap(\.writesStreak)
            for key in writes { writing[key, default: 0] += 1 }
            return (writes.isEmpty, effects)
        }
    }
}
