import Foundation

/// Upstream's validation properties, answered by our validation rules (the ones `validate`
/// throws for), so a `true` here means the store accepts the event.
extension StreakEvent {
    /// Non-empty and at most 256 bytes (upstream checks only that it is non-empty).
    public var isIdValid: Bool {
        (try? StreakValidation.validateIdentifier(id, of: "event")) != nil
    }

    /// Not after now and not more than a year back, as upstream; against the real clock.
    public var isTimestampValid: Bool { isTimestampValid(now: Date()) }

    /// Not after `now`, not before the same date a year earlier, and inside the dates the
    /// library supports (1970 to 2199).
    public func isTimestampValid(now: Date, calendar: Calendar = .current) -> Bool {
        let yearAgo = calendar.date(byAdding: .year, value: -1, to: now) ?? now
        return dateCreated <= now && dateCreated >= yearAgo && (try? StreakValidation.validateDate(dateCreated, "event date")) != nil
    }

    /// An IANA zone identifier this system knows.
    public var isTimezoneValid: Bool {
        (try? StreakValidation.timeZone(named: timezone)) != nil
    }

    /// Every metadata key is letters, digits or underscores (safe as a database field name).
    public var isMetadataValid: Bool {
        StreakValidation.isValidMetadata(metadata)
    }
}
