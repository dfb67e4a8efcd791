import Foundation
import SwiftfulGamification
import SwiftfulGamificationFileStore
import Synchronization

/// Tokens of a file store's server, in an append-only ledger beside the users
/// (`server/tokens.jsonl`, readable by its owner alone): a line per token made (its id,
/// user, name and the SHA-256 of its secret) and per token revoked. Appends are whole lines,
/// so two `streaks token` commands at once both keep theirs.
public final class FileTokenBook: TokenBook {
    private let path: String
    private struct Folded {
        var stamp: [Int] = []
        var records: [String: (token: APIToken, hash: String)] = [:]
        var order: [String] = []
        /// Revoked ids stay revoked, whatever a later line says.
        var revoked: Set<String> = []
    }

    private let cache = Mutex(Folded())

    /// The book of the store at `root`.
    public init(storeRoot root: String) {
        path = root + "/server/tokens.jsonl"
    }

    public func user(presenting token: String) throws -> String? {
        guard let (id, secret) = TokenSecret.parts(of: token), let record = try read().records[id] else { return nil }
        return TokenSecret.same(record.hash, TokenSecret.hash(secret)) ? record.token.userId : nil
    }

    public func create(userId: String, name: String, now: Date) throws -> (token: String, record: APIToken) {
        try StreakValidation.validateUserId(userId)
        let made = TokenSecret.make()
        let record = APIToken(id: made.id, userId: userId, name: name, created: now)
        try append([
            "kind": "created", "id": record.id, "user": userId, "name": name, "hash": made.secretHash, "date": ISODate.format(now),
        ])
        return (made.token, record)
    }

    public func list(userId: String?) throws -> [APIToken] {
        let folded = try read()
        return folded.order.compactMap { folded.records[$0]?.token }.filter { userId == nil || $0.userId == userId }
    }

    public func revoke(id: String, now: Date) throws -> APIToken? {
        guard let record = try read().records[id] else { return nil }
        try append(["kind": "revoked", "id": id, "date": ISODate.format(now)])
        return record.token
    }

    private func append(_ line: [String: String]) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes])
        try POSIXFile.appendLines([String(decoding: data, as: UTF8.self)], to: path)
        // Hashes only, but nobody else's business which users have tokens.
        _ = chmod(path, 0o600)
    }

    /// The ledger folded, read again only when the file changed.
    private func read() throws -> Folded {
        var status = stat()
        guard stat(path, &status) == 0 else { return Folded() }
        let stamp = [Int(status.st_ino), Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
        if let cached = cache.withLock({ $0.stamp == stamp ? $0 : nil }) { return cached }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ServerStoreError("cannot read \(path)")
        }
        var folded = Folded(stamp: stamp)
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: String], let id = object["id"] else { continue }
            switch object["kind"] {
            case "created":
                guard let user = object["user"], let hash = object["hash"], folded.records[id] == nil, !folded.revoked.contains(id) else { continue }
                let created = object["date"].flatMap(ISODate.parse) ?? Date(timeIntervalSince1970: 0)
                folded.records[id] = (APIToken(id: id, userId: user, name: object["name"] ?? "", created: created), hash)
                folded.order.append(id)
            case "revoked":
                folded.revoked.insert(id)
                folded.records[id] = nil
                folded.order.removeAll { $0 == id }
            default:
                continue
            }
        }
        cache.withLock { $0 = folded }
        return folded
    }
}

/// A server's own file could not be read or written.
public struct ServerStoreError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
