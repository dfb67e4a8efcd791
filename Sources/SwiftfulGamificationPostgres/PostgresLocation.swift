import Foundation
import GamificationSupport
import SwiftfulGamification
import NIOSSL
import NIOPosix
import PostgresNIO

/// A database URL, `postgres://[user[:password]@][host][:port][/database][?host=/socket/dir]`,
/// resolved as libpq does: a host that is a path (or `?host=/dir`) is a Unix-socket
/// directory; no user means `$PGUSER`, else the login name; no database means the user's;
/// `sslmode` (default prefer) and `sslrootcert` (default ~/.postgresql/root.crt for the
/// verifying modes) say how TCP connections use TLS; `connect_timeout` (seconds, default 3,
/// at least 2 as libpq has it, 0 for no limit) how long a connection may take.
public struct PostgresLocation: Sendable, Equatable {
    public let username: String
    let password: String?
    /// A Unix-socket directory (starting with `/`) or a host name.
    public let host: String
    public let port: Int
    public let database: String
    /// How TLS is used over TCP, as libpq's `sslmode` (a Unix socket never uses it).
    public let tlsMode: TLSMode
    /// The root certificate the server's must chain to (`sslrootcert`), for verify-ca and
    /// verify-full, and for require when given.
    public let rootCertificate: String?
    /// Seconds a connection may take before the server counts as unreachable (nil: no limit).
    public let connectTimeout: Int?

    static let defaultConnectTimeout = 3

    /// libpq's `sslmode` values.
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// Whether `text` is meant as a database URL rather than a directory.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    public init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        // A second '@' before the query is a password that was not percent-encoded: refused,
        // rather than read as a host and database made of the password's pieces.
        let beforeQuery = text.prefix { $0 != "?" }
        guard Self.isURL(text), beforeQuery.filter({ $0 == "@" }).count <= 1, let components = URLComponents(string: text) else {
            throw PostgresStoreError.badURL(Self.redacted(text))
        }
        let query = components.queryItems ?? []
        func item(_ name: String) -> String? { query.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 } }
        let login = environment["USER"] ?? environment["LOGNAME"] ?? NSUserName()
        username = components.user.flatMap { $0.isEmpty ? nil : $0 } ?? item("user") ?? environment["PGUSER"] ?? login
        password = components.password ?? item("password") ?? environment["PGPASSWORD"]
        host = item("host") ?? components.host.flatMap { $0.isEmpty ? nil : $0 } ?? environment["PGHOST"] ?? "/var/run/postgresql"
        port = components.port ?? item("port").flatMap(Int.init) ?? environment["PGPORT"].flatMap(Int.init) ?? 5432
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? (item("dbname") ?? environment["PGDATABASE"] ?? username) : path
        guard (1...65_535).contains(port) else { throw PostgresStoreError.badURL(Self.redacted(text)) }
        let mode = item("sslmode") ?? environment["PGSSLMODE"] ?? TLSMode.prefer.rawValue
        guard let tlsMode = TLSMode(rawValue: mode) else {
            throw PostgresStoreError.badURL(Self.redacted(text) + " (sslmode '\(mode.prefix(20))' is not one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self.tlsMode = tlsMode
        let timeout = item("connect_timeout") ?? environment["PGCONNECT_TIMEOUT"] ?? String(Self.defaultConnectTimeout)
        guard let seconds = Int(timeout.trimmingCharacters(in: .whitespaces)), seconds < 1_000_000 else {
            throw PostgresStoreError.badURL(Self.redacted(text) + " (connect_timeout '\(timeout.prefix(20))' is not a whole number of seconds)")
        }
        connectTimeout = seconds <= 0 ? nil : max(2, seconds)
        let home = XDGDirectories(environment: environment).home
        rootCertificate = item("sslrootcert") ?? environment["PGSSLROOTCERT"]
            ?? (tlsMode == .verifyCA || tlsMode == .verifyFull ? home + "/.postgresql/root.crt" : nil)
    }

    /// The URL without its password, fit for messages and output.
    public var redacted: String {
        let credentials = username + (password == nil ? "" : ":***")
        if host.hasPrefix("/") {
            return "postgres://\(credentials)@/\(database)?host=\(host)" + (port == 5432 ? "" : "&port=\(port)")
        }
        return "postgres://\(credentials)@\(host)" + (port == 5432 ? "" : ":\(port)") + "/\(database)"
    }

    /// `text` as it may be shown: every password a URL can carry replaced by `***` (after
    /// `user:` in the authority, and the value of any `password` parameter), and cut to
    /// `maximumShown` characters, so a mistyped URL is echoed without its secret and a
    /// huge argument is not echoed whole.
    public static func redacted(_ text: String) -> String {
        var shown = text
        // The authority's `user:password@`: everything from the first ':' after the scheme to
        // the last '@' (a password may itself hold '@', '/' or '?').
        if let scheme = shown.range(of: "://"), let at = shown[scheme.upperBound...].lastIndex(of: "@"),
           let colon = shown[scheme.upperBound..<at].firstIndex(of: ":") {
            shown.replaceSubrange(shown.index(after: colon)..<at, with: "***")
        }
        shown = shown.replacing(passwordParameter) { match in match.output.1 + "***" }
        guard shown.count > maximumShown else { return shown }
        return String(shown.prefix(maximumShown)) + "… (\(shown.count) characters)"
    }

    /// `password=` or `sslpassword=` as a query parameter, any case, up to the next `&`.
    nonisolated(unsafe) private static let passwordParameter = #/([?&](?i:ssl)?(?i:password)=)[^&]*/#

    static let maximumShown = 160

    /// How to connect: a Unix socket as it is; TCP with TLS as `tlsMode` says.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        var configuration = host.hasPrefix("/")
            ? PostgresConnection.Configuration(
                unixSocketPath: host + "/.s.PGSQL.\(port)", username: username, password: password, database: database
            )
            : PostgresConnection.Configuration(
                host: host, port: port, username: username, password: password, database: database, tls: try tls()
            )
        configuration.options.connectTimeout = .seconds(Int64(connectTimeout ?? 86_400 * 365))
        return configuration
    }

    /// postgres-nio's TLS setting for `tlsMode`: prefer and allow try TLS and go on without
    /// it when the server has none; require insists (and checks the chain when a root
    /// certificate is given, as libpq does); verify-ca checks the chain; verify-full also
    /// that the certificate names the host.
    func tls() throws -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch tlsMode {
        case .disable: return .disable
        case .allow, .prefer: configuration.certificateVerification = .none
        case .require: configuration.certificateVerification = rootCertificate == nil ? .none : .noHostnameVerification
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        if let rootCertificate, configuration.certificateVerification != .none {
            if rootCertificate == "system" {
                configuration.trustRoots = .default
            } else {
                guard FileManager.default.isReadableFile(atPath: rootCertificate) else {
                    throw PostgresStoreError.tls(redacted, reason: "sslmode=\(tlsMode.rawValue) needs the root certificate \(rootCertificate), which cannot be read (give sslrootcert=FILE in the URL)")
                }
                do {
                    configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(rootCertificate))
                } catch {
                    throw PostgresStoreError.tls(redacted, reason: "the root certificate \(rootCertificate) is not a PEM certificate")
                }
            }
        }
        let context = try NIOSSLContext(configuration: configuration)
        return tlsMode == .allow || tlsMode == .prefer ? .prefer(context) : .require(context)
    }
}

extension PostgresLocation {
    /// A connection of its own, outside any store (the benchmarks' floor under a write).
    package func connect() async throws -> PostgresConnection {
        try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: try connectionConfiguration(), id: 1, logger: PostgresSession.logger
        )
    }
}
