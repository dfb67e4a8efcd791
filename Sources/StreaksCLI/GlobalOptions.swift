import ArgumentParser
import Foundation
import StreakStoreKit
import Synchronization
import SwiftfulGamification
import SwiftfulGamificationFileStore
import SwiftfulGamificationHTTP
import SwiftfulGamificationPostgres
import SwiftfulGamificationReplica

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The store directory.", discussion: "Default: $STREAKS_HOME, else $XDG_DATA_HOME/streaks, else ~/.local/share/streaks."))
    var store: String?

    @Option(help: ArgumentHelp(
        "Keep streaks in PostgreSQL instead: postgres://user[:password]@host[:port]/database (or ?host=/socket/dir).",
        discussion: "Default: $STREAKS_DATABASE when set (and no --store is given).", valueName: "url"
    ))
    var database: String?

    @Option(help: ArgumentHelp(
        "Use a streak server ('streaks serve') instead: its API's URL, such as https://streaks.example.com/v1.",
        discussion: "Default: $STREAKS_SERVER. The token comes from --token-file or $STREAKS_TOKEN, and decides the user.", valueName: "url"
    ))
    var server: String?

    @Option(help: ArgumentHelp("A file holding the server's token, readable by you alone (chmod 600).", valueName: "path"))
    var tokenFile: String?

    @Option(help: "The user whose streaks to use (default: your login name, or the database role).")
    var user: String?

    @Option(help: ArgumentHelp("Pin the clock, e.g. 2024-01-05T09:30:00Z (for scripts and tests).", valueName: "iso8601"))
    var now: String?

    @Option(help: ArgumentHelp("The current time zone, an IANA name such as Europe/Paris (default: the system's).", valueName: "id"))
    var timezone: String?

    /// These options as words for another command on the same store, user and clock.
    var words: [String] {
        let given = [("--store", store), ("--database", database), ("--server", server), ("--token-file", tokenFile), ("--user", user), ("--now", now), ("--timezone", timezone)]
        return given.compactMap { flag, value in value.map { "\(flag)=\($0)" } }
    }

    /// - Parameter creatingStore: the command makes the store when `--store` names a
    ///   directory that does not exist (`create`); any other command refuses it, so a typo
    ///   in a script's `--store` does not start a store of its own.
    func context(creatingStore: Bool = false) async throws -> CommandContext {
        let console = Console.current
        if let store, !PostgresLocation.isURL(store), !creatingStore, !FileManager.default.fileExists(atPath: store) {
            throw CLIError.noStore(store)
        }
        let zone = try timezone.map { try StreakValidation.timeZone(named: $0) } ?? TimeZone.current
        let now = try self.now.map { try DateArgument.parse($0, option: "--now", zone: zone) } ?? console.clock()
        if store != nil, database != nil { throw CLIError.usage("give --store or --database, not both", command: "streaks") }
        if let server = try ServerAccess.chosen(server: server, store: store, database: database, environment: console.environment) {
            let token = try ServerAccess.token(file: tokenFile, environment: console.environment)
            let opened = OpenStores.keep(HTTPStreakStore(server: server, token: token))
            let userId = Self.userId(explicit: user, environment: console.environment)
            let store = try await Self.replicated(opened, server: server, token: token, userId: userId, now: self.now == nil ? nil : now, console: console)
            return CommandContext(store: store, userId: userId, now: now, zone: zone, console: console)
        }
        if let database, !PostgresLocation.isURL(database) { throw PostgresStoreError.badURL(PostgresLocation.redacted(database)) }
        let (opened, role) = try Self.openStore(
            store: Self.chosenStore(store: store, database: database, environment: console.environment), console: console, liveClock: self.now == nil
        )
        let userId = Self.userId(explicit: user, role: role, environment: console.environment)
        let store = try Self.replicated(opened, userId: userId, now: self.now == nil ? nil : now, console: console)
        return CommandContext(store: store, userId: userId, now: now, zone: zone, console: console)
    }

    /// A database with its copy on this machine (`ReplicaPlace`), the file store as it is.
    static func replicated(_ store: any StreakStore, userId: String, now pinned: Date?, console: Console) throws -> any StreakStore {
        guard let database = store as? PostgresStreakStore, ReplicaPlace.isEnabled(console.environment) else { return store }
        try StreakValidation.validateUserId(userId)
        let directory = ReplicaPlace.directory(for: database.database, userId: userId, environment: console.environment)
        let clock = console.clock
        return OpenStores.keep(try ReplicatedStreakStore(
            remote: database, directory: directory, userId: userId, clock: { pinned ?? clock() }, warn: { console.warn($0) }
        ))
    }

    /// A streak server with its copy on this machine, when the server keeps revisions (one on
    /// PostgreSQL; a file store's answers 404) and copies are not turned off. A copy made
    /// before is used at once, the server out of reach or not; without one the server is asked
    /// once whether it keeps revisions (out of reach: no copy yet, the server as it is).
    static func replicated(
        _ server: HTTPStreakStore, server url: URL, token: String, userId: String, now pinned: Date?, console: Console
    ) async throws -> any StreakStore {
        guard ReplicaPlace.isEnabled(console.environment) else { return server }
        try StreakValidation.validateUserId(userId)
        let directory = ReplicaPlace.directory(forServer: url, token: token, userId: userId, environment: console.environment)
        if !FileManager.default.fileExists(atPath: directory) {
            guard (try? await server.revisions(userId: userId)) != nil else { return server }
        }
        let clock = console.clock
        return OpenStores.keep(try ReplicatedStreakStore(
            remote: server, directory: directory, userId: userId, clock: { pinned ?? clock() }, warn: { console.warn($0) }
        ))
    }

    /// `--database`, else `--store`, else $STREAKS_DATABASE (nil: the default directory).
    static func chosenStore(store: String?, database: String?, environment: [String: String]) -> String? {
        database ?? store ?? environment["STREAKS_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A directory or a database URL as a store (the default directory for nil), and the
    /// database role when it is a database.
    /// - Parameter liveClock: commands run on the real clock (no `--now`): the file store reads
    ///   it again under its lock.
    static func openStore(store: String?, console: Console, quiet: Bool = false, liveClock: Bool = false) throws -> (any StreakStore, role: String?) {
        let environment = console.environment
        if let url = store, PostgresLocation.isURL(url) {
            let location = try PostgresLocation(url: url, environment: environment)
            return (OpenStores.keep(PostgresStreakStore(database: location)), location.username)
        }
        let root = StoreLocation.resolve(explicit: store, environment: environment)
        let files = FileStreakStore(rootPath: root, liveClock: liveClock ? console.clock : nil, warn: { if !quiet { console.warn($0) } })
        return (files.onOwnThreads, nil)
    }

    /// `--user`, else `$STREAKS_USER`, else the database role, else the login name.
    static func userId(explicit: String?, role: String? = nil, environment: [String: String]) -> String {
        explicit ?? environment["STREAKS_USER"] ?? role ?? environment["USER"] ?? environment["LOGNAME"] ?? NSUserName()
    }
}

/// What a command runs against: the store, the user, the pinned or real clock and zone.
struct CommandContext: Sendable {
    let store: any StreakStore
    let userId: String
    let now: Date
    let zone: TimeZone
    let console: Console

    /// The first day of a week for points (the locale's: Sunday or Monday, mostly).
    var weekStart: Weekday { Weekday(calendarWeekday: Calendar.current.firstWeekday) }

    static let defaultKey = "daily"

    /// `key`, or every streak of the user; says how to start when there is none (nil then).
    func keysOrAll(_ key: String?, json: Bool) async throws -> [String]? {
        let keys = if let key { [key] } else { try await store.streakKeys(userId: userId) }
        guard keys.isEmpty else { return keys }
        console.print(json ? "[]" : "No streaks yet: `streaks log` starts 'daily', `streaks create KEY` another.")
        return nil
    }

    /// `read` of every streak a listing names. A streak another process renames or removes
    /// between the listing and its reading is no reason to fail: the listing is taken again
    /// (a few times at most; then the error stands).
    func readListed<T>(_ listing: () async throws -> [String], _ read: (String) async throws -> T) async throws -> [T] {
        for attempt in 1... {
            let keys = try await listing()
            do {
                return try await keys.asyncMap(read)
            } catch StreakStoreError.unknownStreak(let key, _) where attempt < 5 && keys.contains(key) {
                continue
            }
        }
        return []
    }

    /// `key`, else the only streak, else `daily` when the user has none.
    func streakKey(_ key: String?) async throws -> String {
        if let key {
            try StreakValidation.validateStreakKey(key)
            return key
        }
        let keys = try await store.streakKeys(userId: userId)
        switch keys.count {
        case 0:
            return Self.defaultKey
        case 1:
            return keys[0]
        default:
            throw StreakStoreError.ambiguousStreak(known: keys)
        }
    }
}

/// Stores a command opened, closed (their connections let go of) when it ends.
enum OpenStores {
    private static let open = Mutex<[any StreakStore]>([])

    static func keep<Store: StreakStore>(_ store: Store) -> Store {
        open.withLock { $0.append(store) }
        return store
    }

    /// What the command's replicas have to say: refusals met while pushing, and changes
    /// saved on this machine only.
    /// A command that failed says why in one line: the offline note is left out then.
    static func replicaNotes(commandFailed: Bool) -> [String] {
        open.withLock { $0 }.compactMap { $0 as? ReplicatedStreakStore }.flatMap { replica in
            var notes = replica.takeProblems()
            let state = replica.syncState
            let waiting = state.pendingChanges == 1 ? "1 change waits" : "\(state.pendingChanges) changes wait"
            if replica.queuedHere > 0 {
                notes.append("saved on this machine; \(waiting) for \(replica.location) (\(replica.offlineReason ?? "not reachable"))")
            } else if let reason = replica.offlineReason, !commandFailed {
                let asOf = state.lastSynced.map { "as of \(ReplicatedStreakStore.timeText($0, TimeZone.current))" } ?? "never synced"
                let pending = state.pendingChanges > 0 ? "; \(waiting) for it" : ""
                notes.append("offline: showing this machine's copy, \(asOf)\(pending) (\(reason))")
            }
            return notes
        }
    }

    /// Closes every store, waiting `limit` at most: a server that is gone can hold a
    /// connection's goodbye for ever, and a command (or a dashboard quitting) must end anyway.
    static func closeAll(within limit: Duration = .milliseconds(500)) async {
        let stores = open.withLock { stores in defer { stores = [] }; return stores }
        guard !stores.isEmpty else { return }
        let resumed = Mutex(false)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeOnce = { @Sendable in
                if resumed.withLock({ done in defer { done = true }; return !done }) { continuation.resume() }
            }
            Task {
                for store in stores { await store.close() }
                resumeOnce()
            }
            Task {
                try? await Task.sleep(for: limit)
                resumeOnce()
            }
        }
    }
}
