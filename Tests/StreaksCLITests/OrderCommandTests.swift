import Foundation
import Testing

/// `streaks order` and `--group`: status, list and `--json` follow one order.
struct OrderCommandTests {
    @Test func groupsAndOrderShowInStatusListAndJSON() async throws {
        let cli = CLIHarness()
        for key in ["run", "floss", "water", "read", "stretch"] { _ = await cli.run(["create", key]) }
        _ = await cli.run(["create", "Deep work", "--group", "Work"])
        #expect(await cli.run(["config", "run", "--group", "Health"]).code == 0)
        #expect(await cli.run(["order", "floss", "--group", "Health"]).output == "Moved 'floss' last in Health.\n")
        #expect(await cli.run(["order", "water", "--before", "run"]).code == 0)
        #expect(await cli.run(["order", "read", "--after", "deep_work"]).code == 0)
        let json = await cli.run(["status", "--json"])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(objects.map { $0["streak_id"] as? String } == ["stretch", "water", "run", "floss", "deep_work", "read"])
        #expect(objects.map { $0["group"] as? String } == [nil, "Health", "Health", "Health", "Work", "Work"])
        let text = await cli.run(["status"]).output
        #expect(text.contains("Health:\n  water"))
        #expect(text.contains("Work:\n  deep_work (Deep work)"))
        let list = await cli.run(["list"]).output.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(list == ["stretch", "water", "run", "floss", "deep_work", "read"])
    }

    @Test func aMoveNeedsOnePlace() async {
        let cli = CLIHarness()
        _ = await cli.run(["create", "run"])
        #expect(await cli.run(["order", "run"]).code == 2)
        #expect(await cli.run(["order", "run", "--before", "run"]).errors.contains("next to itself"))
        #expect(await cli.run(["order", "run", "--before", "nope"]).code == 2)
    }
}
