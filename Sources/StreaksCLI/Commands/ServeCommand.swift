import ArgumentParser
import Foundation
import StreakServer
import SwiftfulGamification

/// `streaks serve`: the streaks over HTTP for apps and scripts (`StreakAPI`), behind bearer
/// tokens (`streaks token`).
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the streaks to apps and scripts over HTTP (docs/SERVER.md).",
        discussion: """
        Answers the API under /v1 (GET /v1/streaks, GET /v1/streaks/KEY, GET /v1/streaks/KEY/days, \
        POST /v1/changes; GET /v1/openapi.yaml describes it) for callers with a token from 'streaks token create'. \
        Each token belongs to one user and reaches that user's streaks alone. Serves the local store, or a \
        database with --database URL: then every request runs as its user under row-level security, \
        and any number of servers may share the database. Listens on 127.0.0.1:8080 unless --listen says \
        otherwise; for TLS, put it behind a proxy (docs/SERVER.md). Stops on Ctrl-C or SIGTERM, finishing \
        requests under way.
        """
    )

    @Option(help: ArgumentHelp("Where to listen: HOST:PORT (port 0: any free port, printed).", valueName: "host:port"))
    var listen = "127.0.0.1:8080"
    @Option(help: ArgumentHelp("The largest request body, in bytes.", valueName: "bytes"))
    var bodyLimit = 1 << 20
    @Option(help: ArgumentHelp("On a database: how many connections requests may hold at once.", valueName: "count"))
    var connections = 8
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let (host, port) = try Self.address(listen)
        guard bodyLimit > 0 else { throw CLIError.usage("--body-limit must be a positive number of bytes", command: "streaks serve") }
        guard (1...200).contains(connections) else { throw CLIError.usage("--connections must be from 1 to 200", command: "streaks serve") }
        let console = Console.current
        let zone = try global.timezone.map { try StreakValidation.timeZone(named: $0) } ?? TimeZone.current
        let pinned = try global.now.map { try DateArgument.parse($0, option: "--now", zone: zone) }
        let served = try ServedStore.open(global, console: console, command: "streaks serve", liveClock: pinned == nil, connections: connections)
        let clock = console.clock
        let api = StreakAPI(store: served.store, tokens: served.tokens, zone: zone, bodyLimit: bodyLimit) { pinned ?? clock() }
        try await StreakHTTPServer(api: api, host: host, port: port).run { bound in
            console.print("Serving the streaks of \(served.place) on http://\(host):\(bound)/v1 (Ctrl-C stops).")
        }
    }

    /// `HOST:PORT` (an IPv6 host in brackets).
    static func address(_ text: String) throws -> (String, Int) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65_535).contains(port) else {
            throw CLIError.usage("--listen '\(text)' is not HOST:PORT, such as 127.0.0.1:8080", command: "streaks serve")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw CLIError.usage("--listen '\(text)' has no host", command: "streaks serve") }
        return (host, port)
    }
}
