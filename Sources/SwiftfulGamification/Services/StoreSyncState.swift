import Foundation

/// Whether a store's changes made on this machine have reached the server yet.
public struct StoreSyncState: Sendable, Equatable {
    /// Changes saved on this machine that the server has not taken yet.
    public var pendingChanges: Int
    public var isSyncInProgress: Bool
    /// When the store last heard from the server in full (nil: never, or a store without one).
    public var lastSynced: Date?
    /// The last sync could not reach the server.
    public var isOffline: Bool

    public init(pendingChanges: Int = 0, isSyncInProgress: Bool = false, lastSynced: Date? = nil, isOffline: Bool = false) {
        self.pendingChanges = pendingChanges
        self.isSyncInProgress = isSyncInProgress
        self.lastSynced = lastSynced
        self.isOffline = isOffline
    }

    /// A store that writes straight to where the streaks live: nothing ever waits.
    public static let direct = StoreSyncState()
}
