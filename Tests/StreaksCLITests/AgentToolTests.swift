import Foundation
import MCP
import Testing
@testable import StreaksCLI

/// `streaks mcp` through the protocol (the SDK's client on an in-memory pair): the tools an
/// agent is offered, each the command of its name on the server's store, and arguments that
/// cannot become options, reach another store, or write when they are wrong.
struct AgentToolTests {
    let harness = CLIHarness()

    /// A client connected to `streaks mcp` on the harness's store, clock and zone.
    func connected() async throws -> (Client, Server) {
        let console = Console(
            environment: ["USER": "tester", "HOME": harness.store, "STREAKS_HOME": harness.store],
            write: { _ in }, writeError: { _ in }, readStandardInput: { [] }, clock: { Date(timeIntervalSince1970: 0) }
        )
        let runner = AgentToolRunner(global: ["--store=\(harness.store)", "--timezone=America/New_York", "--now=2024-01-05T15:00:00Z"], console: console)
        let server = await MCPCommand.server(runner)
        let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
        try await server.start(transport: serverSide)
        let client = Client(name: "test", version: "1")
        _ = try await client.connect(transport: clientSide)
        return (client, server)
    }

    func text(_ content: [Tool.Content]) -> String {
        content.compactMap { if case .text(let text, _, _) = $0 { text } else { nil } }.joined()
    }

    @Test func theToolsAreStatusTodayLogCreateAndSkipWithTheirArguments() async throws {
        let (client, server) = try await connected()
        let tools = try await client.listTools().tools
        #expect(tools.map(\.name) == ["status", "today", "log", "create", "skip"])
        let log = try #require(tools.first { $0.name == "log" })
        #expect(log.inputSchema.objectValue?["required"] == .array(["key"]))
        #expect(log.inputSchema.objectValue?["additionalProperties"] == .bool(false))
        #expect(tools.first { $0.name == "status" }?.annotations.readOnlyHint == true)
        await client.disconnect()
        await server.stop()
    }

    @Test func aLogThroughTheToolIsTheCommandsLogAndAnswersTheStreak() async throws {
        _ = await harness.run(["create", "run"])
        let (client, server) = try await connected()
        let logged = try await client.callTool(name: "log", arguments: ["key": "run", "note": "felt good"])
        #expect(logged.isError == false)
        let answer = try JSONSerialization.jsonObject(with: Data(text(logged.content).utf8)) as? [String: Any]
        #expect(answer?["current_streak"] as? Int == 1, "the streak as status --json gives it: \(text(logged.content))")
        #expect(try await harness.statusJSON()["today_event_count"] as? Int == 1)
        #expect(await harness.run(["note", "list", "run"]).output.contains("felt good"))

        let created = try await client.callTool(name: "create", arguments: ["name": "Read a book", "per_week": 3])
        #expect(created.isError == false && text(created.content).contains("read_a_book"))
        let skipped = try await client.callTool(name: "skip", arguments: ["key": "run", "day": "tomorrow"])
        #expect(skipped.isError == false, "\(text(skipped.content))")
        #expect(await harness.run(["skip", "list", "run"]).output.contains("2024-01-06"))
        let takenBack = try await client.callTool(name: "skip", arguments: ["key": "run", "day": "2024-01-06", "take_back": true])
        #expect(takenBack.isError == false)
        #expect(!(await harness.run(["skip", "list", "run"]).output.contains("2024-01-06")))

        let today = try await client.callTool(name: "today")
        let left = try JSONSerialization.jsonObject(with: Data(text(today.content).utf8)) as? [[String: Any]]
        #expect(Set(left?.compactMap { $0["key"] as? String } ?? []) == ["run", "read_a_book"])
        let status = try await client.callTool(name: "status", arguments: ["key": "read_a_book"])
        #expect(text(status.content).contains("\"title\":\"Read a book\""))
        await client.disconnect()
        await server.stop()
    }

    @Test func wrongArgumentsAreErrorsThatSayWhyAndWriteNothing() async throws {
        _ = await harness.run(["create", "run"])
        let before = harness.snapshot()
        let (client, server) = try await connected()
        let calls: [(String, [String: Value], String)] = [
            ("log", [:], "log needs 'key'"),
            ("log", ["key": "run", "bogus": 1], "log takes no argument 'bogus'"),
            ("log", ["key": "run", "amount": "lots"], "'amount' must be a number"),
            ("create", ["name": "x", "goal": 1.5], "'goal' must be a whole number"),
            ("create", ["name": "x", "track": "yes"], "'track' must be true or false"),
            ("log", ["key": "nope"], "nope"),
            ("log", ["key": "run", "at": "2030-01-01"], "future"),
            ("fly", [:], "no tool 'fly'"),
        ]
        for (name, arguments, said) in calls {
            let result = try await client.callTool(name: name, arguments: arguments)
            #expect(result.isError == true, "\(name) \(arguments)")
            #expect(text(result.content).contains(said), "\(name) \(arguments): \(text(result.content))")
        }
        #expect(harness.snapshot() == before, "nothing written")
        await client.disconnect()
        await server.stop()
    }

    /// A value an agent gives is never an option: a key or title that reads like `--store`
    /// stays a key (refused) or a title, and the store is the server's.
    @Test func argumentsThatLookLikeOptionsStayArguments() async throws {
        let elsewhere = NSTemporaryDirectory() + "streaks-elsewhere-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let (client, server) = try await connected()
        let key = try await client.callTool(name: "log", arguments: ["key": "--store=\(elsewhere)"])
        #expect(key.isError == true && text(key.content).contains("Invalid streak key"))
        let titled = try await client.callTool(name: "create", arguments: ["name": "walk", "title": "--store=\(elsewhere)"])
        #expect(titled.isError == false, "\(text(titled.content))")
        #expect(try await harness.statusJSON(key: "walk")["title"] as? String == "--store=\(elsewhere)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        await client.disconnect()
        await server.stop()
    }

    /// Calls an agent sends at once (the SDK handles requests concurrently): every one
    /// answered, every event stored once.
    @Test func callsSentAtOnceAllApply() async throws {
        _ = await harness.run(["create", "run", "--goal", "20"])
        let (client, server) = try await connected()
        let results = try await withThrowingTaskGroup(of: Bool?.self) { group in
            for _ in 0..<12 { group.addTask { try await client.callTool(name: "log", arguments: ["key": "run"]).isError } }
            return try await group.reduce(into: [Bool?]()) { $0.append($1) }
        }
        #expect(results.count == 12 && results.allSatisfy { $0 == false })
        #expect(try await harness.statusJSON()["today_event_count"] as? Int == 12)
        await client.disconnect()
        await server.stop()
    }
}
