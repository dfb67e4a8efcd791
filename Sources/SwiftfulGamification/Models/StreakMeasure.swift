/// What a tracking-only streak makes of a day's readings (rule 13): its **day value**.
///
/// `sum` adds them (pages, glasses of water: every event counts, one without an amount as
/// 1); the others read only events that carry an amount: `last` the day's last reading by
/// instant (weight, mood), `mean` their average, `min` and `max` the least and greatest.
public enum StreakMeasure: String, Sendable, Codable, CaseIterable {
    case sum, last, mean, min, max

    /// "the day's last reading", as a sentence says what a day value is.
    public var phrase: String {
        switch self {
        case .sum: return "the day's total"
        case .last: return "the day's last reading"
        case .mean: return "the day's mean"
        case .min: return "the day's least reading"
        case .max: return "the day's greatest reading"
        }
    }

    /// Whether a week's or a month's day values add up to something worth saying.
    public var adds: Bool { self == .sum }
}
