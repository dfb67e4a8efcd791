import ArgumentParser
import Foundation
import GamificationSupport
import SwiftfulGamification

struct FreezeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "freeze", abstract: "Add, use, list and take back streak freezes.",
        subcommands: [Add.self, Use.self, List.self, Remove.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give freezes (earned now).")

        @Argument(help: "The streak (default: the only one).", completion: Completions.streakKeys) var key: String?
        @Option(help: "How many.") var count = 1
        @Option(parsing: .unconditional, help: "When they expire (default: never): a date, or +30d from now.") var expires: String?
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            guard (1...1_000).contains(count) else { throw CLIError.badNumber(option: "--count", value: String(count)) }
            let context = try await global.context()
            let expires = try self.expires.map { try DateArgument.parse($0, option: "--expires", zone: context.zone, now: context.now, relativeDayTime: .currentTime) }
            if let expires, expires <= context.now { throw CLIError.badDate(option: "--expires", value: self.expires!) }
            let key = try await context.streakKey(key)
            let freezes = (0..<count).map { _ in StreakFreeze(dateEarned: context.now, dateExpires: expires) }
            let streak = try await context.apply(.addFreezes(freezes), to: key).evaluation?.streak
            context.console.saved.note("\(Report.count(count, "freeze")) added to \(key)")
            context.console.print("Added \(counted(count, "freeze")) to \(key): \(streak?.freezesAvailableCount ?? 0) available.")
        }
    }

    struct Use: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Manual mode: spend freezes to restore a broken streak.")

        @Argument(help: "The streak (default: the only one).", completion: Completions.streakKeys) var key: String?
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try await global.context()
            let key = try await context.streakKey(key)
            let result = try await context.apply(.useFreezesManually, to: key)
            let evaluation = try result.evaluation(of: key)
            context.console.saved.note("the use of \(Report.count(result.usedFreezes.count, "freeze")) in \(key)")
            let days = result.usedFreezes.map(\.day.description).joined(separator: ", ")
            context.console.print("Used \(counted(result.usedFreezes.count, "freeze")) for \(days): \(Report.length(evaluation.streak)).")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List freezes.")

        @Argument(help: "The streak (default: the only one).", completion: Completions.streakKeys) var key: String?
        @Flag(help: "A JSON array.") var json = false
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try await global.context()
            let key = try await context.streakKey(key)
            // The freezes as `status` counts them: those its calculation consumes (auto mode,
            // at a clock the last write has not reached) show as used on their days.
            let evaluation = try await context.store.evaluate(userId: context.userId, streakKey: key, now: context.now, timezone: context.zone)
            let consumed = Dictionary(evaluation.freezeConsumptions.map { ($0.freezeId, $0.date) }, uniquingKeysWith: { first, _ in first })
            let freezes = try await context.store.freezes(userId: context.userId, streakKey: key).map { freeze in
                guard freeze.dateUsed == nil, let used = consumed[freeze.id] else { return freeze }
                return StreakFreeze(id: freeze.id, dateEarned: freeze.dateEarned, dateUsed: used, dateExpires: freeze.dateExpires)
            }
            if json {
                context.console.print(Report.json(freezes.map { freeze -> [String: Any] in
                    var object: [String: Any] = ["id": freeze.id, "available": freeze.isAvailable(at: context.now)]
                    for (name, date) in [("date_earned", freeze.dateEarned), ("date_used", freeze.dateUsed), ("date_expires", freeze.dateExpires)] {
                        object[name] = date.map(ISODate.format) ?? NSNull()
                    }
                    return object
                }))
                return
            }
            if freezes.isEmpty { context.console.print("No freezes.") }
            for freeze in freezes {
                let state = freeze.dateUsed.map { "used \(Report.localTime($0, context.zone))" }
                    ?? (freeze.isExpired(at: context.now) ? "expired" : "available")
                let expiry = freeze.dateExpires.map { ", expires \(Report.localTime($0, context.zone))" } ?? ""
                context.console.print("\(freeze.id)  \(state)\(expiry)")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take back an unused freeze (given by mistake).",
            discussion: "The ledger records the removal; `streaks freeze list` shows the ids."
        )

        @Argument(help: "The freeze's id.") var id: String
        @Argument(help: "The streak (default: the only one).", completion: Completions.streakKeys) var key: String?
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try await global.context()
            let key = try await context.streakKey(key)
            let streak = try await context.apply(.removeFreeze(id: id), to: key).evaluation?.streak
            context.console.saved.note("the removal of freeze \(id) from \(key)")
            context.console.print("Removed freeze \(id) from \(key): \(streak?.freezesAvailableCount ?? 0) available.")
        }
    }
}
