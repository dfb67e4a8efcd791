import Crypto
import Foundation
import SwiftfulGamification

/// A bearer token's record: never the token itself, which is shown once when it is made.
public struct APIToken: Sendable, Equatable {
    /// The token's public part (`stk_ID_...`), by which it is listed and revoked.
    public let id: String
    public let userId: String
    public let name: String
    public let created: Date

    public init(id: String, userId: String, name: String, created: Date) {
        self.id = id
        self.userId = userId
        self.name = name
        self.created = created
    }
}

/// Where the server keeps its tokens, hashed.
public protocol TokenBook: Sendable {
    /// The user a presented token belongs to; nil for a token that is unknown, revoked or
    /// malformed.
    func user(presenting token: String) async throws -> String?
    /// `user(presenting:)`, and `key`'s evaluation at `now` in `timezone` when the book reads
    /// it in the same step and it still holds (nil: the caller asks the store).
    func user(presenting token: String, readingFresh key: String, now: Date, timezone: TimeZone) async throws -> (userId: String, fresh: StreakEvaluation?)?
    /// Makes a token for the user; the token is returned once and only its hash is kept.
    func create(userId: String, name: String, now: Date) async throws -> (token: String, record: APIToken)
    /// The live tokens (of one user, or of all), oldest first.
    func list(userId: String?) async throws -> [APIToken]
    /// Revokes the token with the id; returns its record, nil when there is none.
    func revoke(id: String, now: Date) async throws -> APIToken?
}

extension TokenBook {
    public func user(presenting token: String, readingFresh key: String, now: Date, timezone: TimeZone) async throws -> (userId: String, fresh: StreakEvaluation?)? {
        try await user(presenting: token).map { ($0, nil) }
    }
}

/// A token's parts and its hash: `stk_` + a 12-character id + `_` + 43 characters of secret
/// (32 random bytes, base64url). The id finds the record; the secret's SHA-256 is compared
/// with the stored one in constant time.
enum TokenSecret {
    static let prefix = "stk_"

    static func make() -> (id: String, token: String, secretHash: String) {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<6).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let secret = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return (id, prefix + id + "_" + secret, hash(secret))
    }

    /// The id and the secret of a presented token; nil when it does not have the form.
    static func parts(of token: String) -> (id: String, secret: String)? {
        guard token.hasPrefix(prefix) else { return nil }
        let rest = token.dropFirst(prefix.count)
        guard let separator = rest.firstIndex(of: "_") else { return nil }
        let id = String(rest[..<separator]), secret = String(rest[rest.index(after: separator)...])
        guard id.count == 12, id.allSatisfy(\.isHexDigit), secret.count == 43,
              secret.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        return (id, secret)
    }

    static func hash(_ secret: String) -> String {
        // Hex by hand: String(format:) per byte was a tenth of a server's GET.
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(secret.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// Whether two hashes are equal, in time that does not depend on where they differ.
    static func same(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8), b = Array(right.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
