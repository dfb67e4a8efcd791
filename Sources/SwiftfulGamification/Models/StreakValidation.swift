import Foundation

/// The input rules shared by the models, the manager and every provider.
public enum StreakValidation {
    /// Streak keys name files and documents: `^[a-z0-9_]+$`, 1 to 64 characters.
    public static func validateStreakKey(_ key: String) throws {
        guard (1...64).contains(key.utf8.count),
              key.utf8.allSatisfy({ isLowercaseLetter($0) || isDigit($0) || $0 == underscore }) else {
            throw StreakRuleError.invalidStreakKey(key)
        }
    }

    /// The longest title, in characters as people see them.
    public static let longestTitle = 80

    /// A title: any text up to `longestTitle` characters, no control characters.
    public static func validateTitle(_ title: String) throws {
        guard title.count <= longestTitle, !hasControlCharacter(title) else { throw StreakRuleError.invalidTitle(title) }
    }

    /// The longest group name, in characters.
    public static let longestGroup = 40

    /// The longest unit label ("km", "pages", "glasses of water").
    public static let longestUnit = 24
    /// The longest note on a day.
    public static let longestNote = 1_000

    /// - Throws: `StreakRuleError.invalidUnit` for a blank or too long unit or one with control characters.
    public static func validateUnit(_ unit: String) throws {
        let trimmed = unit.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, unit.count <= longestUnit, !hasControlCharacter(unit) else { throw StreakRuleError.invalidUnit(unit) }
    }

    /// - Throws: `StreakRuleError.invalidNote` for an empty or too long note, `.controlCharacter` for a line break.
    public static func validateNote(_ text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, text.count <= longestNote else { throw StreakRuleError.invalidNote(length: trimmed.isEmpty ? 0 : text.count) }
        if hasControlCharacter(text) { throw StreakRuleError.controlCharacter("note") }
    }

    /// A group name: any text up to `longestGroup` characters, no control characters.
    public static func validateGroup(_ group: String) throws {
        guard group.count <= longestGroup, !hasControlCharacter(group) else { throw StreakRuleError.invalidGroup(group) }
    }

    /// A key made from a title: accents folded, lowercase ASCII letters and digits, every
    /// other run of characters one underscore ("Stretch in the morning" is
    /// `stretch_in_the_morning`, "Café au lait!" `cafe_au_lait`); `streak` when nothing is
    /// left; numbered (`_2`, `_3`, ...) past the keys `taken`.
    public static func derivedKey(fromTitle title: String, taken: Set<String> = []) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var key = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                key.unicodeScalars.append(scalar)
            } else if !key.isEmpty, key.last != "_" {
                key.append("_")
            }
        }
        while key.hasSuffix("_") { key.removeLast() }
        var base = String(key.lowercased().prefix(60))
        while base.hasSuffix("_") { base.removeLast() }
        if base.isEmpty { base = "streak" }
        guard taken.contains(base) else { return base }
        var number = 2
        while taken.contains("\(base)_\(number)") { number += 1 }
        return "\(base)_\(number)"
    }

    /// Metadata keys must be safe as document field names: `^[a-zA-Z0-9_]+$`.
    /// An experience-points or progress key a store can keep: 1 to 64 ASCII letters, digits
    /// or `_` (a file name, a column value).
    public static func validateLedgerKey(_ key: String) throws {
        guard (1...64).contains(key.utf8.count),
              key.utf8.allSatisfy({ isLowercaseLetter($0) || isUppercaseLetter($0) || isDigit($0) || $0 == underscore }) else {
            throw StreakStoreError.invalidLedgerKey(key)
        }
    }

    public static func validateMetadataKey(_ key: String) throws {
        guard !key.isEmpty,
              key.utf8.allSatisfy({ isLowercaseLetter($0) || isUppercaseLetter($0) || isDigit($0) || $0 == underscore }) else {
            throw StreakRuleError.invalidMetadataKey(key)
        }
    }

    /// Resolves an IANA zone name, or throws naming it.
    @discardableResult
    public static func timeZone(named name: String) throws -> TimeZone {
        guard !name.isEmpty, !hasControlCharacter(name), let zone = TimeZone(identifier: name) else {
            throw StreakRuleError.invalidTimeZone(name)
        }
        return zone
    }

    /// Instants the library stores and calculates with: from 1970-01-01T00:00:00Z up to,
    /// not including, 2200-01-01T00:00:00Z. Day arithmetic and storage stay exact and small
    /// inside it; a date outside is a typo or a broken clock, never a streak.
    public static let supportedDates: Range<Date> = Date(timeIntervalSince1970: 0)..<Date(timeIntervalSince1970: 7_258_118_400)

    /// The goals a streak may have: 1 through 10,000 events a day.
    public static let goalRange: ClosedRange<Int> = 1...10_000

    /// The leeways a streak may have, in hours.
    public static let leewayRange: ClosedRange<Int> = 0...24

    /// The longest event or freeze id, in UTF-8 bytes.
    public static let maximumIdLength = 256

    /// - Throws: `StreakRuleError.dateOutOfRange` naming `what` (e.g. "event date").
    public static func validateDate(_ date: Date, _ what: String) throws {
        guard supportedDates.contains(date) else { throw StreakRuleError.dateOutOfRange(what: what, date: date) }
    }

    /// The one rule for ids, in every store: 1 to `maximumIdLength` bytes of UTF-8 without
    /// control characters (PostgreSQL cannot store NUL in text, and a line break or escape
    /// would garble every listing).
    /// - Throws: `StreakRuleError.emptyIdentifier`, `.identifierTooLong` or `.controlCharacter`.
    public static func validateIdentifier(_ id: String, of what: String) throws {
        guard !id.isEmpty else { throw StreakRuleError.emptyIdentifier(what) }
        guard id.utf8.count <= maximumIdLength else { throw StreakRuleError.identifierTooLong(what, length: id.utf8.count) }
        guard !hasControlCharacter(id) else { throw StreakRuleError.controlCharacter("\(what) id") }
    }

    /// U+0000 to U+001F or U+007F anywhere in `text`.
    public static func hasControlCharacter(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }

    private static let underscore = UInt8(ascii: "_")
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isLowercaseLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    private static func isUppercaseLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }

    /// The longest range one skip command covers, in days.
    public static let longestSkipRange = 366

    /// The days a skip may cover at `now` (rule 9): from the backfill window's first day (a
    /// calendar year back) to 366 days ahead, in `timezone`.
    public static func skipWindow(now: Date, timezone: TimeZone) -> ClosedRange<CalendarDay> {
        let today = CalendarDay(containing: now, in: timezone)
        let earliest = CalendarDay(containing: StreakManager.oldestBackfillDate(now: now, timeZone: timezone), in: timezone)
        return earliest...today.adding(days: longestSkipRange)
    }

    /// - Throws: `StreakRuleError.skipOutOfRange` for the first day outside `skipWindow`.
    public static func validateSkips(_ days: [CalendarDay], now: Date, timezone: TimeZone) throws {
        let window = skipWindow(now: now, timezone: timezone)
        if let outside = days.first(where: { !window.contains($0) }) {
            throw StreakRuleError.skipOutOfRange(outside, earliest: window.lowerBound, latest: window.upperBound)
        }
    }

    /// Every day from `start` through `end`. - Throws: `StreakRuleError.badSkipRange` when
    /// it ends before it starts or is longer than `longestSkipRange` days.
    public static func skipRange(from start: CalendarDay, through end: CalendarDay) throws -> [CalendarDay] {
        guard start <= end, start.days(to: end) < longestSkipRange else { throw StreakRuleError.badSkipRange(from: start, to: end) }
        return (start...end).days
    }
}
