import Foundation
import SwiftfulGamification

/// `reduce(state, event) -> (state, effects)`: every change of the dashboard, pure.
public enum Reducer {
    public static func reduce(_ state: DashboardState, _ event: AppEvent) -> (DashboardState, [Effect]) {
        var state = state
        switch event {
        case .key(let key):
            let effects = handle(key, &state)
            return (state, effects)
        case .streakUpdated(let view):
            guard view.key == state.selected else { return (state, []) }
            state.view = view
            if let cursor = state.cursor, cursor > view.evaluation.today { state.cursor = nil }
        case .keysChanged(let keys):
            state.keys = keys
            if !keys.contains(state.selected), let first = keys.first {
                state.selected = first
                state.view = nil
                return (state, [.select(streak: first)])
            }
        case .tick(let now):
            state.now = now
        case .resize(let width, let height):
            state.width = width
            state.height = height
        case .message(let text):
            state.message = text
        }
        return (state, [])
    }

    private static func handle(_ key: Key, _ state: inout DashboardState) -> [Effect] {
        if key == .interrupt {
            state.isFinished = true
            return [.quit]
        }
        switch state.overlay {
        case .confirm(let question):
            state.overlay = .none
            guard key == .character("y") || key == .character("Y") || key == .enter else {
                state.message = "Cancelled."
                return []
            }
            switch question {
            case .undo: return [.undo(streak: state.selected)]
            case .useFreezes: return [.useFreezes(streak: state.selected)]
            }
        case .help:
            state.overlay = .none
            if key == .character("q") {
                state.isFinished = true
                return [.quit]
            }
            return []
        case .none:
            break
        }
        state.message = nil
        switch key {
        case .character("q"), .escape:
            state.isFinished = true
            return [.quit]
        case .character(" "), .enter:
            return [.log(streak: state.selected)]
        case .character("u"):
            guard (state.view?.streak.todayEventCount ?? 0) > 0 else {
                state.message = "Nothing logged today to undo."
                return []
            }
            state.overlay = .confirm(.undo)
        case .character("f"):
            askToUseFreezes(&state)
        case .character("F"):
            return [.addFreeze(streak: state.selected)]
        case .tab, .backTab:
            guard state.keys.count > 1, let index = state.keys.firstIndex(of: state.selected) else { return [] }
            let step = key == .tab ? 1 : state.keys.count - 1
            state.selected = state.keys[(index + step) % state.keys.count]
            state.view = nil
            state.cursor = nil
            return [.select(streak: state.selected)]
        case .left, .character("h"): moveCursor(by: -7, &state)
        case .right, .character("l"): moveCursor(by: 7, &state)
        case .up, .character("k"): moveCursor(by: -1, &state)
        case .down, .character("j"): moveCursor(by: 1, &state)
        case .character("t"):
            state.themeIndex = (state.themeIndex + 1) % state.themeNames.count
            state.message = "Theme: \(state.themeName)"
        case .character("?"):
            state.overlay = .help
        default:
            break
        }
        return []
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
            state.message = "Restoring needs \(needed) freezes; \(available) available."
            return
        }
        state.overlay = .confirm(.useFreezes(count: needed, restores: StreakFacts.restorableRun(view)))
    }

    /// Moves the heatmap cursor, never past today nor more than a year back.
    private static func moveCursor(by days: Int, _ state: inout DashboardState) {
        let today = state.today
        let target = state.selectedDay.adding(days: days)
        let earliest = today.adding(days: -370)
        let clamped = min(max(target, earliest), today)
        state.cursor = clamped == today ? nil : clamped
    }
}
