import Foundation

/// One logged activity (or one day bridged by a freeze) of one streak.
public struct StreakEvent: Identifiable, Sendable, Hashable {
    /// Unique id; providers treat a second event with the same id as the same event.
    public let id: String
    /// The instant it happened (UTC).
    public let dateCreated: Date
    /// The IANA zone it was logged in; its calendar day is taken in this zone, forever.
    public let timezone: String
    /// True for a freeze event, which bridges its own day instead of counting as activity.
    public let isFreeze: Bool
    /// The freeze that a freeze event consumed.
    public let freezeId: String?
    /// Developer-defined data, for example `["action": "workout", "minutes": 30]`.
    public let metadata: [String: GamificationDictionaryValue]
    /// How much this event adds (rule 10: "5.2" km, "20" pages), rounded to 0.001; nil
    /// counts as 1, as every event did before amounts.
    public let amount: Double?

    public init(
        id: String = UUID().uuidString,
        dateCreated: Date = Date(),
        timezone: String = TimeZone.current.identifier,
        isFreeze: Bool = false,
        freezeId: String? = nil,
        metadata: [String: GamificationDictionaryValue] = [:],
        amount: Double? = nil
    ) {
        self.id = id
        self.dateCreated = dateCreated
        self.timezone = timezone
        self.isFreeze = isFreeze
        self.freezeId = freezeId
        self.metadata = metadata
        self.amount = amount.map(StreakAmount.rounded)
    }

    /// The amount in thousandths (1000 for an event without one).
    package var amountThousandths: Int64 {
        guard let amount, StreakAmount.isValid(amount) else { return 1_000 }
        return StreakAmount.thousandths(amount)
    }

    /// The amount this event adds: its own, or 1.
    public var countedAmount: Double { amount ?? 1 }

    /// Checks the id (and freeze id), zone and metadata keys, that it is not after `now`, and (when given)
    /// not before `oldestAllowed`.
    /// - Throws: `StreakRuleError` naming the first problem found.
    public func validate(now: Date, oldestAllowed: Date? = nil) throws {
        var zonesChecked = Set<String>()
        try validate(now: now, oldestAllowed: oldestAllowed, zonesChecked: &zonesChecked)
    }

    /// `validate`, resolving each zone name once across many events.
    package func validate(now: Date, oldestAllowed: Date? = nil, zonesChecked: inout Set<String>) throws {
        try StreakValidation.validateIdentifier(id, of: "event")
        if let freezeId, StreakValidation.hasControlCharacter(freezeId) { throw StreakRuleError.controlCharacter("freeze id") }
        try StreakValidation.validateDate(dateCreated, "event date")
        if let amount, !StreakAmount.isValid(amount) { throw StreakRuleError.invalidAmount(amount) }
        if !zonesChecked.contains(timezone) {
            try StreakValidation.timeZone(named: timezone)
            zonesChecked.insert(timezone)
        }
        for key in metadata.keys.sorted() {
            try StreakValidation.validateMetadataKey(key)
        }
        guard dateCreated <= now else { throw StreakRuleError.eventInFuture(eventDate: dateCreated, now: now) }
        if let oldestAllowed, dateCreated < oldestAllowed {
            throw StreakRuleError.eventTooOld(eventDate: dateCreated, oldestAllowed: oldestAllowed)
        }
    }

    /// Upstream's meaning, against the real clock: the id, zone and metadata keys are well
    /// formed and the timestamp is neither in the future nor more than a year old.
    public var isValid: Bool { isValid(now: Date()) }

    /// `isValid` at `now`: what `validate(now:oldestAllowed:)` accepts with the oldest
    /// allowed date a year before `now` in `calendar`.
    public func isValid(now: Date, calendar: Calendar = .current) -> Bool {
        (try? validate(now: now, oldestAllowed: calendar.date(byAdding: .year, value: -1, to: now) ?? now)) != nil
    }

    /// Parameters for analytics, prefixed `streak_event_`.
    public var eventParameters: [String: Any] {
        var parameters: [String: Any] = [
            "streak_event_id": id,
            "streak_event_timestamp": dateCreated.timeIntervalSince1970,
            "streak_event_timezone": timezone,
            "streak_event_is_freeze": isFreeze,
            "streak_event_metadata_count": metadata.count,
        ]
        if let freezeId { parameters["streak_event_freeze_id"] = freezeId }
        if let amount { parameters["streak_event_amount"] = amount }
        for (key, value) in metadata {
            parameters["streak_event_metadata_\(key)"] = value.anyValue
        }
        return parameters
    }
}

extension StreakEvent: Codable {
    public enum CodingKeys: String, CodingKey {
        case id
        case dateCreated = "date_created"
        case timezone
        case isFreeze = "is_freeze"
        case freezeId = "freeze_id"
        case metadata
        case amount
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(String.self, forKey: .id)
        guard !id.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "event id is empty")
        }
        let timezone = try container.decode(String.self, forKey: .timezone)
        guard !timezone.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .timezone, in: container, debugDescription: "event time zone is empty")
        }
        self.init(
            id: id,
            dateCreated: try container.decode(Date.self, forKey: .dateCreated),
            timezone: timezone,
            isFreeze: try container.decodeIfPresent(Bool.self, forKey: .isFreeze) ?? false,
            freezeId: try container.decodeIfPresent(String.self, forKey: .freezeId),
            metadata: try container.decodeIfPresent([String: GamificationDictionaryValue].self, forKey: .metadata) ?? [:],
            amount: try container.decodeIfPresent(Double.self, forKey: .amount)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(dateCreated, forKey: .dateCreated)
        try container.encode(timezone, forKey: .timezone)
        try container.encode(isFreeze, forKey: .isFreeze)
        try container.encodeIfPresent(freezeId, forKey: .freezeId)
        if !metadata.isEmpty { try container.encode(metadata, forKey: .metadata) }
        try container.encodeIfPresent(amount, forKey: .amount)
    }
}
