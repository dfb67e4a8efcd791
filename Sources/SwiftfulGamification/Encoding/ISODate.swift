import Foundation

/// ISO 8601 dates without `DateFormatter` (which costs tens of microseconds a call):
/// written as UTC with microseconds when there are any, read with `Z` or a `±HH:MM` offset.
///
/// One rule for all three: a date is stored as whole microseconds, rounded down. So what is
/// written reads back as exactly the same `Date`, and an event stamped "now" is never after
/// the `now` it was logged with.
package enum ISODate {
    /// Foundation's JSON encoder with instants as ISO 8601 text, keys sorted, slashes plain
    /// (the ledgers' lines and the wire form of changes).
    package static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(format(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Foundation's JSON decoder reading instants as `format` writes them (or with an offset);
    /// anything else is refused, saying what was expected.
    package static func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 instant such as 2024-01-05T07:30:00Z")
            }
            return date
        }
        return decoder
    }

    /// `2024-01-10T17:00:00Z`, or `2024-01-10T17:00:00.250000Z`.
    package static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `2024-01-10T12:00:00-05:00`: the wall-clock time in `zone` with its offset, to the
    /// second (what a script reading a local deadline wants).
    package static func format(_ date: Date, in zone: TimeZone) -> String {
        let offset = zone.secondsFromGMT(for: date)
        if offset == 0 { return format(Date(microseconds: date.microsecondsSince1970.floorDivided(by: 1_000_000) * 1_000_000)) }
        let utc = format(Date(microseconds: (date.microsecondsSince1970.floorDivided(by: 1_000_000) + offset) * 1_000_000))
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        var bytes: [UInt8] = []
        digits(minutes / 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        digits(minutes % 60, 2, to: &bytes)
        return utc.dropLast() + sign + String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `format(date)` at the end of `bytes`.
    package static func append(_ date: Date, to bytes: inout [UInt8]) {
        let totalMicros = micros(date)
        let seconds = totalMicros.floorDivided(by: 1_000_000)
        let fraction = totalMicros - seconds * 1_000_000
        let day = CalendarDay(dayNumber: seconds.floorDivided(by: 86_400))
        let secondOfDay = seconds - day.dayNumber * 86_400
        let civil = day.civil
        if civil.year < 0 || civil.year > 9_999 {
            bytes.append(contentsOf: Array(day.description.utf8))
        } else {
            digits(civil.year, 4, to: &bytes)
            bytes.append(UInt8(ascii: "-"))
            digits(civil.month, 2, to: &bytes)
            bytes.append(UInt8(ascii: "-"))
            digits(civil.day, 2, to: &bytes)
        }
        bytes.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3_600, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 3_600 / 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, 2, to: &bytes)
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            digits(fraction, 6, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
    }

    /// `value` (non-negative) in exactly `count` decimal digits.
    private static func digits(_ value: Int, _ count: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The date rounded down to whole microseconds, as `format` writes it and `parse` reads it.
    package static func normalized(_ date: Date) -> Date { date.wholeMicroseconds }

    package static func micros(_ date: Date) -> Int { date.microsecondsSince1970 }

    package static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(UnsafeBufferPointer(rebasing: $0[...])) }
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`; `T` may be a space. Digits past the
    /// sixth of the fraction are dropped (rounded down, as `normalized`).
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4), reader.take("-"), let month = reader.digits(2), reader.take("-"),
              let day = reader.digits(2), reader.take("T") || reader.take(" ") || reader.take("t"),
              let hour = reader.digits(2), reader.take(":"), let minute = reader.digits(2), reader.take(":"),
              let second = reader.digits(2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var fraction = 0
        if reader.take(".") || reader.take(",") {
            var digits = 0
            while let digit = reader.digit() {
                if digits < 6 { fraction = fraction * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 6) { fraction *= 10 }
        }
        var offset = 0
        if reader.take("Z") || reader.take("z") {
            offset = 0
        } else if let sign = reader.sign(), let offsetHours = reader.digits(2) {
            _ = reader.take(":")
            guard let offsetMinutes = reader.digits(2), offsetHours < 24, offsetMinutes < 60 else { return nil }
            offset = sign * (offsetHours * 3_600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard reader.isAtEnd else { return nil }
        let date = CalendarDay(year: year, month: month, day: day)
        guard date.month == month else { return nil }  // rejects 2023-02-30
        let seconds = date.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(microseconds: seconds * 1_000_000 + fraction)
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
            index += 1
            return Int(bytes[index - 1] - 48)
        }

        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }
}
