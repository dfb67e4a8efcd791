import GamificationSupport

/// Where a streak stands now (STREAK_RULES.md, section 7).
public enum StreakStatus: Sendable, Hashable {
    /// No regular event was ever logged.
    case noEvents
    /// Today is kept.
    case active(daysSinceLastEvent: Int)
    /// Today is not kept yet; the streak survives if it is.
    case atRisk
    /// Broken: the streak is 0 although events exist.
    case broken(daysSinceLastEvent: Int)
    /// Yesterday can still be kept thanks to the leeway.
    case canExtendWithLeeway

    /// The streak is alive (kept, at risk or extendable).
    public var isActive: Bool {
        switch self {
        case .active, .atRisk, .canExtendWithLeeway: return true
        case .noEvents, .broken: return false
        }
    }

    /// Something must be logged to keep the streak.
    public var needsAction: Bool {
        switch self {
        case .atRisk, .canExtendWithLeeway: return true
        case .active, .noEvents, .broken: return false
        }
    }

    public var isBroken: Bool {
        if case .broken = self { return true }
        return false
    }

    public var daysSinceLastEvent: Int? {
        switch self {
        case .active(let days), .broken(let days): return days
        case .noEvents, .atRisk, .canExtendWithLeeway: return nil
        }
    }

    /// The snake_case name used in JSON: `no_events`, `active`, `at_risk`,
    /// `can_extend_with_leeway`, `broken`.
    public var name: String {
        switch self {
        case .noEvents: return "no_events"
        case .active: return "active"
        case .atRisk: return "at_risk"
        case .broken: return "broken"
        case .canExtendWithLeeway: return "can_extend_with_leeway"
        }
    }

    /// The status with this JSON name (days apply to `active` and `broken`).
    public init?(name: String, daysSinceLastEvent: Int?) {
        switch name {
        case "no_events": self = .noEvents
        case "active": self = .active(daysSinceLastEvent: daysSinceLastEvent ?? 0)
        case "at_risk": self = .atRisk
        case "broken": self = .broken(daysSinceLastEvent: daysSinceLastEvent ?? 0)
        case "can_extend_with_leeway": self = .canExtendWithLeeway
        default: return nil
        }
    }

    /// A short sentence for people.
    public var description: String {
        switch self {
        case .noEvents: return "No events logged yet"
        case .active: return "Active - kept today"
        case .atRisk: return "At risk - log today to keep the streak"
        case .broken(let days): return "Broken - \(counted(days, "day")) since the last kept day"
        case .canExtendWithLeeway: return "Grace period - yesterday can still be kept"
        }
    }
}
