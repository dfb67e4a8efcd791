import Foundation
import SwiftfulGamification

/// Whether two lists of experience events or progress items say the same, to the
/// microsecond stores keep (a server's copy read back may differ below it).
enum LedgerContents {
    static func same(_ a: [ExperiencePointsEvent], _ b: [ExperiencePointsEvent]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.id == y.id && x.points == y.points && x.timezone == y.timezone && x.metadata == y.metadata
                && x.dateCreated.microsecondsSince1970 == y.dateCreated.microsecondsSince1970
        }
    }

    static func same(_ a: [ProgressItem], _ b: [ProgressItem]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.id == y.id && x.progressKey == y.progressKey && x.value == y.value && x.metadata == y.metadata
                && x.dateCreated.microsecondsSince1970 == y.dateCreated.microsecondsSince1970
                && x.dateModified.microsecondsSince1970 == y.dateModified.microsecondsSince1970
        }
    }
}
