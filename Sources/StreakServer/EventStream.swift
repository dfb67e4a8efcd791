import Foundation
import StreakPresentation
import StreakStoreKit
import SwiftfulGamification

/// `GET /v1/stream` as server-sent events: `keys` (the user's streak keys, first and whenever
/// they change), `streak` (a streak's status, first for every streak and then after each
/// change by anyone), `failed` (a streak that could not be read), each with an id; a comment
/// every `heartbeat` so proxies and clients know the stream is alive.
///
/// An update that would say again what the stream last said of the same thing (the keys, or
/// one streak: a refresh after the database connection came back) is left out.
///
/// Every stream, a resumed one (`Last-Event-ID`) too, begins with the whole state: the keys
/// and every streak as it is now. A client that reconnects therefore misses nothing that
/// changed while it was away, whatever the id it last saw.
enum EventStream {
    /// Ids are `START-N`: the stream's start in milliseconds and the event's number in it.
    static func isEventId(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.count <= 19 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    static func events(
        of updates: AsyncStream<StreakListUpdate>, heartbeat: Duration, now: @escaping @Sendable () -> Date, zone: TimeZone
    ) -> AsyncStream<[UInt8]> {
        sending(heartbeat: heartbeat) { say in
            var lastSaid: [String: String] = [:]
            for await update in updates {
                let (name, subject, object): (String, String, Any)
                switch update {
                case .keys(let keys):
                    (name, subject, object) = ("keys", "", ["keys": keys])
                case .evaluation(let evaluation):
                    let status = StatusJSON.statusObject(evaluation, configuration: evaluation.configuration, now: now(), zone: zone)
                    (name, subject, object) = ("streak", evaluation.configuration.streakKey, status)
                case .failed(let key, let reason):
                    (name, subject, object) = ("failed", key, ["key": key, "reason": reason])
                }
                let data = StatusJSON.json(object)
                guard lastSaid.updateValue(data, forKey: subject + "\u{0}" + name) != data else { continue }
                say(name, data)
            }
        }
    }

    /// `GET /v1/stream?experience=KEY` (or `progress=KEY`): `name` ({"key"}) first and
    /// whenever the key's experience events (or progress items) may have changed, for the
    /// client to read them again; `failed` ({"key", "reason"}) when they cannot be watched.
    static func signals(
        _ changes: AsyncThrowingStream<Void, any Error>, name: String, key: String, heartbeat: Duration, onEnd: @escaping @Sendable () -> Void
    ) -> AsyncStream<[UInt8]> {
        sending(heartbeat: heartbeat, onEnd: onEnd) { say in
            do {
                for try await _ in changes { say(name, StatusJSON.json(["key": key])) }
            } catch {
                say("failed", StatusJSON.json(["key": key, "reason": StreakStoreError.sentence(error)]))
            }
        }
    }

    /// The events `produce` says, numbered, after the reconnection delay and with a heartbeat
    /// comment every `heartbeat`, until it returns or the client leaves.
    private static func sending(
        heartbeat: Duration, onEnd: @escaping @Sendable () -> Void = {},
        _ produce: @escaping @Sendable (_ say: (_ name: String, _ data: String) -> Void) async -> Void
    ) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        let start = Int(Date().timeIntervalSince1970 * 1_000)
        continuation.yield(Array("retry: 2000\n\n".utf8))
        let forwarding = Task {
            var number = 0
            await produce { name, data in
                number += 1
                continuation.yield(Array("id: \(start)-\(number)\nevent: \(name)\ndata: \(data)\n\n".utf8))
            }
            continuation.finish()
        }
        let beating = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: heartbeat)
                guard !Task.isCancelled else { return }
                continuation.yield(Array(": heartbeat\n\n".utf8))
            }
        }
        continuation.onTermination = { _ in
            forwarding.cancel()
            beating.cancel()
            onEnd()
        }
        return stream
    }
}
