import Foundation

/// One progress key's local state: the items, the logged-in user and the writes waiting for
/// the remote. The rules both local persistences share.
struct ProgressShelf: Codable, Sendable {
    /// By sanitized id.
    var items: [String: ProgressItem] = [:]
    var userId: String?
    /// Oldest first, one per sanitized id.
    var pendingWrites: [ProgressItem] = []

    enum CodingKeys: String, CodingKey {
        case items
        case userId = "user_id"
        case pendingWrites = "pending_writes"
    }

    mutating func save(_ item: ProgressItem) {
        items[item.sanitizedId] = item
    }

    /// An empty id forgets the user.
    mutating func setUserId(_ id: String) {
        userId = id.isEmpty ? nil : id
    }

    /// Queues `item`; one already queued for its id stays unless `item` is higher.
    mutating func addPendingWrite(_ item: ProgressItem) {
        guard let index = pendingWrites.firstIndex(where: { $0.sanitizedId == item.sanitizedId }) else {
            pendingWrites.append(item)
            return
        }
        if item.value > pendingWrites[index].value { pendingWrites[index] = item }
    }

    var sortedItems: [ProgressItem] {
        items.values.sorted { $0.sanitizedId < $1.sanitizedId }
    }
}
