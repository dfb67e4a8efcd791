import ArgumentParser
import SwiftfulGamification

/// `auto`, `manual` or `off`.
enum FreezeMode: String, ExpressibleByArgument, CaseIterable {
    case auto, manual, off

    var behavior: FreezeBehavior {
        switch self {
        case .auto: return .autoConsumeFreezes
        case .manual: return .manuallyConsumeFreezes
        case .off: return .noFreezes
        }
    }
}

/// The options `create` and `config` share.
struct StreakSettingsOptions: ParsableArguments {
    @Option(help: "Events needed for a day to count (the goal).")
    var goal: Int?

    @Option(help: "Hours of grace around midnight, 0 to 24.")
    var leeway: Int?

    @Option(help: "What freezes do: auto (bridge missed days), manual (you decide), off.")
    var freezes: FreezeMode?

    var isEmpty: Bool { goal == nil && leeway == nil && freezes == nil }
}
