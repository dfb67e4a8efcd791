import Foundation
@testable import SwiftfulGamification

@MainActor
final class RecordingLogger: GamificationLogger {
    private(set) var events: [(name: String, type: GamificationLogType, parameters: [String: Any]?)] = []
    private(set) var userProperties: [[String: Any]] = []

    var names: [String] { events.map(\.name) }

    func trackEvent(event: any GamificationLogEvent) {
        events.append((event.eventName, event.type, event.parameters))
    }

    func addUserProperties(dict: [String: Any], isHighPriority: Bool) {
        userProperties.append(dict)
    }
}

/// Lets other main-actor work run until `condition` holds (bounded; no sleeping on time).
@MainActor
func settle(until condition: () -> Bool) async {
    for _ in 0..<10_000 where !condition() {
        await Task.yield()
    }
}
