import Foundation

/// A day of the week, with the one spelling of its name every screen and report uses.
public enum Weekday: String, CaseIterable, Sendable, Codable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// From `Calendar`'s numbering (1 = Sunday ... 7 = Saturday), as `CalendarDay.weekday` gives it.
    public init(calendarWeekday: Int) {
        self = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday][(calendarWeekday - 1).floorModulo(7)]
    }

    /// "Monday".
    public var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// "Mon".
    public var shortName: String { String(name.prefix(3)) }
}

extension CalendarDay {
    /// The day of the week this day falls on.
    public var dayOfWeek: Weekday { Weekday(calendarWeekday: weekday) }
}
