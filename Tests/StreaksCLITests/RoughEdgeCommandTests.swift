import Foundation
import Testing

/// Issue 49's rough edges on the command line.
struct RoughEdgeCommandTests {
    /// `-14d` and `-1d` are dates, not options ("Missing value for '--since'", "Unknown option '-1d'").
    @Test func relativeDatesAreReadAsValuesWhereverTheyStand() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "meditate"], now: "2024-01-01T12:00:00Z")
        _ = await cli.run(["log", "meditate"], now: "2024-01-02T17:00:00Z")
        let skipped = await cli.run(["skip", "add", "meditate", "-1d"], now: "2024-01-05T17:00:00Z")
        #expect(skipped.code == 0, "\(skipped.errors)")
        #expect(skipped.output.hasPrefix("Skipped 2024-01-04 in meditate"))
        let backfilled = await cli.run(["log", "meditate", "--at", "-2d"], now: "2024-01-05T17:00:00Z")
        #expect(backfilled.code == 0, "\(backfilled.errors)")
        #expect(backfilled.output.hasPrefix("Logged meditate at 2024-01-03"))
        let events = await cli.run(["events", "meditate", "--since", "-2d"], now: "2024-01-05T17:00:00Z")
        #expect(events.code == 0, "\(events.errors)")
        #expect(events.output.contains("2024-01-03") && !events.output.contains("2024-01-02"))
        cli.standardInput = Array("q\n".utf8)
        let asked = await cli.run(["ask", "meditate", "--since", "-14d"], now: "2024-01-05T17:00:00Z")
        #expect(asked.code == 0, "\(asked.errors)")
        // A note that reads like a date keeps its words; a day without a text is refused as before.
        let noted = await cli.run(["note", "meditate", "-1d", "-2d"], now: "2024-01-05T17:00:00Z")
        #expect(noted.code == 0, "\(noted.errors)")
        #expect(noted.output.hasSuffix("in meditate: -2d\n"), "\(noted.output)")
        let noText = await cli.run(["note", "meditate", "-1d"], now: "2024-01-05T17:00:00Z")
        #expect(noText.code == 2 && noText.errors.contains("'-1d' is a day"), "\(noText.errors)")
        // Outside a date's place, "-5d" is what it was: not a value.
        #expect(await cli.run(["create", "-5d"], now: "2024-01-05T17:00:00Z").code == 2)
        // A bad one is still refused, and named as typed.
        let bad = await cli.run(["skip", "add", "meditate", "-99999999d"], now: "2024-01-05T17:00:00Z")
        #expect(bad.code == 2)
        #expect(bad.errors.contains("'-99999999d'"), "\(bad.errors)")
    }

    /// One default command, named once.
    @Test func helpNamesOneDefaultCommand() async {
        let help = await CLIHarness().run(["help"], now: nil, shared: false)
        #expect(help.output.components(separatedBy: "default").count - 1 <= 2, "\(help.output)")
        #expect(help.output.contains("dashboard (default)"))
        #expect(!help.output.contains("(the default command)"))
    }

    /// Rule 13: strength in `stats` (with its week's change) and in both JSONs; none for tracking only.
    @Test func statsAndStatusShowTheStrength() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "floss"], now: "2024-01-01T12:00:00Z")
        _ = await cli.run(["create", "weight", "--track", "--unit", "kg"], now: "2024-01-01T12:00:00Z")
        for day in 1...3 { _ = await cli.run(["log", "floss"], now: "2024-01-0\(day)T17:00:00Z") }
        _ = await cli.run(["log", "weight", "78.4"], now: "2024-01-03T17:00:00Z")
        let stats = await cli.run(["stats", "floss"], now: "2024-01-04T14:00:00Z")
        // 01-03, the last day scored, took it from 10% to 15%.
        #expect(stats.output.contains("  strength 15% · +5 on the last day · +15 this week"), "\(stats.output)")
        #expect(try await cli.statusJSON(now: "2024-01-04T14:00:00Z", key: "floss")["strength"] as? Int == 15)
        #expect(try await cli.statusJSON(now: "2024-01-04T14:00:00Z", key: "weight")["strength"] is NSNull)
        let json = await cli.run(["stats", "floss", "--json"], now: "2024-01-04T14:00:00Z")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["strength"] as? Int == 15 && object["strength_change_7"] as? Int == 15 && object["strength_change_1"] as? Int == 5)
    }
}
