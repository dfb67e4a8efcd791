import Foundation
import Testing

/// Issue 30's histories through the command line: the file store's log, `status --json`
/// (America/New_York, 2024; 01-01 is a Monday). The library's own tests are in
/// IssueThirtyTests; these prove the store and the command say the same.
struct IssueThirtyCommandTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var create: [String] = []
        /// Local New York times (January: UTC-5).
        var events: [String] = []
        var freezeEvents: [String] = []
        var freezesEarned: [String] = []
        var skips: [String] = []
        let now: String
        var expected: [String: String]

        var testDescription: String { name }

        /// The history as an import file: events, recorded freeze events, freezes, skips.
        var importLines: String {
            func instant(_ local: String) -> String { local.replacingOccurrences(of: " ", with: "T") + ":00-05:00" }
            var lines = events.enumerated().map { #"{"id":"e\#($0)","date_created":"\#(instant($1))","timezone":"America/New_York"}"# }
            lines += freezeEvents.enumerated().map {
                #"{"id":"z\#($0)","date_created":"\#(instant($1))","timezone":"America/New_York","is_freeze":true,"freeze_id":"old\#($0)"}"#
            }
            lines += freezesEarned.enumerated().map { #"{"freeze":{"id":"f\#($0)","date_earned":"\#(instant($1))"}}"# }
            lines += skips.map { #"{"skip":"\#($0)"}"# }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    static let weekdays = ["--days", "mon-fri"]

    static let cases: [Case] = [
        Case(
            name: "1. weekly start", create: ["--per-week", "1", "--week-start", "sunday"], events: ["2024-01-01 12:00"],
            now: "2024-01-02T17:00:00Z", expected: ["current_streak": "1", "date_streak_start": "2023-12-31T05:00:00Z"]
        ),
        Case(
            name: "2. an early Monday event stays on Sunday", create: ["--per-week", "3", "--leeway", "3"],
            events: ["2024-01-01 12:00", "2024-01-02 12:00", "2024-01-03 12:00", "2024-01-08 01:00"], now: "2024-01-12T17:00:00Z",
            expected: ["current_streak": "1", "status": "at_risk", "date_streak_deadline": "2024-01-13T08:00:00Z"]
        ),
        Case(
            name: "3. a Sunday-night event stays on Sunday", create: ["--per-week", "3", "--leeway", "3"], events: ["2023-12-31 23:00", "2024-01-02 23:00"],
            skips: ["2024-01-03", "2024-01-04", "2024-01-05", "2024-01-06", "2024-01-07"], now: "2024-01-08T17:00:00Z",
            expected: ["current_streak": "0", "status": "broken"]
        ),
        Case(
            name: "4. the repair offer after a weekend", create: weekdays + ["--freezes", "manual"],
            events: ["2024-01-01 12:00", "2024-01-02 12:00", "2024-01-03 12:00", "2024-01-04 12:00"], freezesEarned: ["2023-12-01 00:00"],
            now: "2024-01-08T17:00:00Z",
            expected: ["current_streak": "0", "longest_streak": "4", "status": "broken", "freezes_needed_to_save_streak": "1", "freezes_available_count": "1"]
        ),
        Case(
            name: "4. the repair offer after a skipped day", create: ["--freezes", "manual"], events: ["2024-01-01 12:00", "2024-01-02 12:00"],
            freezesEarned: ["2023-12-01 00:00"], skips: ["2024-01-04"], now: "2024-01-05T17:00:00Z",
            expected: ["current_streak": "0", "longest_streak": "2", "freezes_needed_to_save_streak": "1"]
        ),
        Case(
            name: "5. Friday kept, no freeze spent", create: weekdays + ["--leeway", "3", "--freezes", "auto"],
            events: ["2024-01-04 12:00", "2024-01-05 22:00"], freezesEarned: ["2023-12-01 00:00"], now: "2024-01-08T17:00:00Z",
            expected: ["current_streak": "2", "status": "at_risk", "freezes_available_count": "1", "date_streak_start": "2024-01-04T05:00:00Z"]
        ),
        Case(
            name: "5. the day before a skip kept, no freeze spent", create: ["--leeway", "3", "--freezes", "auto"],
            events: ["2024-01-01 12:00", "2024-01-02 22:00"], freezesEarned: ["2023-12-01 00:00"], skips: ["2024-01-03"],
            now: "2024-01-04T17:00:00Z", expected: ["current_streak": "2", "status": "at_risk", "freezes_available_count": "1"]
        ),
        Case(
            name: "6. a freeze earned late", create: ["--leeway", "3", "--freezes", "auto"],
            events: ["2024-01-01 12:00", "2024-01-03 01:00", "2024-01-04 12:00"], freezesEarned: ["2024-01-03 12:00"],
            now: "2024-01-04T18:00:00Z", expected: ["current_streak": "3", "longest_streak": "3", "freezes_available_count": "0"]
        ),
        Case(
            name: "6. a recorded frozen day", create: ["--leeway", "3", "--freezes", "auto"],
            events: ["2024-01-01 12:00", "2024-01-03 01:00", "2024-01-04 12:00"], freezeEvents: ["2024-01-03 12:00"],
            now: "2024-01-04T18:00:00Z", expected: ["current_streak": "3", "longest_streak": "3"]
        ),
        Case(
            name: "rule 6: a weekday run of 5 stays the longest", create: weekdays + ["--leeway", "3"],
            events: ["2024-01-01 12:00", "2024-01-02 12:00", "2024-01-03 12:00", "2024-01-04 12:00", "2024-01-06 01:00"],
            now: "2024-01-17T17:00:00Z", expected: ["current_streak": "0", "longest_streak": "5"]
        ),
        Case(
            name: "rule 6: a run of 2 with a 24-hour leeway stays the longest", create: ["--leeway", "24"],
            events: ["2024-01-01 12:00", "2024-01-03 12:00"], now: "2024-01-10T17:00:00Z", expected: ["current_streak": "0", "longest_streak": "2"]
        ),
        Case(
            name: "rule 6: a frozen, unkept today", create: ["--freezes", "auto"], events: ["2024-01-01 12:00", "2024-01-02 12:00"],
            freezeEvents: ["2024-01-03 09:00"], now: "2024-01-03T17:00:00Z",
            expected: ["current_streak": "2", "date_streak_deadline": "2024-01-05T05:00:00Z"]
        ),
    ]

    /// A store holding the case's streak `issue`, created before its history.
    private func store(for example: Case) async throws -> CLIHarness {
        let cli = CLIHarness()
        let created = await cli.run(["create", "issue"] + example.create, now: "2023-11-30T12:00:00Z")
        try #require(created.code == 0, "\(created.errors)")
        cli.standardInput = Array(example.importLines.utf8)
        let imported = await cli.run(["import", "issue", "-"], now: example.now)
        try #require(imported.code == 0, "\(imported.errors)")
        return cli
    }

    @Test(arguments: cases)
    func statusSaysWhatTheRulesSay(_ example: Case) async throws {
        let cli = try await store(for: example)
        let status = try await cli.statusJSON(now: example.now, key: "issue")
        for (field, value) in example.expected.sorted(by: { $0.key < $1.key }) {
            #expect(status[field].map { "\($0)" } == value, "\(field)")
        }
    }

    @Test func theOfferedRepairWorks() async throws {
        let cli = try await store(for: Self.cases[3])
        let used = await cli.run(["freeze", "use", "issue"], now: Self.cases[3].now)
        #expect(used.code == 0, "\(used.errors)")
        let status = try await cli.statusJSON(now: Self.cases[3].now, key: "issue")
        #expect(status["current_streak"] as? Int == 4)
        #expect(status["freezes_needed_to_save_streak"] as? Int == 0)
    }
}
