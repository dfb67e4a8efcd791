import Foundation
import StreakStoreKit
import SwiftfulGamification

/// The file store's methods are synchronous: they wait on a file lock and `fsync`. Async code
/// gets them as a `StreakStore` only through `onOwnThreads`, which runs each call on threads
/// of the store's own, so no caller can block the few threads every task shares.
extension FileStreakStore {
    public var location: String { rootPath }
}

/// The file store as `StreakServices` (the name it had before any store could serve).
public typealias FileStreakServices = StreakStoreServices

extension StreakStoreServices {
    /// A `StreakManager` on the file store, with every store call on the store's own threads
    /// (`onOwnThreads`): its calls block on a file lock and `fsync`, and the manager's tasks
    /// share a few threads with everything else.
    @MainActor
    public init(
        store: FileStreakStore,
        userId: String,
        now: @escaping @Sendable () -> Date = Date.init,
        timezone: @escaping @Sendable () -> TimeZone = { TimeZone.current }
    ) {
        self.init(store: store.onOwnThreads, userId: userId, now: now, timezone: timezone)
    }
}
