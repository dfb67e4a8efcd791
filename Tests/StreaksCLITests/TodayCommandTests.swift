import Foundation
import Testing

/// `streaks today`: what is left today, most urgent first, then what is kept (New York,
/// Friday 2024-01-05 10:00).
struct TodayCommandTests {
    let now = "2024-01-05T15:00:00Z"

    /// A store with one streak in every standing, logged on the days given (17:00 UTC).
    func store() async -> CLIHarness {
        let cli = CLIHarness()
        func log(_ key: String, _ days: ClosedRange<Int>, in month: String = "2024-01", amount: String? = nil) async {
            for day in days {
                let stamp = "\(month)-\(day < 10 ? "0" : "")\(day)T17:00:00Z"
                _ = await cli.run(["log", key] + (amount.map { [$0] } ?? []), now: stamp)
            }
        }
        _ = await cli.run(["create", "med"], now: "2023-12-20T17:00:00Z")
        _ = await cli.run(["create", "read"], now: "2023-12-20T17:00:00Z")
        _ = await cli.run(["create", "run"], now: "2023-12-20T17:00:00Z")
        _ = await cli.run(["create", "gym"], now: "2023-12-20T17:00:00Z")
        _ = await cli.run(["create", "Journal", "--key", "journal"], now: "2023-12-20T17:00:00Z")
        _ = await cli.run(["create", "swim", "--per-week", "3"], now: "2023-12-20T17:00:00Z")
        _ = await cli.run(["create", "water", "--at-least", "2", "--unit", "l"], now: "2023-12-20T17:00:00Z")
        _ = await cli.run(["create", "coffee", "--at-most", "2", "--unit", "cups"], now: "2023-12-20T17:00:00Z")
        await log("read", 3...4)
        await log("run", 24...29, in: "2023-12")
        await log("gym", 1...1)
        await log("swim", 1...1)
        _ = await cli.run(["log", "water", "2"], now: "2024-01-04T14:00:00Z")
        _ = await cli.run(["log", "water", "1.5"], now: "2024-01-05T14:00:00Z")
        _ = await cli.run(["log", "med"], now: "2024-01-05T14:00:00Z")
        return cli
    }

    @Test func listsWhatIsLeftMostUrgentFirstThenWhatIsKept() async throws {
        let cli = await store()
        let today = await cli.run(["today"], now: now)
        #expect(today.code == 0, "\(today.errors)")
        let lines = today.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "To do today (6):", "\(today.output)")
        // At risk first (by deadline, then the overview's order), broken by best run, not started,
        // the week; then the kept ones in the overview's order.
        let names = lines.compactMap { $0.hasPrefix("  ") ? $0.split(separator: " ")[1] : nil }
        #expect(names == ["read", "water", "run", "gym", "Journal", "swim", "coffee", "med"], "\(today.output)")
        #expect(lines[1] == "  ! read     14h 0m left (until 00:00) · 0 of 1 event, 1 to go", "\(lines[1])")
        #expect(lines[2].contains("1.5 of 2 l today, 0.5 to go"), "\(lines[2])")
        #expect(lines[3].contains("start again: best was 6 days"), "\(lines[3])")
        #expect(lines[4].contains("start again: best was 1 day"), "\(lines[4])")
        #expect(lines[5].contains("not started yet"), "\(lines[5])")
        #expect(lines[6].contains("1 of 3 this week"), "\(lines[6])")
        #expect(lines[7] == "Kept (2):")
        #expect(lines[8].contains("0 of 2 cups today (limit)") && lines[9].contains("kept today"), "\(today.output)")
    }

    @Test func onATerminalTheKeptLinesAreDimmedUnlessNoColor() async throws {
        let cli = await store()
        cli.outputIsTerminal = true
        let dimmed = await cli.run(["today"], now: now).output.split(separator: "\n").map(String.init)
        #expect(dimmed[8].hasPrefix("\u{1B}[2m  + ") && dimmed[8].hasSuffix("\u{1B}[0m"), "\(dimmed)")
        #expect(!dimmed[1].contains("\u{1B}"), "what is left is not dimmed")
        cli.environment["NO_COLOR"] = "1"
        #expect(!(await cli.run(["today"], now: now).output.contains("\u{1B}")))
        cli.environment = [:]
        cli.outputIsTerminal = false
        #expect(!(await cli.run(["today"], now: now).output.contains("\u{1B}")), "piped: plain text")
    }

    @Test func jsonHasTheSameOrderAndWhatIsLeft() async throws {
        let cli = await store()
        let result = await cli.run(["today", "--json"], now: now)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(items.map { $0["key"] as? String } == ["read", "water", "run", "gym", "journal", "swim", "coffee", "med"])
        #expect(items.map { $0["standing"] as? String } == ["at_risk", "at_risk", "broken", "broken", "not_started", "week_open", "kept", "kept"])
        #expect(items[0]["deadline"] as? String == "2024-01-06T05:00:00Z" && items[0]["events_left"] as? Int == 1)
        #expect(items[1]["amount_left"] as? Double == 0.5 && items[1]["unit"] as? String == "l" && items[1]["events_left"] is NSNull)
        #expect(items[2]["best"] as? Int == 6)
        #expect(items[4]["name"] as? String == "Journal")
        #expect(items[7]["events_left"] as? Int == 0)
    }

    @Test func aRestDayOrAGoneLimitIsNotListedAndAnEmptyDayIsSaid() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "work", "--days", "weekdays"], now: "2024-01-01T17:00:00Z")
        _ = await cli.run(["create", "coffee", "--at-most", "1"], now: "2024-01-01T17:00:00Z")
        _ = await cli.run(["log", "coffee"], now: "2024-01-06T15:00:00Z")
        _ = await cli.run(["log", "coffee"], now: "2024-01-06T15:05:00Z")
        // Saturday: work rests, coffee is over its limit.
        #expect(await cli.run(["today"], now: "2024-01-06T16:00:00Z").output == "Nothing is due today.\n")
        #expect(await cli.run(["today", "--json"], now: "2024-01-06T16:00:00Z").output == "[]\n")
        let empty = CLIHarness()
        #expect(await empty.run(["today", "--json"], now: now).output == "[]\n")
    }
}
