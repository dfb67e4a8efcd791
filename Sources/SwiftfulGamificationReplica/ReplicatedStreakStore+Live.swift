import Foundation
import StreakStoreKit
import SwiftfulGamification

extension ReplicatedStreakStore {
    /// While anyone watches: syncs when the server's link comes (back) up and whenever the
    /// server says a streak of the user changed, so the replica, and what watches it,
    /// follows other machines without a key pressed.
    func startLive(now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) {
        let starting = state.withLock { state in
            guard state.live.isEmpty else { return false }
            state.live = [Task {}]
            return true
        }
        guard starting else { return }
        let remote = remote
        let userId = userId
        let sync: @Sendable () -> Void = { [weak self] in self?.requestSync(now: now, timezone: timezone) }
        let link = Task { [weak self] in
            for await link in remote.watchLink() {
                guard let self else { return }
                switch link {
                case .live: sync()
                case .lost(let reason): self.setOffline(reason)
                }
            }
        }
        let changes = Task { [weak self] in
            // Any change of the list or of a streak on the server: sync.
            for await _ in remote.watchStreaks(userId: userId, now: now, timezone: timezone) {
                guard self != nil, !Task.isCancelled else { break }
                sync()
            }
        }
        let points = Task { [weak self] in
            // Experience points, progress or points settings changed on the server: sync.
            guard let remote = remote as? any RevisionedPointsStore else { return }
            for await _ in remote.watchAllPoints(userId: userId) {
                guard self != nil, !Task.isCancelled else { break }
                sync()
            }
        }
        state.withLock { $0.live = [link, changes, points] }
        sync()
    }

    /// Syncs soon: requests that arrive while one runs make one more, not one each.
    func requestSync(now: @escaping @Sendable () -> Date, timezone: @escaping @Sendable () -> TimeZone) {
        state.withLock { state in
            state.syncRequested = true
            guard state.syncWorker == nil else { return }
            state.syncWorker = Task { [weak self] in
                while let self, !Task.isCancelled {
                    let go = self.state.withLock { state in
                        if !state.syncRequested { state.syncWorker = nil }
                        defer { state.syncRequested = false }
                        return state.syncRequested
                    }
                    guard go else { return }
                    _ = try? await self.sync(now: now(), timezone: timezone())
                }
            }
        }
    }
}
