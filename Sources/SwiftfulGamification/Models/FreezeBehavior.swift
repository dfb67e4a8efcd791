/// What happens to freezes when a day is missed.
public enum FreezeBehavior: String, Codable, Sendable, CaseIterable {
    /// Freezes and freeze events are ignored.
    case noFreezes
    /// A missed run of days is bridged automatically when enough freezes are eligible.
    case autoConsumeFreezes
    /// The user decides; the streak reports how many freezes would save it.
    case manuallyConsumeFreezes

    /// The short word people type and read: `auto`, `manual`, `off` (the CLI, JSON, forms).
    public var word: String {
        switch self {
        case .noFreezes: return "off"
        case .autoConsumeFreezes: return "auto"
        case .manuallyConsumeFreezes: return "manual"
        }
    }

    /// The behaviour a word names, or nil.
    public init?(word: String) {
        guard let match = Self.allCases.first(where: { $0.word == word }) else { return nil }
        self = match
    }

    /// Reads the case name (what it encodes as, as upstream does) or the word (`manual`, what
    /// `streaks export` writes).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let behavior = FreezeBehavior(rawValue: text) ?? FreezeBehavior(word: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a freeze behaviour (auto, manual or off)")
        }
        self = behavior
    }
}

/// The outcome of `StreakManager.useStreakFreezes()`.
public enum UseFreezesResult: Sendable, Equatable {
    case didUseFreezesAndSavedStreak
    case didNotUseFreezes
}

/// Whether using freezes by hand could save the streak now.
public enum ApplyManualStreakFreezeStatus: Sendable, Equatable {
    case canSaveStreakWithFreezes(count: Int)
    case cannotSaveStreakWithFreezes
}
