import Foundation

/// A date on the proleptic Gregorian calendar with no time and no zone, stored as the
/// number of days since 1970-01-01 so that day arithmetic is integer arithmetic.
public struct CalendarDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let dayNumber: Int

    public init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// - Precondition: `month` is 1...12 and `day` 1...31 (out-of-range values roll over).
    public init(year: Int, month: Int, day: Int) {
        // Days-from-civil: count from 0000-03-01 so the leap day ends each 400-year era.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        self.dayNumber = era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar day containing `date` in `timeZone`.
    public init(containing date: Date, in timeZone: TimeZone) {
        let second = date.flooredEpochSecond
        self.dayNumber = (second + timeZone.secondsFromGMT(for: date)).floorDivided(by: 86_400)
    }

    public var year: Int { civil.year }
    public var month: Int { civil.month }
    public var day: Int { civil.day }

    /// 1 = Sunday ... 7 = Saturday, as `Calendar` numbers weekdays.
    public var weekday: Int { (dayNumber + 4).floorModulo(7) + 1 }

    public func adding(days: Int) -> CalendarDay { CalendarDay(dayNumber: dayNumber + days) }

    /// The first day of this day's month.
    public var firstOfMonth: CalendarDay { CalendarDay(dayNumber: dayNumber - day + 1) }

    /// The number of days in this day's month (28 to 31).
    public var daysInMonth: Int {
        let (year, month, _) = civil
        return CalendarDay(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1).dayNumber
            - CalendarDay(year: year, month: month, day: 1).dayNumber
    }

    /// Whole days from `self` to `other`.
    public func days(to other: CalendarDay) -> Int { other.dayNumber - dayNumber }

    /// The first instant of this day in `timeZone` (DST-aware).
    public func startDate(in timeZone: TimeZone) -> Date {
        ZoneDays(timeZone: timeZone).start(of: dayNumber)
    }

    /// The instant this day shows the wall-clock time `reference` shows in `timeZone` (to the
    /// second): for logging on a past day "at this time". A time the day does not have (the
    /// hour skipped when clocks go forward) moves forward into the day, never out of it.
    public func date(atTimeOf reference: Date, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let time = calendar.dateComponents([.hour, .minute, .second], from: reference)
        let components = DateComponents(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second)
        if let instant = calendar.date(from: components), CalendarDay(containing: instant, in: timeZone) == self { return instant }
        // Moved past midnight (a gap at the day's end): the day's last second instead.
        return ZoneDays(timeZone: timeZone).start(of: dayNumber + 1).addingTimeInterval(-1)
    }

    /// From `YYYY-MM-DD` (a real date); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        self.init(year: year, month: month, day: day)
        guard civil == (year, month, day) else { return nil }
    }

    /// A day as people type it, counted from `today`: `today`, `tomorrow`, `yesterday`,
    /// `+3d`, `-1d`, or `YYYY-MM-DD`; nil for anything else.
    public init?(typed text: String, today: CalendarDay) {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "today": self = today
        case "tomorrow": self = today.adding(days: 1)
        case "yesterday": self = today.adding(days: -1)
        default:
            if word.count >= 3, word.hasSuffix("d"), let sign = word.first, sign == "-" || sign == "+",
               let days = Int(word.dropFirst().dropLast()), (0...100_000).contains(days) {
                self = today.adding(days: sign == "-" ? -days : days)
            } else if let day = CalendarDay(parsing: word) {
                self = day
            } else {
                return nil
            }
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = civil
        let paddedYear = year < 0 ? "-" + String(-year).leftPadded(to: 4) : String(year).leftPadded(to: 4)
        return "\(paddedYear)-\(String(month).leftPadded(to: 2))-\(String(day).leftPadded(to: 2))"
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// Year, month and day in one computation.
    package var civil: (year: Int, month: Int, day: Int) {
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}

extension Int {
    /// Division rounding toward negative infinity (Swift's `/` rounds toward zero).
    package func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder that has the sign of the divisor.
    package func floorModulo(_ divisor: Int) -> Int {
        let remainder = self % divisor
        return remainder != 0 && (remainder < 0) != (divisor < 0) ? remainder + divisor : remainder
    }
}

extension String {
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension Date {
    /// Whole seconds since 1970, rounded down (so 23:59:59.9 is still 23:59:59).
    package var flooredEpochSecond: Int {
        let seconds = timeIntervalSince1970
        // Within ±1e15 s (every real date) a truncation plus a correction below zero floors.
        guard seconds > -1e15, seconds < 1e15 else { return seconds > 0 ? Int(1e15) : Int(-1e15) }
        let whole = Int(seconds)
        return Double(whole) > seconds ? whole - 1 : whole
    }
}

extension ClosedRange where Bound == CalendarDay {
    /// Every day of the range, in order.
    public var days: [CalendarDay] { (0...lowerBound.days(to: upperBound)).map { lowerBound.adding(days: $0) } }
}
