import Foundation

/// When reminders run: every `minutes`, only between `from` and `to` (minutes of the day).
struct ReminderSchedule: Equatable {
    var minutes = 30
    var from: Int?
    var to: Int?

    /// "30m", "1h", "1h30m" as minutes.
    static func minutes(_ text: String, option: String) throws -> Int {
        var total = 0, number = "", parts = 0
        for character in text.lowercased() {
            if character.isASCII, character.isNumber { number.append(character); continue }
            guard let value = Int(number), ["h", "m"].contains(character) else { throw CLIError.badNumber(option: option, value: text) }
            total += character == "h" ? value * 60 : value
            number = ""
            parts += 1
        }
        guard number.isEmpty, parts > 0, total > 0, total <= 24 * 60 else {
            throw CLIError.usage("\(option) takes a duration such as 30m, 2h or 1h30m (up to 24h), not '\(text.prefix(40))'", command: "streaks remind")
        }
        return total
    }

    /// "08:00" as minutes of the day.
    static func timeOfDay(_ text: String, option: String) throws -> Int {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute),
              parts[1].count == 2 else {
            throw CLIError.usage("\(option) takes a time of day such as 08:00 or 22:30, not '\(text.prefix(40))'", command: "streaks remind")
        }
        return hour * 60 + minute
    }

    /// Whether `minute` of the day is inside the window (all day without one; a window may
    /// run past midnight, 20:00 to 02:00).
    func allows(minuteOfDay minute: Int) -> Bool {
        guard let from, let to else { return true }
        return from <= to ? (from...to).contains(minute) : minute >= from || minute <= to
    }

    /// The timer's `OnCalendar=`: every `minutes` when they divide an hour, every few hours
    /// when they are whole hours dividing a day.
    var onCalendar: String? {
        if minutes < 60, 60 % minutes == 0 { return "*-*-* *:00/\(minutes):00" }
        if minutes % 60 == 0, 24 % (minutes / 60) == 0 { return "*-*-* 00/\(minutes / 60):00:00" }
        return nil
    }

    /// The crontab line's time fields (hours limited to the window's).
    var cronFields: String? {
        let hours = from.flatMap { from in to.map { to in from <= to ? "\(from / 60)-\(to / 60)" : "\(from / 60)-23,0-\(to / 60)" } } ?? "*"
        if minutes < 60, 60 % minutes == 0 { return "*/\(minutes) \(hours) * * *" }
        if minutes % 60 == 0, 24 % (minutes / 60) == 0 { return "0 \(hours)/\(minutes / 60) * * *" }
        return nil
    }

    static func text(_ minute: Int) -> String { String(format: "%02d:%02d", minute / 60, minute % 60) }
}
