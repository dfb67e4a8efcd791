import Foundation
import StreakServer
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationFileStore
import SwiftfulGamificationPostgres

/// What `streaks serve` and `streaks token` work on: the file store's directory with its
/// token file, or a database (`--database` or `$STREAKS_DATABASE`) whose every request runs
/// as the token's user (row-level security) with the tokens in a table beside the streaks.
struct ServedStore {
    let store: any StreakStore
    let tokens: any TokenBook
    /// The directory or the URL (without its password), for messages.
    let place: String

    /// - Parameter connections: how many database connections requests may hold at once.
    static func open(_ global: GlobalOptions, console: Console, command: String, liveClock: Bool = false, connections: Int = 2) throws -> ServedStore {
        let chosen = GlobalOptions.chosenStore(store: global.store, database: global.database, environment: console.environment)
        if let url = chosen, PostgresLocation.isURL(url) {
            let location = try PostgresLocation(url: url, environment: console.environment)
            let store = OpenStores.keep(PostgresStreakStore(database: location, connections: connections, actingAsEachUser: true))
            return ServedStore(store: store, tokens: PostgresTokenBook(store: store), place: location.redacted)
        }
        if let store = global.store, !FileManager.default.fileExists(atPath: store) { throw CLIError.noStore(store) }
        let root = StoreLocation.resolve(explicit: chosen, environment: console.environment)
        let (store, _) = try GlobalOptions.openStore(store: root, console: console, liveClock: liveClock)
        return ServedStore(store: store, tokens: FileTokenBook(storeRoot: root), place: root)
    }
}
