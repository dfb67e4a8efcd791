import Foundation

extension StreakManager {
    /// Async callbacks for the notices apps most often act on (see `notices()` for all).
    struct NoticeCallbacks {
        var onStreakBroken: (@MainActor (_ previousStreak: Int) async -> Void)?
        var onFreezeConsumed: (@MainActor (_ remaining: Int) async -> Void)?
        var onStreakAtRisk: (@MainActor (_ deadline: Date?) async -> Void)?
    }

    /// Every notice from now on, each once, as the streak changes: by a write here, a
    /// calculation (a day or leeway passing) or another process's write through the
    /// provider's stream. Each call is a subscriber of its own.
    public func notices() -> AsyncStream<StreakNotice> {
        noticeSubscribers.subscribe()
    }

    /// Runs these when the streak breaks (with the run it had), a freeze is consumed (with
    /// the freezes left) or the streak is at risk (with its deadline; once per due day).
    public func configureCallbacks(
        onStreakBroken: (@MainActor (_ previousStreak: Int) async -> Void)? = nil,
        onFreezeConsumed: (@MainActor (_ remaining: Int) async -> Void)? = nil,
        onStreakAtRisk: (@MainActor (_ deadline: Date?) async -> Void)? = nil
    ) {
        callbacks = NoticeCallbacks(onStreakBroken: onStreakBroken, onFreezeConsumed: onFreezeConsumed, onStreakAtRisk: onStreakAtRisk)
    }

    func announce(_ notices: [StreakNotice]) {
        for notice in notices {
            logger?.trackEvent(event: Event.notice(notice))
            noticeSubscribers.send(notice)
            noticeSink?(notice)
            let callbacks = callbacks
            switch notice {
            case .broken(let previous): if let callback = callbacks.onStreakBroken { Task { await callback(previous) } }
            case .freezeConsumed(let remaining): if let callback = callbacks.onFreezeConsumed { Task { await callback(remaining) } }
            case .atRisk(let deadline): if let callback = callbacks.onStreakAtRisk { Task { await callback(deadline) } }
            case .milestone, .newLongest: break
            }
        }
    }
}

extension StreakNotice {
    /// The analytics event's name: `StreakMan_Notice_Broken` and so on.
    var eventName: String {
        switch self {
        case .broken: "StreakMan_Notice_Broken"
        case .freezeConsumed: "StreakMan_Notice_FreezeConsumed"
        case .atRisk: "StreakMan_Notice_AtRisk"
        case .milestone: "StreakMan_Notice_Milestone"
        case .newLongest: "StreakMan_Notice_NewLongest"
        }
    }

    var eventParameters: [String: Any] {
        switch self {
        case .broken(let previous): ["previous_streak": previous]
        case .freezeConsumed(let remaining): ["freezes_remaining": remaining]
        case .atRisk(let deadline): deadline.map { ["deadline": $0.timeIntervalSince1970] } ?? [:]
        case .milestone(let count, let unit): ["milestone": count, "unit": unit.rawValue]
        case .newLongest(let count): ["longest_streak": count]
        }
    }
}
