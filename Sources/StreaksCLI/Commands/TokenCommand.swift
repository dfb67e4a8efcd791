import ArgumentParser
import Foundation
import StreakServer
import SwiftfulGamification

/// `streaks token`: the bearer tokens `streaks serve` accepts, one or more per user.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Make, list and revoke the tokens the server accepts.",
        subcommands: [Create.self, List.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a token for a user (printed once: only its hash is kept).",
            discussion: """
            The token alone goes to standard output, so TOKEN=$(streaks token create --user ana) keeps it. On a database \
            the user is a role the server's login role acts as: a missing role is created (NOLOGIN) and granted to it, \
            which needs CREATEROLE; run it as the role 'streaks serve' logs in as.
            """
        )
        @Option(help: "A name to tell the token apart (the app or machine it is for).")
        var name = ""
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let console = Console.current
            let served = try ServedStore.open(global, console: console, command: "streaks token create")
            let userId = GlobalOptions.userId(explicit: global.user, environment: console.environment)
            guard !name.contains(where: \.isNewline), name.count <= 80 else {
                throw CLIError.usage("--name is one line of at most 80 characters", command: "streaks token create")
            }
            let (token, record) = try await served.tokens.create(userId: userId, name: name, now: console.clock())
            console.print(token)
            console.writeError("Token \(record.id) for \(userId)\(name.isEmpty ? "" : " (\(name))"): shown once, keep it safe; 'streaks token revoke \(record.id)' ends it.\n")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the live tokens (of --user, or of every user the role may see): id, user, name, made.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let console = Console.current
            let served = try ServedStore.open(global, console: console, command: "streaks token list")
            let tokens = try await served.tokens.list(userId: global.user)
            if tokens.isEmpty { console.print("No tokens\(global.user.map { " for \($0)" } ?? ""): 'streaks token create --user USER' makes one.") }
            for token in tokens {
                console.print([token.id, token.userId, token.name.isEmpty ? "-" : token.name, ISODate.format(token.created)].joined(separator: "  "))
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token by its id: the server refuses it from then on.")
        @Argument(help: "The token's id (from 'streaks token list').")
        var id: String
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let console = Console.current
            let served = try ServedStore.open(global, console: console, command: "streaks token revoke")
            guard let record = try await served.tokens.revoke(id: id, now: console.clock()) else {
                throw CLIError.usage("no live token with id '\(id)' ('streaks token list' shows them)", command: "streaks token revoke")
            }
            console.print("Revoked token \(record.id) of \(record.userId).")
        }
    }
}
