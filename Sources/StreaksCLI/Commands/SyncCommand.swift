import ArgumentParser
import Foundation
import SwiftfulGamification
import SwiftfulGamificationReplica

/// `streaks sync`: pushes the changes saved on this machine while the server was away, then
/// pulls what changed on the server.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Push changes saved while offline to the database or server, and pull what changed there.",
        discussion: """
        With a database (--database or $STREAKS_DATABASE), or a streak server that keeps revisions (one on \
        PostgreSQL: --server or $STREAKS_SERVER), every command keeps a copy on this machine and queues \
        writes there while the server cannot be reached; any command that reaches it pushes them first. \
        This one does only that, and says what moved. Exit 1 when the server cannot be reached (the changes stay queued).
        """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let context = try await global.context()
        guard let replica = context.store as? ReplicatedStreakStore else {
            throw CLIError.usage(
                "sync needs a database (--database URL or $STREAKS_DATABASE) or a server on one (--server URL); \(context.store.location) keeps no copy here",
                command: "streaks sync"
            )
        }
        let waiting = replica.syncState.pendingChanges
        let report: SyncReport
        do {
            report = try await replica.sync(now: context.now, timezone: context.zone)
        } catch {
            guard waiting > 0 else { throw error }
            throw ReplicaSyncFailure(reason: StreakStoreError.sentence(error), waiting: waiting)
        }
        let console = context.console
        var moved = ["pushed \(Report.count(report.pushed, "change"))"]
        if !report.pulled.isEmpty { moved.append("pulled \(report.pulled.joined(separator: ", "))") }
        if !report.removed.isEmpty { moved.append("removed \(report.removed.joined(separator: ", ")) (gone from the server)") }
        if report.pushed == 0, report.pulled.isEmpty, report.removed.isEmpty { moved = ["nothing to push or pull"] }
        console.print("Synced with \(replica.location): \(moved.joined(separator: "; ")).")
        for line in replica.takeProblems() { console.print(line) }
    }
}

/// A sync that could not reach the server, with what still waits.
struct ReplicaSyncFailure: Error, LocalizedError {
    let reason: String
    let waiting: Int

    var errorDescription: String? {
        "\(reason); \(waiting == 1 ? "1 change still waits" : "\(waiting) changes still wait") on this machine."
    }
}
