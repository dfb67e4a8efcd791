import Foundation
import MCP
import Synchronization

/// Runs the tools of `streaks mcp` one at a time (a command closes the stores it opened when
/// it ends), each as a command of `streaks` on the store the server was started with, its
/// output captured: standard output is the protocol's, so nothing a command says reaches it.
actor AgentToolRunner {
    /// `streaks mcp`'s own store, user, clock and zone options, given to every command.
    let global: [String]
    let console: Console

    init(global: [String], console: Console) {
        self.global = global
        self.console = console
    }

    /// The call before the latest: each waits for it, so commands run one at a time (an actor
    /// alone would let the next begin while one awaits). The SDK hands calls over from tasks
    /// of their own, so calls sent at once may run in any order.
    private var latest: Task<CallTool.Result, Never>?

    /// What the command said (its JSON, or its sentence), or why it failed as an error result.
    func call(_ name: String, arguments: [String: Value]?) async -> CallTool.Result {
        let previous = latest
        let this = Task {
            _ = await previous?.value
            return await self.perform(name, arguments: arguments)
        }
        latest = this
        return await this.value
    }

    private func perform(_ name: String, arguments: [String: Value]?) async -> CallTool.Result {
        guard let tool = AgentTools.named(name) else {
            return Self.failure("no tool '\(name)'; the tools are \(AgentTools.all.map(\.name).joined(separator: ", "))")
        }
        let words: [String]
        do {
            words = try tool.words(for: arguments ?? [:])
        } catch {
            return Self.failure("\(error)")
        }
        let (code, output, errors) = await run(Self.placing(global, in: words))
        guard code == 0 else { return Self.failure(errors.isEmpty ? output : errors) }
        // What the command printed stays whole (its JSON parses); a warning it gave comes apart.
        let said = [output, errors].filter { !$0.isEmpty }.map { Tool.Content.text(text: $0.trimmingCharacters(in: .newlines), annotations: nil, _meta: nil) }
        return CallTool.Result(content: said, isError: false)
    }

    /// The global options go before `--`, after which every word is an argument.
    static func placing(_ global: [String], in words: [String]) -> [String] {
        guard let end = words.firstIndex(of: "--") else { return words + global }
        return Array(words[..<end]) + global + Array(words[end...])
    }

    private func run(_ words: [String]) async -> (Int32, String, String) {
        let output = Mutex(""), errors = Mutex("")
        var captured = Console(
            environment: console.environment,
            write: { text in output.withLock { $0 += text } },
            writeError: { text in errors.withLock { $0 += text } },
            readStandardInput: { [] },
            clock: console.clock
        )
        captured.readLine = { nil }
        captured.inputIsTerminal = { false }
        captured.outputIsTerminal = { false }
        let code = await Console.$current.withValue(captured) { await StreaksCommand.run(words, nested: true) }
        return (code, output.withLock { $0 }, errors.withLock { $0 })
    }

    private static func failure(_ text: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: text.trimmingCharacters(in: .newlines), annotations: nil, _meta: nil)], isError: true)
    }
}
