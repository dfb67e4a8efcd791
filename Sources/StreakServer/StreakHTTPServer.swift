import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// `StreakAPI` over HTTP/1.1 (Hummingbird): each request's body read up to the API's limit,
/// answered, and server-sent events flushed as they come. Stops gracefully on SIGTERM and
/// SIGINT (swift-service-lifecycle): requests under way are finished first.
public struct StreakHTTPServer: Sendable {
    let api: StreakAPI
    let host: String
    let port: Int
    /// A connection idle this long is closed (a stalled client does not hold it open).
    let idleTimeout: Duration

    public init(api: StreakAPI, host: String = "127.0.0.1", port: Int = 8080, idleTimeout: Duration = .seconds(30)) {
        self.api = api
        self.host = host
        self.port = port
        self.idleTimeout = idleTimeout
    }

    /// Serves until a signal stops it; `onListening` gets the port bound (useful with port 0).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await application(onListening: onListening).runService()
    }

    /// Serves in the background until `stop()`: for tests and embedding. Stopping is graceful, never a
    /// cancellation, because cancelling NIO's accept loop while a connection is being activated traps
    /// (apple/swift-nio#2813).
    public func start() async throws -> Running {
        let (ports, binding) = AsyncStream<Int>.makeStream()
        let app = application { port in binding.yield(port) }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: app.logger))
        let task = Task {
            defer { binding.finish() }
            try await group.run()
        }
        var bound = ports.makeAsyncIterator()
        guard let port = await bound.next() else {
            // Not listening: it failed (its error is thrown below), or the caller was cancelled while it started.
            await group.triggerGracefulShutdown()
            try await task.value
            throw APIStartError.notListening(host: host, port: port)
        }
        return Running(port: port, group: group, task: task)
    }

    /// A server started with `start()`.
    public struct Running: Sendable {
        public let port: Int
        let group: ServiceGroup
        let task: Task<Void, any Error>

        /// Finishes the requests under way, ends the event streams and closes the listener.
        public func stop() async {
            await group.triggerGracefulShutdown()
            _ = try? await task.value
        }
    }

    func application(onListening: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let api = api
        let responder = CallbackResponder { (request: Request, _: BasicRequestContext) -> Response in
            var request = request
            let body: [UInt8]
            do {
                var buffer = try await request.collectBody(upTo: api.bodyLimit)
                body = buffer.readBytes(length: buffer.readableBytes) ?? []
            } catch {
                return Self.response(APIError(413, "the body is larger than \(api.bodyLimit) bytes").response)
            }
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let answer = await api.handle(APIRequest(
                method: request.method.rawValue, path: request.uri.path, query: APIRequest.parseQuery(request.uri.query), headers: headers, body: body
            ))
            return Self.response(answer)
        }
        let seconds = idleTimeout.components.seconds
        return Application(
            responder: responder,
            server: .http1(configuration: .init(idleTimeout: .seconds(seconds))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "streaks"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) }
        )
    }

    /// The server stopped before it listened, without saying why.
    enum APIStartError: Error, CustomStringConvertible {
        case notListening(host: String, port: Int)
        var description: String {
            switch self {
            case .notListening(let host, let port): "the server stopped before it listened on \(host):\(port)"
            }
        }
    }

    static func response(_ answer: APIResponse) -> Response {
        var fields = HTTPFields()
        for header in answer.headers {
            if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
        }
        let status = HTTPResponse.Status(code: answer.status)
        switch answer.body {
        case .bytes(let bytes):
            return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        case .stream(let events):
            return Response(status: status, headers: fields, body: ResponseBody { writer in
                // A stream never ends by itself: a stopping server ends it, so shutdown does not wait for clients to leave.
                let (relay, ending) = AsyncStream<[UInt8]>.makeStream()
                let pump = Task {
                    for await chunk in events { ending.yield(chunk) }
                    ending.finish()
                }
                defer { pump.cancel() }
                try await withGracefulShutdownHandler {
                    for await chunk in relay { try await writer.write(ByteBuffer(bytes: chunk)) }
                } onGracefulShutdown: {
                    ending.finish()
                }
                try await writer.finish(nil)
            })
        }
    }
}
