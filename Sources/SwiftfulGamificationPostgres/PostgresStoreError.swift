import Foundation
import NIOCore
import NIOSSL
import PostgresNIO
import StreakStoreKit
import SwiftfulGamification

/// What goes wrong between the store and PostgreSQL, in one line naming the database (its
/// password left out).
public enum PostgresStoreError: Error, Equatable, Sendable {
    case badURL(String)
    case cannotConnect(String, reason: String)
    case badCredentials(String, role: String)
    case noSuchDatabase(String, database: String)
    case lostConnection(String, reason: String)
    /// Row-level security or a missing grant refused the statement.
    case notAllowed(String, reason: String)
    case server(String, reason: String)
    /// The database was migrated by a newer version of this program.
    case newerSchema(String, version: Int, known: Int)
    /// A stored row this version cannot read.
    case unreadable(String, what: String)
    /// The schema needs a migration that only the tables' owner may apply.
    case needsMigration(String, version: Int, role: String)
    /// The TLS settings of the URL cannot be met.
    case tls(String, reason: String)
}

extension PostgresStoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .badURL(let url):
            return "Not a database URL: \(url) (expected postgres://[user[:password]@][host][:port]/database, or ?host=/socket/dir; percent-encode '@', '/' and '?' in a password)."
        case .cannotConnect(let url, let reason):
            return "Cannot connect to \(url): \(reason)."
        case .badCredentials(let url, let role):
            return "PostgreSQL refused role '\(role)' at \(url): wrong password or no such role."
        case .noSuchDatabase(let url, let database):
            return "The database '\(database)' does not exist at \(url) (create it with `createdb \(database)`)."
        case .lostConnection(let url, let reason):
            return "Lost the connection to \(url) (\(reason)); the change may or may not have been saved: check before running the command again."
        case .notAllowed(let url, let reason):
            return "\(url) refused: \(reason)."
        case .server(let url, let reason):
            return "\(url): \(reason)."
        case .newerSchema(let url, let version, let known):
            return "\(url) holds schema version \(version); this streaks knows up to \(known): update streaks."
        case .unreadable(let url, let what):
            return "\(url): cannot read \(what)."
        case .needsMigration(let url, let version, let role):
            return "\(url) needs schema migration \(version), which only the tables' owner may apply (role '\(role)' is not): run any streaks command once as the owner."
        case .tls(let url, let reason):
            return "Cannot connect securely to \(url): \(reason)."
        }
    }
}

extension PostgresStoreError: StoreReachabilityError {
    /// The server did not answer or went away; a wrong password or a missing database is not that.
    public var isUnreachable: Bool {
        switch self {
        case .cannotConnect, .lostConnection: true
        default: false
        }
    }

    public var unreachableReason: String {
        switch self {
        case .cannotConnect(_, let reason), .lostConnection(_, let reason): reason
        default: errorDescription ?? "\(self)"
        }
    }
}

/// How a PostgreSQL error is told apart: worth a retry on a new connection, or final.
enum PostgresFailure {
    /// SQLSTATE of a server error, if it is one.
    static func sqlState(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState] ?? ((error as? PostgresTransactionError).flatMap { transactionCause($0) }).flatMap(sqlState)
    }

    static func transactionCause(_ error: PostgresTransactionError) -> (any Error)? {
        error.closureError ?? error.commitError ?? error.beginError
    }

    /// The connection broke (or the server is going down or starting up): reconnecting may help.
    static func isConnectionLoss(_ error: any Error) -> Bool {
        if let transaction = error as? PostgresTransactionError {
            // A failed closure whose rollback also failed: the connection is gone.
            if let cause = transactionCause(transaction), isConnectionLoss(cause) { return true }
            return transaction.rollbackError.map(isConnectionLoss) ?? false
        }
        if let state = sqlState(error) {
            return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
        }
        guard let error = error as? PSQLError else { return error is ChannelError || error is IOError }
        return [.serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown].contains(error.code)
    }

    /// One readable line for any error, naming `location`.
    static func describe(_ error: any Error, location: PostgresLocation, connecting: Bool) -> any Error {
        if error is PostgresStoreError || !(error is PSQLError || error is PostgresTransactionError || error is IOError || error is ChannelError) {
            return error
        }
        if let transaction = error as? PostgresTransactionError, let cause = transactionCause(transaction) {
            return describe(cause, location: location, connecting: connecting)
        }
        let url = location.redacted
        switch sqlState(error) {
        case "28P01", "28000": return PostgresStoreError.badCredentials(url, role: location.username)
        case "3D000": return PostgresStoreError.noSuchDatabase(url, database: location.database)
        case "42501":
            let message = serverMessage(error) ?? "permission denied"
            let reason = message.contains("row-level security")
                ? "role '\(location.username)' may only write its own streaks (user '\(location.username)'), by row-level security" : message
            return PostgresStoreError.notAllowed(url, reason: reason)
        case let state?:
            if isConnectionLoss(error) {
                let reason = serverMessage(error) ?? state
                return connecting ? PostgresStoreError.cannotConnect(url, reason: reason) : PostgresStoreError.lostConnection(url, reason: reason)
            }
            return PostgresStoreError.server(url, reason: serverMessage(error) ?? "SQLSTATE \(state)")
        case nil:
            if let reason = tlsReason(error, location: location) { return PostgresStoreError.tls(url, reason: reason) }
            let reason = networkReason(error, location: location)
            return connecting ? PostgresStoreError.cannotConnect(url, reason: reason) : PostgresStoreError.lostConnection(url, reason: reason)
        }
    }

    static func serverMessage(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.message]
    }

    /// Why a TLS connection was refused, in words, or nil when it was not about TLS.
    static func tlsReason(_ error: any Error, location: PostgresLocation) -> String? {
        var underlying: any Error = error
        if let error = error as? PSQLError {
            if error.code == .sslUnsupported {
                return "the server does not offer TLS, and sslmode=\(location.tlsMode.rawValue) insists on it"
            }
            if let inner = error.underlying { underlying = inner }
        }
        if let extra = underlying as? NIOSSLExtraError, extra == .failedToValidateHostname {
            return "the server's certificate does not name the host '\(location.host)' (sslmode=verify-full)"
        }
        let text = "\(underlying)"
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            let root = location.rootCertificate.map { $0 == "system" ? "any of the system's trusted roots" : "the root certificate \($0)" }
                ?? "a trusted root"
            return "the server's certificate is not signed by \(root) (sslmode=\(location.tlsMode.rawValue))"
        }
        guard underlying is NIOSSLError || underlying is BoringSSLError else { return nil }
        return "the TLS handshake failed (\(text.prefix(80)))"
    }

    /// "connection refused (is the server running?)" and the like, from NIO's errors.
    static func networkReason(_ error: any Error, location: PostgresLocation) -> String {
        var underlying: any Error = error
        if let error = error as? PSQLError, let inner = error.underlying { underlying = inner }
        let text = "\(underlying)"
        if text.contains("refused") || text.contains("ECONNREFUSED") || text.contains("No such file") || text.contains("ENOENT") {
            return "connection refused (is the server running, and is this its address?)"
        }
        if text.lowercased().contains("timed out") || text.contains("connectTimeout") {
            return "no answer within \(location.connectTimeout ?? 0) seconds (connect_timeout in the URL)"
        }
        if let error = error as? PSQLError {
            switch error.code {
            case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
            case .authMechanismRequiresPassword: return "the server asks for a password and the URL has none"
            case .unsupportedAuthMechanism: return "the server asks for an authentication method this client does not support"
            default: break
            }
        }
        return text.count > 160 ? String(text.prefix(160)) + "…" : text
    }
}
