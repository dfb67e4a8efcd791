/// The characters the dashboard draws with: Unicode where the terminal's locale is UTF-8,
/// ASCII otherwise (or with `--ascii`).
public struct Glyphs: Sendable, Equatable {
    public let block: Character
    public let day: Character
    public let frozen: Character
    public let gap: Character
    public let barFull: Character
    public let barEmpty: Character
    public let freeze: Character
    public let separator: Character
    public let dot: String

    public static let unicode = Glyphs(
        block: "█", day: "■", frozen: "❄", gap: "·", barFull: "█", barEmpty: "░", freeze: "❄",
        separator: "─", dot: " · "
    )
    public static let ascii = Glyphs(
        block: "#", day: "#", frozen: "*", gap: ".", barFull: "#", barEmpty: "-", freeze: "*",
        separator: "-", dot: " | "
    )
}
