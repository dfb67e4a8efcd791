import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StreakStoreKit
import SwiftfulGamification

/// What the server said no to, or why it could not be asked.
public enum HTTPStoreError: LocalizedError, CustomStringConvertible, Equatable {
    /// An answer other than 200: its status and the server's sentence.
    case refused(status: Int, message: String)
    /// The server could not be reached or stopped answering.
    case unreachable(String, reason: String)
    /// A route this client needs is not one the server offers (an older server).
    case notOffered(String)

    public var description: String {
        switch self {
        case .refused(let status, let message): message.isEmpty ? "the server answered \(status)" : message
        case .unreachable(let server, let reason): "cannot reach \(server): \(reason)"
        case .notOffered(let what): "\(what) is not offered over HTTP"
        }
    }

    public var errorDescription: String? { description }
}

/// Requests to the server's API with the bearer token: JSON in, the body out, an error
/// answer turned into the store's own errors where it has one (a missing streak, a key
/// taken) so callers handle them as from any store. A request that could not reach the
/// server is sent again a few times (every change carries an operation id, so a change
/// sent twice is applied once).
struct HTTPTransport: Sendable {
    let base: URL
    let token: String
    let session: URLSession

    static let attempts = 3

    func get(_ path: [String], query: [String: String] = [:]) async throws -> Data {
        try await send("GET", path, query: query, body: nil)
    }

    func post(_ path: [String], query: [String: String] = [:], body: Data) async throws -> Data {
        try await send("POST", path, query: query, body: body)
    }

    func request(_ method: String, _ path: [String], query: [String: String] = [:], body: Data? = nil, accept: String = "application/json") -> URLRequest {
        var url = base
        for part in path { url.appendPathComponent(part) }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) } }
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    private func send(_ method: String, _ path: [String], query: [String: String], body: Data?) async throws -> Data {
        let request = request(method, path, query: query, body: body)
        var delay: UInt64 = 100_000_000
        var attempt = 0
        while true {
            attempt += 1
            let data: Data, response: URLResponse
            do {
                (data, response) = try await session.data(for: request)
            } catch {
                guard attempt < Self.attempts, !Task.isCancelled else { throw HTTPStoreError.unreachable(base.absoluteString, reason: Self.reason(error)) }
                try await Task.sleep(nanoseconds: delay)
                delay *= 2
                continue
            }
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard status == 200 else { throw Self.refusal(status: status, data: data) }
            return data
        }
    }

    /// Why a request got no answer, in words (URLError's own on Linux are codes).
    static func reason(_ error: any Error) -> String {
        switch (error as? URLError)?.code {
        case .cannotConnectToHost?: "nothing answers there (is 'streaks serve' running?)"
        case .timedOut?: "it did not answer in time"
        case .cannotFindHost?, .dnsLookupFailed?: "the host name is unknown"
        case .networkConnectionLost?: "the connection was lost"
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?: "the TLS connection failed (certificate?)"
        default: error.localizedDescription
        }
    }

    /// An error answer as the store's own error where it has one.
    static func refusal(status: Int, data: Data) -> any Error {
        let error = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["error"] as? [String: Any]
        if status == 404, let key = error?["streak"] as? String { return StreakStoreError.unknownStreak(key, known: []) }
        return HTTPStoreError.refused(status: status, message: error?["message"] as? String ?? String(decoding: data.prefix(200), as: UTF8.self))
    }
}

/// An offline copy queues a write the server could not be reached for, and says why.
extension HTTPStoreError: StoreReachabilityError {
    public var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }

    public var unreachableReason: String {
        if case .unreachable(_, let reason) = self { return reason }
        return description
    }
}
