import Foundation
@testable import StreakDashboard

/// The state after `keys`, and every effect they asked for, in order.
func press(_ state: DashboardState, _ keys: Key...) -> (DashboardState, [Effect]) {
    keys.reduce((state, [Effect]())) { result, key in
        let (next, effects) = Reducer.reduce(result.0, .key(key))
        return (next, result.1 + effects)
    }
}
