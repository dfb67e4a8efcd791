import Foundation
import Testing
@testable import SwiftfulGamification

@Suite struct ISODateTests {
    @Test func localFormHasTheZonesOffsetAtThatInstant() {
        let winter = ISODate.parse("2026-01-10T17:00:00.250000Z")!
        let summer = ISODate.parse("2026-07-10T17:00:00Z")!
        let newYork = TimeZone(identifier: "America/New_York")!
        #expect(ISODate.format(winter, in: newYork) == "2026-01-10T12:00:00-05:00")
        #expect(ISODate.format(summer, in: newYork) == "2026-07-10T13:00:00-04:00")
        #expect(ISODate.format(summer, in: TimeZone(identifier: "Asia/Kolkata")!) == "2026-07-10T22:30:00+05:30")
        #expect(ISODate.format(winter, in: TimeZone(identifier: "UTC")!) == "2026-01-10T17:00:00Z")
        #expect(ISODate.parse(ISODate.format(summer, in: newYork)) == summer)
    }

    /// Messages show dates as the stores write them, to the microsecond.
    @Test func messagesUseTheSameWriter() {
        let date = ISODate.parse("2026-03-01T08:00:00.5Z")!
        #expect(date.iso8601 == "2026-03-01T08:00:00.500000Z")
        #expect(ISODate.format(date) == date.iso8601)
    }
}
