import Foundation
import Testing

/// `streaks note`: a day's note added, replaced, listed and removed; bad input refused in one
/// line with exit 2 and nothing written; notes in events, export, import and copy. Now is
/// 2024-01-05 10:00 in New York unless a test says otherwise.
struct NoteCommandTests {
    func harness() async -> CLIHarness {
        let cli = CLIHarness()
        _ = await cli.run(["create", "run"], now: "2024-01-01T12:00:00Z")
        _ = await cli.run(["log", "run"], now: "2024-01-04T17:00:00Z")
        return cli
    }

    @Test func aNoteIsAddedReplacedListedAndRemoved() async throws {
        let cli = await harness()
        let added = await cli.run(["note", "run", "knee hurt"])
        #expect(added.code == 0, "\(added.errors)")
        #expect(added.output == "Noted 2024-01-05 Fri in run: knee hurt\n")
        #expect(await cli.run(["note", "run", "yesterday", "tempo run"]).output == "Noted 2024-01-04 Thu in run: tempo run\n")
        #expect(await cli.run(["note", "run", "-3d", "sick, no run"]).code == 0)
        let replaced = await cli.run(["note", "run", "2024-01-04", "tempo run, 5 km"])
        #expect(replaced.output == "Replaced the note of 2024-01-04 Thu in run: tempo run, 5 km\n")
        #expect(await cli.run(["note", "add", "run", "2024-01-04", "tempo run, 5 km"]).output.hasPrefix("Kept the note of 2024-01-04"))
        let list = await cli.run(["note", "list", "run"])
        #expect(list.output == "2024-01-02 Tue  sick, no run\n2024-01-04 Thu  tempo run, 5 km\n2024-01-05 Fri  knee hurt\n")
        let json = await cli.run(["note", "list", "run", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: String]])
        #expect(items == [
            ["day": "2024-01-02", "text": "sick, no run"], ["day": "2024-01-04", "text": "tempo run, 5 km"], ["day": "2024-01-05", "text": "knee hurt"],
        ])
        let removed = await cli.run(["note", "remove", "run", "-3d"])
        #expect(removed.code == 0, "\(removed.errors)")
        #expect(removed.output == "Removed the note of 2024-01-02 Tue in run.\n")
        #expect(await cli.run(["note", "list", "run"]).output.split(separator: "\n").count == 2)
        // The only streak is the default for a list.
        #expect(await cli.run(["note", "list", "--json"]).output == json.output.replacingOccurrences(of: #"{"day":"2024-01-02","text":"sick, no run"},"#, with: ""))
    }

    @Test(arguments: [
        ("no text", ["note", "run"], "Give the streak and the note's text"),
        ("a day without text", ["note", "run", "yesterday"], "'yesterday' is a day: give the note's text after it"),
        ("empty", ["note", "run", ""], "A note must not be empty: remove it instead."),
        ("blank", ["note", "run", "today", "   "], "A note must not be empty"),
        ("too long", ["note", "run", String(repeating: "x", count: 1_001)], "The note is 1001 characters long; at most 1000 are allowed."),
        ("a line break", ["note", "run", "one\ntwo"], "The note contains a control character"),
        ("a day to come", ["note", "run", "tomorrow", "plan"], "Cannot note 2024-01-06: it has not come yet (today is 2024-01-05)"),
        ("not a day", ["note", "run", "someday", "x"], "DATE 'someday' is not a date"),
        ("an unknown streak", ["note", "swim", "x"], "No streak 'swim'"),
        ("a bad key", ["note", "Run!", "x"], "Invalid streak key 'Run!'"),
        ("too many words", ["note", "run", "today", "knee", "hurt"], "quote a text of several words"),
        ("no note to remove", ["note", "remove", "run", "2024-01-03"], "Streak 'run' has no note on 2024-01-03: nothing to remove."),
        ("remove without a day", ["note", "remove", "run"], "Give the streak, then the day"),
    ])
    func badInputIsRefusedInOneLineAndWritesNothing(_ name: String, _ arguments: [String], _ message: String) async throws {
        let cli = await harness()
        _ = await cli.run(["note", "run", "2024-01-04", "kept"])
        let before = cli.snapshot()
        let result = await cli.run(arguments)
        #expect(result.code == 2, "\(name): \(result.errors)")
        #expect(result.errors.hasPrefix("streaks: error: "), "\(name)")
        #expect(result.errors.contains(message), "\(name): \(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1, "\(name): \(result.errors)")
        #expect(result.output.isEmpty, "\(name)")
        #expect(cli.snapshot() == before, "\(name)")
    }

    @Test func eventsShowEachDaysNoteWhereTheyListThatDay() async throws {
        let cli = await harness()
        _ = await cli.run(["log", "run"], now: "2024-01-05T14:00:00Z")
        _ = await cli.run(["note", "run", "2024-01-04", "tempo"])
        _ = await cli.run(["note", "run", "2024-01-03", "rest"])
        let text = await cli.run(["events", "run"])
        let lines = text.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "2024-01-03        note    rest")
        #expect(lines[1].hasPrefix("2024-01-04 12:00"))
        #expect(lines[2] == "2024-01-04        note    tempo")
        #expect(lines[3].hasPrefix("2024-01-05 09:00"))
        let json = await cli.run(["events", "run", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(items.count == 4)
        #expect((items[2]["note"] as? [String: String]) == ["day": "2024-01-04", "text": "tempo"])
        #expect(!(await cli.run(["events", "run", "--json", "--since", "2024-01-04"]).output.contains("rest")))
    }

    @Test func anExportImportedElsewhereKeepsTheNotes() async throws {
        let source = await harness(), target = CLIHarness()
        _ = await source.run(["note", "run", "2024-01-04", #"said "easy""#])
        let exported = await source.run(["export", "run"])
        #expect(exported.output.contains(#"{"note":{"day":"2024-01-04","text":"said \"easy\""}}"#))
        let file = target.store + ".jsonl"
        try exported.output.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(await target.run(["import", "run", file]).code == 0)
        #expect(await target.run(["note", "list", "run", "--json"]).output == #"[{"day":"2024-01-04","text":"said \"easy\""}]"# + "\n")
        let again = target.snapshot()
        #expect(await target.run(["import", "run", file]).code == 0)
        #expect(target.snapshot().filter { $0.key.hasSuffix("notes.jsonl") } == again.filter { $0.key.hasSuffix("notes.jsonl") })
    }

    @Test func aCopyCarriesNotesAndRefusesATargetWhoseNoteDiffers() async throws {
        let source = await harness(), target = CLIHarness()
        _ = await source.run(["note", "run", "2024-01-04", "tempo"])
        let first = await source.run(["copy", "--from", source.store, "--to", target.store])
        #expect(first.code == 0, "\(first.errors)")
        #expect(first.output.contains("1 note"))
        #expect(await target.run(["note", "list", "run"]).output == "2024-01-04 Thu  tempo\n")
        #expect(await source.run(["copy", "--from", source.store, "--to", target.store]).code == 0)
        // The target's note changed since: the copy says so and writes nothing.
        _ = await target.run(["note", "run", "2024-01-04", "tempo, changed"])
        _ = await target.run(["note", "run", "2024-01-03", "only here"])
        let before = target.snapshot()
        let refused = await source.run(["copy", "--from", source.store, "--to", target.store])
        #expect(refused.code == 1)
        #expect(refused.errors.contains("run: the target holds 1 note the source does not have (on 2024-01-03)"), "\(refused.errors)")
        #expect(refused.errors.contains("1 note that differ from the source's (on 2024-01-04)"), "\(refused.errors)")
        #expect(refused.errors.contains("streaks note remove"))
        #expect(target.snapshot() == before)
    }

    @Test func completionKnowsTheNoteCommandAndOffersKeys() async throws {
        let cli = await harness()
        let keys = await cli.run(["---completion", "note", "add", "--", "positional@0", "3", "2", "streaks", "note", "--store", cli.store, "r"], shared: false)
        #expect(keys.output.split(separator: "\n") == ["run"])
        let script = await cli.run(["--generate-completion-script", "bash"], shared: false)
        for word in ["note", "remove", "list"] { #expect(script.output.contains(word), "\(word)") }
        let help = await cli.run(["note", "--help"], shared: false)
        #expect(help.output.contains(#"streaks note KEY [DATE] "text""#))
    }
}
