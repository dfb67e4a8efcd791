import Foundation
import GamificationSupport
import StreakStoreKit
import SwiftfulGamification

/// What a write that changes the list of streaks says it did, the same on the dashboard's
/// footer and the command line.
public enum OutcomeWords {
    public static func archived(_ key: String) -> String {
        "Archived '\(key)': `streaks unarchive \(key)` brings it back."
    }

    public static func deleted(_ trashed: TrashedStreak, zone: TimeZone) -> String {
        let key = trashed.streakKey
        return "Deleted '\(key)' (\(counted(trashed.eventCount, "event"))): in the trash until \(LocalTimeText.day(trashed.dateExpires, zone)); "
            + "`streaks trash restore \(key)` brings it back. The key '\(key)' is free now."
    }
}
