import Foundation
import SwiftfulGamification
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileStreakStore {
    /// Puts `source`'s streak `streakKey` (a store on the same file system, say a staging
    /// directory) in place of this store's, whole, in one rename under the user's lock, so a
    /// reader sees the old streak or the new one, never a mix; a source without that streak
    /// removes it here. What a replica does when the server says a streak changed.
    public func replaceStreak(userId: String, streakKey: String, from source: FileStreakStore) throws {
        let target = try folder(userId: userId, streakKey: streakKey)
        let staged = try source.folder(userId: userId, streakKey: streakKey)
        let userDirectory = try userDirectory(userId)
        try POSIXFile.makeDirectory(userDirectory + "/streaks")
        try StoreLock.exclusive(userDirectory) {
            let trash = userDirectory + "/replaced-\(UUID().uuidString)"
            if try POSIXFile.status(target.directory) != nil {
                guard rename(target.directory, trash) == 0 else {
                    throw FileStoreError.notWritable(path: target.directory, reason: POSIXFile.errorText())
                }
            }
            if try POSIXFile.status(staged.directory) != nil {
                guard rename(staged.directory, target.directory) == 0 else {
                    let reason = POSIXFile.errorText()
                    rename(trash, target.directory)
                    throw FileStoreError.notWritable(path: target.directory, reason: reason)
                }
            }
            try? FileManager.default.removeItem(atPath: trash)
        }
        feed.changed(userId: userId, streakKeys: [streakKey])
        feed.keysChanged(userId: userId)
    }
}
