import Foundation

/// Receives the manager's analytics and diagnostics (for example a SwiftfulLogging adapter).
@MainActor
public protocol GamificationLogger {
    func trackEvent(event: any GamificationLogEvent)
    func addUserProperties(dict: [String: Any], isHighPriority: Bool)
}

/// One event the manager reports.
public protocol GamificationLogEvent {
    var eventName: String { get }
    var parameters: [String: Any]? { get }
    var type: GamificationLogType { get }
}

/// How important a log event is.
public enum GamificationLogType: Int, CaseIterable, Sendable {
    case info = 0
    case analytic = 1
    case warning = 2
    case severe = 3
}
