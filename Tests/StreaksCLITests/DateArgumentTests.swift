import Foundation
import Testing
@testable import StreaksCLI
import SwiftfulGamification

struct DateArgumentTests {
    let newYork = TimeZone(identifier: "America/New_York")!

    @Test(arguments: [
        ("2024-01-05T09:30:00Z", 1_704_447_000.0),
        ("2024-01-05T09:30:00-05:00", 1_704_465_000.0),
        ("2024-01-05T09:30:00.5+00:00", 1_704_447_000.5),
        ("2024-01-05T09:30", 1_704_465_000.0),
        ("2024-01-05 09:30:00", 1_704_465_000.0),
        ("2024-01-05", 1_704_430_800.0),
        ("1704447000", 1_704_447_000.0),
    ])
    func parses(text: String, seconds: Double) throws {
        #expect(try DateArgument.parse(text, option: "--at", zone: newYork).timeIntervalSince1970 == seconds)
    }

    @Test func bareDateHourIsConfigurable() throws {
        #expect(try DateArgument.parse("2024-01-05", option: "--at", zone: newYork, bareDateHour: 12).timeIntervalSince1970 == 1_704_474_000)
    }

    @Test(arguments: ["yesterday", "2024-13-01", "2024-02-30", "05/01/2024", "2024-01-05T25:00", ""])
    func rejects(text: String) {
        #expect(throws: CLIError.badDate(option: "--at", value: text)) { try DateArgument.parse(text, option: "--at", zone: newYork) }
    }

    /// Fractions are kept to the microsecond, as every store keeps them and `import` reads them.
    @Test(arguments: [
        ("2025-01-05T12:00:00.1Z", 1_736_078_400_100_000),
        ("2025-01-05T12:00:00.123456Z", 1_736_078_400_123_456),
        ("2025-01-05T12:00:00.1234569Z", 1_736_078_400_123_456),
        ("2025-01-05T07:00:00.000001-05:00", 1_736_078_400_000_001),
        ("1736078400.1", 1_736_078_400_100_000),
    ])
    func fractionsAreExactMicroseconds(text: String, micros: Int) throws {
        #expect(try DateArgument.parse(text, option: "--at", zone: newYork).microsecondsSince1970 == micros)
    }

    @Test func aLocalTimeTheClocksJumpOverIsNamedSo() {
        #expect(throws: CLIError.skippedLocalTime(option: "--at", value: "2025-03-09T02:30", zone: "America/New_York")) {
            try DateArgument.parse("2025-03-09T02:30", option: "--at", zone: newYork)
        }
        let message = CLIError.skippedLocalTime(option: "--at", value: "2025-03-09T02:30", zone: "America/New_York").errorDescription ?? ""
        #expect(message.contains("does not exist on that day in America/New_York (clocks jump)"))
    }

    @Test func metadataValuesAreTyped() throws {
        let metadata = try MetadataArgument.parse(["n=3", "pace=5.5", "done=true", "repo=my-app", "empty="])
        #expect(metadata == ["n": 3, "pace": 5.5, "done": true, "repo": "my-app", "empty": ""])
        #expect(throws: CLIError.badMetadata("no equals")) { try MetadataArgument.parse(["no equals"]) }
        #expect(throws: CLIError.badMetadata("bad key=1")) { try MetadataArgument.parse(["bad key=1"]) }
    }
}
