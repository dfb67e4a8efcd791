import ArgumentParser
import Foundation
import StreakStoreKit
import SwiftfulGamification

/// `streaks order`: where a streak stands among the others, and in which group.
struct OrderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order", abstract: "Move a streak before or after another, or to the end of a group.",
        discussion: """
        The dashboard, status and list show streaks without a group first, then each group in the order of its first \
        streak. Moving next to a streak of another group moves into that group. Example: streaks order floss --after run; \
        streaks order run --group Health; streaks order run --group "" (no group).
        """
    )

    @Argument(help: "The streak to move.", completion: Completions.streakKeys) var key: String
    @Option(help: ArgumentHelp("Just before this streak.", valueName: "key"), completion: Completions.streakKeys) var before: String?
    @Option(help: ArgumentHelp("Just after this streak.", valueName: "key"), completion: Completions.streakKeys) var after: String?
    @Option(help: ArgumentHelp("Last in this group (\"\" for none).", valueName: "name")) var group: String?
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard [before, after, group].compactMap({ $0 }).count == 1 else {
            throw ValidationError("give one of --before KEY, --after KEY or --group NAME")
        }
        if let group, !group.isEmpty { try StreakValidation.validateGroup(group) }
        if before == key || after == key { throw ValidationError("a streak cannot be moved next to itself") }
    }

    func run() async throws {
        let context = try await global.context()
        let place: StreakOrder.Place = if let before { .before(before) } else if let after { .after(after) } else { .endOf(group: group) }
        let written = try await context.store.moveStreak(key, to: place, userId: context.userId, now: context.now, timezone: context.zone).written
        if written > 0 { context.console.saved.note("the new place of \(key)") }
        let where_ = switch place {
        case .before(let other): "before \(other)"
        case .after(let other): "after \(other)"
        case .endOf(let named): named.flatMap { $0.isEmpty ? nil : "last in \($0)" } ?? "last among the streaks without a group"
        }
        context.console.print(written == 0 ? "'\(key)' is already \(where_)." : "Moved '\(key)' \(where_).")
    }
}
