import ArgumentParser
import Foundation
import StreakPresentation
import StreakStoreKit
import SwiftfulGamification

/// `streaks apply`: changes of the vocabulary (`StreakChangeRequest`) as JSON, one per line,
/// applied in order through `StreakStore.apply`; what each produced printed as a line of JSON.
struct ApplyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply", abstract: "Apply changes given as JSON, one per line (for scripts).",
        discussion: """
        Each line is one change: {"change": NAME, "key": STREAK, ...its fields}, in the field names of --json \
        (see docs/CHANGES.md for every change). Lines are read from the arguments, or from standard input when \
        there are none, and applied one at a time, in order; each prints what it produced as one line of JSON \
        (key, summary, streak, added, removed, used_freezes, trashed, earned; already_applied for a change sent again that cannot apply twice, such as a removal). The first line that is wrong or \
        fails stops the rest, and the message says what the lines before it saved. A change is safe to send \
        again: events and freezes by id, skips and notes by day, settings as values.
        Example: streaks apply '{"change": "skip", "key": "run", "days": ["2024-01-05"]}'
        """
    )

    @Argument(help: ArgumentHelp("The changes, one JSON object each (default: lines of standard input).", valueName: "json"))
    var changes: [String] = []
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        let lines = changes.isEmpty
            ? String(decoding: try context.console.readStandardInput(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            : changes
        // Every line is read before any is applied: a typo on the last writes nothing.
        var requests: [StreakChangeRequest] = []
        for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            do {
                let request = try StreakChangeRequest.decode(Data(line.utf8))
                if !request.change.isPoints { try StreakValidation.validateStreakKey(request.key) }
                requests.append(request)
            } catch {
                throw CLIError.usage("change \(index + 1): \(StreakStoreError.sentence(error))", command: "streaks apply")
            }
        }
        guard !requests.isEmpty else { throw CLIError.usage("no change given", command: "streaks apply") }
        for request in requests {
            let applied = try await request.apply(on: context.store, userId: context.userId, at: context.now, timezone: context.zone)
            if !applied.alreadyApplied {
                context.console.saved.note(request.change.summary(of: request.key))
                if let failure = applied.produced.pointsFailure { context.console.warn(PointsSettling.failureWarning(failure)) }
            }
            context.console.print(Report.json(StatusJSON.changeResult(
                key: request.key, summary: request.change.summary(of: request.key), applied.produced, alreadyApplied: applied.alreadyApplied,
                now: context.now, zone: context.zone
            )))
        }
    }
}
