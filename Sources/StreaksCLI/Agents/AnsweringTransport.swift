import Foundation
import Logging
import MCP

/// Standard input and output for `streaks mcp`, ending only once every request read has been
/// answered: the SDK stops at the end of its input, and a script that pipes its requests in
/// and closes would otherwise lose the answers still being worked out.
actor AnsweringTransport: Transport {
    private let inner = StdioTransport()
    nonisolated var logger: Logger { inner.logger }
    private var unanswered = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func connect() async throws { try await inner.connect() }

    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        defer {
            unanswered -= Self.count(in: data, answers: true)
            if unanswered <= 0 {
                waiting.forEach { $0.resume() }
                waiting = []
            }
        }
        try await inner.send(data)
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            let reading = Task {
                do {
                    for try await message in await self.inner.receive() {
                        self.noteRequests(in: message)
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

    private func noteRequests(in message: Data) {
        unanswered += Self.count(in: message, answers: false)
    }

    private func allAnswered() async {
        guard unanswered > 0 else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Requests (a method and an id) or answers (an id with a result or an error) in a
    /// message, which may be a batch.
    static func count(in message: Data, answers: Bool) -> Int {
        guard let json = try? JSONSerialization.jsonObject(with: message) else { return 0 }
        let objects = (json as? [[String: Any]]) ?? [json as? [String: Any]].compactMap { $0 }
        return objects.filter { object in
            guard object["id"] != nil else { return false }
            return answers ? object["method"] == nil && (object["result"] != nil || object["error"] != nil) : object["method"] != nil
        }.count
    }
}
