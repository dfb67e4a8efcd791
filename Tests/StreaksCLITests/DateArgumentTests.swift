import Foundation
import Testing
@testable import StreaksCLI

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

    @Test func metadataValuesAreTyped() throws {
        let metadata = try MetadataArgument.parse(["n=3", "pace=5.5", "done=true", "repo=my-app", "empty="])
        #expect(metadata == ["n": 3, "pace": 5.5, "done": true, "repo": "my-app", "empty": ""])
        #expect(throws: CLIError.badMetadata("no equals")) { try MetadataArgument.parse(["no equals"]) }
        #expect(throws: CLIError.badMetadata("bad key=1")) { try MetadataArgument.parse(["bad key=1"]) }
    }
}
