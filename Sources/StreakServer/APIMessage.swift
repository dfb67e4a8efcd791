import Foundation
import SwiftfulGamificationHTTP
import StreakPresentation

/// A request as the API reads it, apart from any HTTP library: what the tests hand the API
/// directly, and what the HTTP server turns each request into.
public struct APIRequest: Sendable {
    public var method: String
    /// The path without its query, such as `/v1/streaks/run`.
    public var path: String
    public var query: [String: String]
    /// Header values by lowercased name.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { _, last in last }
        self.body = body
    }

    /// The query of a target such as `/v1/streaks?tz=UTC`, percent-decoded (`+` a space).
    public static func parseQuery(_ query: String?) -> [String: String] {
        var values: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String {
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            values[decoded(parts[0])] = parts.count > 1 ? decoded(parts[1]) : ""
        }
        return values
    }
}

/// What the API answers: a status, headers, and a body that is either whole or a stream of
/// server-sent events.
public struct APIResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Each element is written and flushed as it comes; the stream ends the response.
        case stream(AsyncStream<[UInt8]>)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON document.
    static func json(_ object: Any, status: Int = 200) -> APIResponse {
        APIResponse(status: status, headers: [("Content-Type", "application/json")], body: .bytes(Array((StatusJSON.json(object) + "\n").utf8)))
    }

    /// The library's own JSON of a value (`form=library`).
    static func library<T: Encodable>(_ value: T) throws -> APIResponse {
        APIResponse(status: 200, headers: [("Content-Type", "application/json")], body: .bytes(try StreakWire.encode(value) + [UInt8(ascii: "\n")]))
    }

    /// The bytes of a whole body (empty for a stream).
    public var bytes: [UInt8] {
        if case .bytes(let bytes) = body { return bytes }
        return []
    }

    public func header(_ name: String) -> String? {
        headers.last { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A refused request: its status and a sentence saying what to fix, answered as
/// `{"error": {"status": 404, "message": "..."}}`.
public struct APIError: Error, Equatable, Sendable {
    public let status: Int
    public let message: String
    /// The streak a 404 is about (`"streak"` in the answer), so a client need not read the sentence.
    public let streak: String?

    public init(_ status: Int, _ message: String, streak: String? = nil) {
        self.status = status
        self.message = message
        self.streak = streak
    }

    /// A streak the user does not have, whoever else has it: the same answer either way.
    static func noStreak(_ key: String) -> APIError {
        APIError(404, "no streak '\(key)'", streak: key)
    }

    var response: APIResponse {
        var error: [String: Any] = ["status": status, "message": message]
        if let streak { error["streak"] = streak }
        var response = APIResponse.json(["error": error], status: status)
        if status == 401 { response.headers.append(("WWW-Authenticate", "Bearer")) }
        return response
    }
}
