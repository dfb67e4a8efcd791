import Foundation
import SwiftfulGamification

extension CommandContext {
    /// Hands `change` of the streak `key` to the store (the vocabulary every write shares,
    /// `StreakStore.apply`) as of this command's time, and keeps its result for the points:
    /// a change of one streak's days, settings or notes settles that streak alone.
    @discardableResult
    func apply(_ change: StreakChange, to key: String) async throws -> StreakEvaluation? {
        let evaluation = try await store.apply(change, to: StreakRef(userId: userId, key: key), at: now, timezone: zone).evaluation
        if let evaluation, change.settlesItsStreakAlone { console.saved.wrote(evaluation) }
        return evaluation
    }
}

extension StreakChange {
    /// Whether what the change earns or takes back is its own streak's alone, as the write
    /// left it. A move between keys, the trash, an archive and an import leave the settling
    /// to every streak, as a command that does not say what it wrote does.
    var settlesItsStreakAlone: Bool {
        switch self {
        case .create, .addEvents, .removeEvent, .configure, .schedule, .settings, .reset, .addFreezes, .useFreeze, .useFreezesManually,
             .removeFreeze, .addSkips, .removeSkips, .setNote, .removeNote:
            true
        case .archive, .rename, .delete, .restore, .importBatch, .addExperience, .clearExperience, .saveProgress, .deleteProgress, .pointsSettings:
            false
        }
    }
}
