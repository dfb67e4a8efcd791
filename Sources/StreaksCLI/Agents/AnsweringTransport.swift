import Foundation
import Logging
import MCP

/// Standard input and output for `streaks mcp`, ending only once every request read has been
/// answered: the SDK stops at the end of its input, and a script that pipes its requests in
/// and closes would otherwise lose the answers still being worked out.
///
/// Requests are followed by id: an answer takes its id off, and so does a cancellation (a
/// request cancelled may get no answer); an answer to no pending id (a parse error's) counts
/// for nothing. At the end of input it waits at most `grace` for the rest.
actor AnsweringTransport: Transport {
    private let inner = StdioTransport()
    nonisolated var logger: Logger { inner.logger }
    private var pending: Set<String> = []
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private let grace: Duration

    init(grace: Duration = .seconds(120)) {
        self.grace = grace
    }

    func connect() async throws { try await inner.connect() }

    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        defer {
            for id in Self.messages(in: data).compactMap(Self.answeredId) { pending.remove(id) }
            if pending.isEmpty { wakeWaiting() }
        }
        try await inner.send(data)
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            let reading = Task {
                do {
                    for try await message in await self.inner.receive() {
                        self.note(message)
                        continuation.yield(message)
                    }
                    await self.allAnswered()
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in reading.cancel() }
        }
    }

    private func note(_ message: Data) {
        for object in Self.messages(in: message) {
            if let id = Self.requestId(object) { pending.insert(id) }
            if let id = Self.cancelledId(object) { pending.remove(id) }
        }
        if pending.isEmpty { wakeWaiting() }
    }

    private func allAnswered() async {
        guard !pending.isEmpty else { return }
        let limit = Task { [grace] in
            try? await Task.sleep(for: grace)
            self.wakeWaiting()
        }
        await withCheckedContinuation { waiting.append($0) }
        limit.cancel()
    }

    private func wakeWaiting() {
        waiting.forEach { $0.resume() }
        waiting = []
    }

    /// The JSON-RPC objects of a message (one, or a batch).
    static func messages(in data: Data) -> [[String: Any]] {
        guard let json = try? JSONSerialization.jsonObject(with: data) else { return [] }
        return (json as? [[String: Any]]) ?? [json as? [String: Any]].compactMap { $0 }
    }

    /// A request's id: a string or a whole number (what the SDK answers).
    static func idText(_ value: Any?) -> String? {
        if let text = value as? String { return "s" + text }
        if let number = value as? Int { return "n\(number)" }  // 1.5 is no Int
        return nil
    }

    static func requestId(_ object: [String: Any]) -> String? {
        object["method"] == nil ? nil : idText(object["id"])
    }

    static func answeredId(_ object: [String: Any]) -> String? {
        guard object["method"] == nil, object["result"] != nil || object["error"] != nil else { return nil }
        return idText(object["id"])
    }

    static func cancelledId(_ object: [String: Any]) -> String? {
        guard object["method"] as? String == "notifications/cancelled" else { return nil }
        return idText((object["params"] as? [String: Any])?["requestId"])
    }
}
