import StreakPresentation

/// The characters the dashboard draws with: Unicode where the terminal's locale is UTF-8,
/// ASCII otherwise (or with `--ascii`). Each day state has a glyph of its own, so the
/// calendar reads the same without colour (see `HeatShades`).
public struct Glyphs: Sendable, Equatable {
    public let block: Character
    public let kept: Character
    public let partial: Character
    public let missed: Character
    public let open: Character
    /// The day by which a rolling window still needs a kept day (rule 12).
    public let needed: Character
    public let frozen: Character
    /// A day the schedule does not ask for (rule 8), not kept.
    public let rest: Character
    /// A skipped day (rule 9: a holiday), not kept.
    public let skipped: Character
    /// Marks beside a weekly streak's week: kept, bridged (a missed week uses `broken`).
    public let weekKept: Character
    public let weekBridged: Character
    /// Beside a day that has a note.
    public let note: Character
    /// A day over its limit (rule 10).
    public let over: Character
    public let barFull: Character
    public let barEmpty: Character
    public let separator: Character
    public let selection: Character
    public let dot: String
    public let arrow: String
    /// Status marks for the streak list: kept today, at risk, grace period, broken, no events.
    public let keptToday: Character
    public let atRisk: Character
    public let grace: Character
    public let broken: Character
    public let none: Character

    public static let unicode = Glyphs(
        block: "█", kept: "■", partial: "□", missed: "·", open: "○", needed: "◎", frozen: "❄", rest: "–", skipped: "◇", weekKept: "✓", weekBridged: "≈", note: "✎", over: "✕", barFull: "█", barEmpty: "░",
        separator: "─", selection: "▶", dot: " · ", arrow: "→", keptToday: "✓", atRisk: "!", grace: "~", broken: "✗", none: "·"
    )
    public static let ascii = Glyphs(
        block: "#", kept: "#", partial: "+", missed: ".", open: "o", needed: "!", frozen: "*", rest: "-", skipped: "~", weekKept: "v", weekBridged: "=", note: "\"", over: "X", barFull: "#", barEmpty: "-",
        separator: "-", selection: ">", dot: " | ", arrow: "->", keptToday: "v", atRisk: "!", grace: "~", broken: "x", none: "-"
    )
}

extension Glyphs {
    /// The glyph for a list row's status mark.
    func glyph(for mark: StatusMark) -> Character {
        switch mark {
        case .none: return none
        case .kept: return keptToday
        case .atRisk: return atRisk
        case .grace: return grace
        case .rest: return rest
        case .skipped: return skipped
        case .broken: return broken
        }
    }
}
