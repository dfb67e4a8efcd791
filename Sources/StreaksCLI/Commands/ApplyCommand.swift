import ArgumentParser
import Foundation
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
        let context = try global.context()
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
            let operation = StoreOperation(id: request.operation ?? UUID().uuidString)
            var object: [String: Any]
            do {
                let produced = try await StoreOperation.$current.withValue(operation) { try await context.apply(request.change, to: request.key) }
                context.console.saved.note(request.change.summary(of: request.key))
                object = Self.object(request, produced, context)
            } catch where request.change.meansAlreadyApplied(error) {
                // Sent again after it was applied (a reply lost, a script run twice): as asked already.
                let evaluation = try? await context.store.evaluate(userId: context.userId, streakKey: request.key, now: context.now, timezone: context.zone)
                object = Self.object(request, StreakChangeResult(evaluation: evaluation), context)
                object["already_applied"] = true
            }
            context.console.print(Report.json(object))
        }
    }

    /// What one change produced, in the words of `--json`.
    private static func object(_ request: StreakChangeRequest, _ produced: StreakChangeResult, _ context: CommandContext) -> [String: Any] {
        var object: [String: Any] = [
            "key": request.key,
            "summary": request.change.summary(of: request.key),
            "already_applied": false,
            "added": produced.added.map(\.id),
            "removed": produced.removed.map { $0.id as Any } ?? NSNull(),
            "used_freezes": produced.usedFreezes.count,
            "earned": produced.earned.map(\.points).reduce(0, +),
            "streak": NSNull(),
            "trashed": produced.trashed.map { ["key": $0.streakKey, "date_deleted": ISO8601DateFormatter().string(from: $0.dateDeleted)] as Any } ?? NSNull(),
        ]
        if let evaluation = produced.evaluation {
            object["streak"] = Report.statusObject(evaluation, configuration: evaluation.configuration, now: context.now, zone: context.zone)
        }
        return object
    }
}
