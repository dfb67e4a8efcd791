import Foundation
import Testing

/// `create "Any words"`, `--key`, `config --title`, and titles wherever a person reads.
struct TitleCommandTests {
    @Test func aNameInWordsBecomesTheTitleAndMakesTheKey() async throws {
        let cli = CLIHarness()
        let created = await cli.run(["create", "Stretch in the morning"])
        #expect(created.code == 0, "\(created.errors)")
        #expect(created.output.hasPrefix("Created 'stretch_in_the_morning' (Stretch in the morning):"))
        // Issue 46: the same name again is refused, naming the key (it made a second
        // "Stretch in the morning" under stretch_in_the_morning_2).
        let again = await cli.run(["create", "Stretch in the Morning"])
        #expect(again.code == 2)
        #expect(again.errors.contains("a streak with the key 'stretch_in_the_morning' (made from \"Stretch in the Morning\") exists already"))
        #expect(await cli.run(["list"]).output.components(separatedBy: "Stretch in the morning").count == 2)
        let other = await cli.run(["create", "Stretch in the Morning", "--key", "stretch_pm"])
        #expect(other.output.hasPrefix("Created 'stretch_pm' (Stretch in the Morning):"))
        let keyed = await cli.run(["create", "Floss every night", "--key", "floss"])
        #expect(keyed.output.hasPrefix("Created 'floss' (Floss every night):"))
        let status = try await cli.statusJSON(key: "floss")
        #expect(status["title"] as? String == "Floss every night")
        #expect(await cli.run(["status", "floss"]).output.hasPrefix("Floss every night (floss): 0 days"))
        #expect(await cli.run(["list"]).output.contains("floss  \"Floss every night\"  0 days"))
    }

    @Test func configChangesAndRemovesTheTitle() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "tea"])
        #expect(try await cli.statusJSON(key: "tea")["title"] is NSNull)
        #expect(await cli.run(["config", "tea", "--title", "Thé vert 🍵", "--goal", "2"]).code == 0)
        let titled = try await cli.statusJSON(key: "tea")
        #expect(titled["title"] as? String == "Thé vert 🍵")
        #expect(titled["events_required_per_day"] as? Int == 2)
        #expect(await cli.run(["config", "tea", "--title", ""]).code == 0)
        #expect(try await cli.statusJSON(key: "tea")["title"] is NSNull)
        let long = await cli.run(["config", "tea", "--title", String(repeating: "x", count: 81)])
        #expect(long.code == 2)
        #expect(long.errors.contains("up to 80 characters"))
    }

    @Test func aCopyCarriesTheTitle() async throws {
        let source = CLIHarness(), target = CLIHarness()
        _ = await source.run(["create", "Read 20 pages"])
        #expect(await source.run(["copy", "--from", source.store, "--to", target.store]).code == 0)
        #expect(try await target.statusJSON(key: "read_20_pages")["title"] as? String == "Read 20 pages")
    }
}
