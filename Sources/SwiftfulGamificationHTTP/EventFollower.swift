import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StreakStoreKit
import SwiftfulGamification

/// Follows the server's event stream (`GET /v1/stream`) for as long as it is asked to,
/// telling `onEvent` each event's name and data, and `onLink` whether the stream is up. A
/// stream that ends or cannot be opened is opened again with backoff (0.1 s, doubling to
/// 2 s); since every stream begins with the whole state, nothing changed meanwhile is
/// missed. Bytes arrive through a data delegate, which FoundationNetworking on Linux
/// has (it lacks `URLSession.bytes`).
final class EventFollower: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let transport: HTTPTransport
    /// `GET /v1/stream`'s query: none for the streaks, `experience` or `progress` for a key's.
    private let query: [String: String]
    private let onEvent: @Sendable (_ name: String, _ data: Data) -> Void
    private let onLink: @Sendable (StoreLink) -> Void
    /// Told a 4xx answer to the stream (a token revoked, a route this server lacks), which
    /// asking again will not mend; the follower still tries again unless stopped.
    private let onRefusal: (@Sendable (_ status: Int) -> Void)?
    // Guarded by `lock`: the delegate's queue and the callers' threads both reach them.
    private let lock = NSLock()
    private var session: URLSession?
    private var task: URLSessionDataTask?
    private var stopped = false
    private var delay = 0.1
    /// The last stream was refused (its reason already told): its end says nothing more.
    private var refused = false
    private var pending = Data()
    private var name = ""
    private var dataLines: [Data] = []

    init(
        transport: HTTPTransport, query: [String: String] = [:], onEvent: @escaping @Sendable (String, Data) -> Void,
        onLink: @escaping @Sendable (StoreLink) -> Void, onRefusal: (@Sendable (_ status: Int) -> Void)? = nil
    ) {
        self.transport = transport
        self.query = query
        self.onRefusal = onRefusal
        self.onEvent = onEvent
        self.onLink = onLink
    }

    func start() {
        let configuration = URLSessionConfiguration.default
        // The server says it is alive every 15 s; four missed beats count as a lost stream.
        configuration.timeoutIntervalForRequest = 60
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        lock.withLock { self.session = session }
        connect()
    }

    func stop() {
        let (task, session) = lock.withLock { () -> (URLSessionDataTask?, URLSession?) in
            stopped = true
            return (self.task, self.session)
        }
        task?.cancel()
        session?.invalidateAndCancel()
    }

    private func connect() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped, let session else { return }
        pending = Data()
        name = ""
        dataLines = []
        let task = session.dataTask(with: transport.request("GET", ["stream"], query: query, accept: "text/event-stream"))
        self.task = task
        task.resume()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        lock.withLock { refused = status != 200 }
        if status == 200 {
            lock.withLock { delay = 0.1 }
            onLink(.live)
            completionHandler(.allow)
        } else {
            onLink(.lost(reason: "the server answered \(status) to the event stream"))
            if (400..<500).contains(status) { onRefusal?(status) }
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var events: [(String, Data)] = []
        lock.withLock {
            pending.append(data)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                var line = pending[pending.startIndex..<newline]
                pending = Data(pending[pending.index(after: newline)...])
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                if line.isEmpty {
                    if !name.isEmpty || !dataLines.isEmpty { events.append((name.isEmpty ? "message" : name, Data(dataLines.joined(separator: [UInt8(ascii: "\n")])))) }
                    name = ""
                    dataLines = []
                } else if line.starts(with: Array("event:".utf8)) {
                    name = String(decoding: line.dropFirst(6), as: UTF8.self).trimmingCharacters(in: .whitespaces)
                } else if line.starts(with: Array("data:".utf8)) {
                    var value = line.dropFirst(5)
                    if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
                    dataLines.append(Data(value))
                }
            }
        }
        for (name, data) in events { onEvent(name, data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (wait, told) = lock.withLock { () -> (Double?, Bool) in
            guard !stopped else { return (nil, true) }
            defer { delay = min(delay * 2, 2) }
            return (delay, refused)
        }
        guard let wait else { return }
        if !told { onLink(.lost(reason: error.map { "the event stream broke: \($0.localizedDescription)" } ?? "the server ended the event stream")) }
        DispatchQueue.global().asyncAfter(deadline: .now() + wait) { [weak self] in self?.connect() }
    }
}
