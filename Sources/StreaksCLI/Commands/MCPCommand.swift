import ArgumentParser
import Foundation
import MCP

/// `streaks mcp`: a Model Context Protocol server on standard input and output, for agents.
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp", abstract: "Serve the streaks to an agent (Model Context Protocol, on standard input and output).",
        discussion: """
        Tools: status, today, log, create and skip, each the command of that name on the store, user and clock given here \
        (--store, --database, --server and --token-file, --user, --now, --timezone), with its checks and its JSON. It runs until its input ends. \
        Example for an agent's configuration: {"command": "streaks", "args": ["mcp"]}.
        """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        // A store, database or server named wrongly fails here, not at the agent's first call.
        _ = try await global.context()
        await OpenStores.closeAll()
        let server = await Self.server(AgentToolRunner(global: global.words, console: Console.current))
        try await server.start(transport: AnsweringTransport())
        await server.waitUntilCompleted()
    }

    /// The protocol's server with the tools, before it is started on a transport.
    static func server(_ runner: AgentToolRunner) async -> Server {
        let server = Server(
            name: "streaks", version: StreaksVersion.current,
            instructions: "The user's streaks (habits kept day by day). Read status or today before logging; keys come from status.",
            capabilities: .init(tools: .init(listChanged: false))
        )
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: AgentTools.all.map(\.tool)) }
        await server.withMethodHandler(CallTool.self) { call in await runner.call(call.name, arguments: call.arguments) }
        return server
    }
}
