/// How a phrase should look, whatever shows it: the dashboard gives each tone a colour, the
/// command line prints the words alone.
public enum Tone: Sendable, Equatable {
    case text, muted, success, warning, danger, frozen
}

/// The mark beside a streak's short status in a list: which glyph a screen draws.
public enum StatusMark: Sendable, Equatable {
    case none, kept, atRisk, grace, rest, skipped, broken
}
