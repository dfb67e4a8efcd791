import Foundation
import SwiftfulGamification

/// Queued changes pushed as one write: a run of logs of one streak (up to `limit` events)
/// goes in one `addEvents`, so ten thousand events queued on a train are a few writes, not
/// ten thousand. Events are taken by id, so a group pushed again (or grouped differently
/// after a crash) adds each event once; its operation id names exactly its members.
struct PushGroup {
    let members: [QueuedChange]
    let change: QueuedChange

    static let limit = 1_000

    static func grouping(_ pending: [QueuedChange]) -> [PushGroup] {
        var groups: [[QueuedChange]] = []
        var events = 0
        for change in pending {
            if case .addEvents(let added, let creating, _) = change.change, let last = groups.last?.last,
               case .addEvents(_, let lastCreating, _) = last.change, last.userId == change.userId, last.streakKey == change.streakKey,
               creating == lastCreating, events + added.count <= limit {
                groups[groups.count - 1].append(change)
                events += added.count
            } else {
                groups.append([change])
                if case .addEvents(let added, _, _) = change.change { events = added.count } else { events = 0 }
            }
        }
        return groups.map(PushGroup.init)
    }

    init(_ members: [QueuedChange]) {
        self.members = members
        guard members.count > 1, let last = members.last else {
            change = members[0]
            return
        }
        let events = members.flatMap { member -> [StreakEvent] in
            if case .addEvents(let added, _, _) = member.change { return added }
            return []
        }
        var creating: StreakConfiguration?
        if case .addEvents(_, let configuration, _) = members[0].change { creating = configuration }
        // The latest time of the group: no event of it is in that time's future.
        change = QueuedChange(
            operation: "group-\(members[0].operation)-\(members.count)", userId: last.userId, streakKey: last.streakKey,
            now: members.map(\.now).max() ?? last.now, timezone: last.timezone, change: .addEvents(events, creating: creating)
        )
    }
}
