import Foundation
import Testing

/// Issue 46: an import never merges several streaks into one or drops a line silently, and
/// it starts a store as `create` does.
struct WholeImportTests {
    private func storeOfTwo() async -> CLIHarness {
        let cli = CLIHarness()
        _ = await cli.run(["create", "floss", "--leeway", "3"], now: "2024-01-01T12:00:00Z")
        _ = await cli.run(["create", "run", "--at-least", "5", "--unit", "km"], now: "2024-01-01T12:00:00Z")
        for day in 1...3 {
            _ = await cli.run(["log", "floss"], now: "2024-01-0\(day)T23:00:00Z")
            _ = await cli.run(["log", "run", "5.5"], now: "2024-01-0\(day)T14:00:00Z")
        }
        _ = await cli.run(["skip", "add", "floss", "2024-01-04"], now: "2024-01-04T12:00:00Z")
        _ = await cli.run(["note", "run", "2024-01-02", "hills"], now: "2024-01-04T12:00:00Z")
        return cli
    }

    @Test func aWholeExportImportedAsAFileGoesBackStreakByStreakByteForByte() async throws {
        let source = await storeOfTwo()
        let export = await source.run(["export", "--all"])
        #expect(export.code == 0)
        let file = source.store + "/all.jsonl"
        try Data(export.output.utf8).write(to: URL(fileURLWithPath: file))
        let target = CLIHarness()
        let imported = await target.run(["import", file])
        #expect(imported.code == 0, "\(imported.errors)")
        #expect(imported.output.contains("Imported 2 habits from streaks: 2 new streaks, 6 new events."))
        #expect(await target.run(["export", "--all"]).output == export.output)
        // Given a key, a file of several streaks is refused, naming the command that reads it.
        let before = target.snapshot()
        let refused = await target.run(["import", "floss", file])
        #expect(refused.code == 2)
        #expect(refused.errors.contains("is a whole export of 2 streaks (floss, run): `streaks import --from streaks FILE`"))
        #expect(target.snapshot() == before)
    }

    @Test func aStreaksOwnExportGoesBackUnderItsKeyAndTheSentenceSaysItsState() async throws {
        let source = await storeOfTwo()
        let export = await source.run(["export", "run"])
        let file = source.store + "/run.jsonl"
        try Data(export.output.utf8).write(to: URL(fileURLWithPath: file))
        let target = CLIHarness()
        _ = await target.run(["create", "other"])
        let imported = await target.run(["import", file], now: "2024-01-03T20:00:00Z")
        #expect(imported.code == 0, "\(imported.errors)")
        #expect(imported.output == "Imported 3 events into run: 3 days, 5.5 of 5 km today.\n")
    }

    @Test func importFromAnotherToolStartsANewStore() async throws {
        let cli = CLIHarness()
        let harsh = cli.store + "/harsh"
        try FileManager.default.createDirectory(atPath: harsh, withIntermediateDirectories: true)
        try Data("Gym: 1\n".utf8).write(to: URL(fileURLWithPath: harsh + "/habits"))
        try Data("2024-01-01 : Gym : y : sets : reps : done\n2024-01-02 : Gym : y : 3 : 10 : hard\n2024-01-03 : Gym : perhaps\n".utf8)
            .write(to: URL(fileURLWithPath: harsh + "/log"))
        let fresh = cli.store + "/fresh-store"
        let result = await cli.run(
            ["import", "--from", "harsh", harsh, "--store", fresh, "--timezone", "America/New_York", "--now", "2024-01-05T15:00:00Z"], shared: false
        )
        #expect(result.code == 0, "\(result.errors)")
        #expect(result.output.contains("note: left out: \(harsh)/log line 3 (result): \"perhaps\" is not y, n or s"))
        #expect(result.output.contains("Imported 1 habit from harsh: 1 new streak, 2 new events."))
        #expect(FileManager.default.fileExists(atPath: fresh + "/users/tester/streaks/gym/config.json"))
        let strict = await cli.run(
            ["import", "--from", "harsh", harsh, "--strict", "--store", cli.store + "/strict", "--now", "2024-01-05T15:00:00Z"], shared: false
        )
        #expect(strict.code != 0)
        #expect(!FileManager.default.fileExists(atPath: cli.store + "/strict/users"))
        let skipInvalid = await cli.run(["import", "--from", "harsh", harsh, "--skip-invalid"])
        #expect(skipInvalid.code == 2)
        #expect(skipInvalid.errors.contains("--skip-invalid is for a JSON Lines file"))
    }
}
