import Foundation
import StreakImporters
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// Dates as people type them: ISO 8601 with an offset or `Z`; or a local date and time
/// (`2024-01-05T09:30`, `2024-01-05 09:30`) or a bare date, read in the given zone.
enum DateArgument {
    /// What `today`, `yesterday` or `-3d` stand for: that day at the current wall-clock time
    /// (when something happened), or its midnight (where a range starts).
    enum RelativeDayTime { case currentTime, midnight }

    /// - Parameters:
    ///   - bareDateHour: the hour a bare date stands for (0 for "since", 12 for "at").
    ///   - now: the clock `today`, `yesterday`, `-3d` and `+3d` count from (nil: not accepted).
    static func parse(
        _ text: String, option: String, zone: TimeZone, bareDateHour: Int = 0,
        now: Date? = nil, relativeDayTime: RelativeDayTime = .midnight
    ) throws -> Date {
        let text = typed(text)
        let date: Date
        if let now, let offset = relativeDays(text) {
            let day = CalendarDay(containing: now, in: zone).adding(days: offset)
            date = relativeDayTime == .midnight ? day.startDate(in: zone) : (offset == 0 ? now : day.date(atTimeOf: now, in: zone))
        } else {
            date = try parseUnchecked(text, option: option, zone: zone, bareDateHour: bareDateHour)
        }
        guard StreakValidation.supportedDates.contains(date) else { throw CLIError.dateOutOfRange(option: option, value: text) }
        return date
    }

    /// `today` 0, `yesterday` -1, `-3d` -3, `+2d` 2; nil for anything else.
    static func relativeDays(_ text: String) -> Int? {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "today": return 0
        case "yesterday": return -1
        default:
            guard word.count >= 3, word.hasSuffix("d"), let sign = word.first, sign == "-" || sign == "+",
                  let days = Int(word.dropFirst().dropLast()), (0...100_000).contains(days) else { return nil }
            return sign == "-" ? -days : days
        }
    }

    /// U+2212, which `-3d` becomes before parsing: the argument parser reads a word that
    /// starts with "-" as an option ("Unknown option '-1d'"), never as a value.
    static let minusSign: Character = "\u{2212}"

    /// The word as it was typed (`-3d`, not the minus sign it was protected with).
    static func typed(_ text: String) -> String {
        text.first == minusSign ? "-" + text.dropFirst() : text
    }

    /// The command line with every `-Nd` that stands for a date written with the minus sign,
    /// so it reaches its option or argument as a value: the value of a date option, or a
    /// word of a command whose arguments take a day (`skip add KEY -1d`, `note KEY -1d TEXT`).
    static func protectingRelativeDays(_ arguments: [String]) -> [String] {
        let takesDays = ["skip", "note"].contains(arguments.first ?? "")
        return arguments.enumerated().map { index, word in
            guard word.hasPrefix("-"), word.count >= 3, word.hasSuffix("d"), Int(word.dropFirst().dropLast()) != nil else { return word }
            let afterDateOption = index > 0 && dateOptions.contains(arguments[index - 1])
            return afterDateOption || takesDays ? String(minusSign) + word.dropFirst() : word
        }
    }

    private static let dateOptions: Set<String> = ["--at", "--since", "--to", "--from", "--now", "--expires"]

    private static func parseUnchecked(_ text: String, option: String, zone: TimeZone, bareDateHour: Int) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let absolute = ISO8601Parsing.absolute(trimmed) { return absolute }
        if trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let date = ExactSeconds.date(trimmed) {
            return date
        }
        let parts = trimmed.split(whereSeparator: { "-T: ".contains($0) }).map { Int($0) }
        guard [3, 5, 6].contains(parts.count), parts.allSatisfy({ $0 != nil }) else {
            throw CLIError.badDate(option: option, value: text)
        }
        let numbers = parts.map { $0! }
        // Keep Calendar away from absurd numbers; the range check above says what is allowed.
        guard (1...9999).contains(numbers[0]), numbers.allSatisfy({ (0...9999).contains($0) }) else {
            throw CLIError.dateOutOfRange(option: option, value: text)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(
            year: numbers[0], month: numbers[1], day: numbers[2],
            hour: numbers.count > 3 ? numbers[3] : bareDateHour, minute: numbers.count > 4 ? numbers[4] : 0,
            second: numbers.count > 5 ? numbers[5] : 0
        )
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else {
            var utc = calendar
            utc.timeZone = TimeZone(identifier: "UTC")!
            // A real date and time that the zone's clocks jump over (spring forward).
            if components.isValidDate(in: utc) {
                throw CLIError.skippedLocalTime(option: option, value: text, zone: zone.identifier)
            }
            throw CLIError.badDate(option: option, value: text)
        }
        return date
    }
}

/// ISO 8601 instants with an explicit offset, to the microsecond, read by the store's own
/// reader (Foundation's formatter turns `.1` into `.099999`).
enum ISO8601Parsing {
    static func absolute(_ text: String) -> Date? {
        guard text.hasSuffix("Z") || text.hasSuffix("z") || text.range(of: #"[+-]\d\d:?\d\d$"#, options: .regularExpression) != nil,
              text.contains("T") || text.contains(" ") else { return nil }
        var normalized = text.replacingOccurrences(of: " ", with: "T")
        // Seconds may be left out (2024-01-05T09:30Z), as in the local forms.
        if let minutes = normalized.range(of: #"T\d\d:\d\d(?=[Zz+-])"#, options: .regularExpression) {
            normalized.insert(contentsOf: ":00", at: minutes.upperBound)
        }
        return StreakTransfer.parseJSONDate(normalized)
    }
}

/// Epoch seconds (`1736078400.1`) read digit by digit into whole microseconds.
enum ExactSeconds {
    static func date(_ text: String) -> Date? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty, whole.count <= 12, let seconds = Int(whole) else { return nil }
        var micros = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            micros = Int(String(digits.prefix(6)).padding(toLength: 6, withPad: "0", startingAt: 0))!
        }
        return Date(microseconds: seconds * 1_000_000 + micros)
    }
}
