import Foundation
import GamificationSupport
import SwiftfulGamification
import SwiftfulGamificationPostgres

/// Where the copy of a database's or a streak server's streaks lives on this machine: one
/// directory per server, database and user under `$XDG_STATE_HOME/streaks` (default
/// `~/.local/state/streaks`), named after the URL without its password. `STREAKS_REPLICA=off`
/// goes without one.
enum ReplicaPlace {
    static func isEnabled(_ environment: [String: String]) -> Bool {
        environment["STREAKS_REPLICA"].map { !["off", "0", "no", "false"].contains($0.lowercased()) } ?? true
    }

    static func root(_ environment: [String: String]) -> String {
        XDGDirectories(environment: environment).stateHome + "/streaks"
    }

    static func directory(for location: PostgresLocation, userId: String, environment: [String: String]) -> String {
        directory(named: "\(location.username)@\(location.host):\(location.port)/\(location.database)+\(userId)", environment: environment)
    }

    /// A streak server's copy: one per server, token (the token decides the user on the
    /// server; only a digest of it goes into the name) and user.
    static func directory(forServer server: URL, token: String, userId: String, environment: [String: String]) -> String {
        let address = "\(server.host ?? ""):\(server.port.map(String.init) ?? server.scheme ?? "")\(server.path)"
        return directory(named: "server@\(address)+\(userId)", digesting: "\(server.absoluteString) \(token)", environment: environment)
    }

    private static func directory(named identity: String, digesting secret: String = "", environment: [String: String]) -> String {
        let readable = String(identity.map { $0.isLetter || $0.isNumber || "._-+@".contains($0) ? $0 : "_" }.prefix(96))
        // A short stable digest, so two identities that read alike after `readable` stay apart.
        return root(environment) + "/" + readable + "-" + String(ContentHash.of(identity + secret), radix: 16)
    }
}
