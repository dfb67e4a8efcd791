import Foundation
import Testing

/// `delete`, `trash list` and `trash restore` through the command, and a `--store` that
/// names no store refused before anything is made.
struct TrashCommandTests {
    @Test func deleteFreesTheKeyAndRestoreBringsTheStreakBackUnderAnother() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "Morning run", "--key", "run"], now: "2024-01-01T08:00:00Z")
        _ = await cli.run(["log", "run"], now: "2024-01-02T12:00:00Z")
        let refused = await cli.run(["delete", "run"], now: "2024-01-03T08:00:00Z")
        #expect(refused.code == 2 && refused.errors.contains("add --yes"))
        let deleted = await cli.run(["delete", "run", "--yes"], now: "2024-01-03T08:00:00Z")
        #expect(deleted.code == 0, "\(deleted.errors)")
        #expect(deleted.output.contains("Deleted 'run' (1 event): in the trash until 2024-02-02"))
        #expect(await cli.run(["list"], now: "2024-01-03T08:00:00Z").output.hasPrefix("No streaks yet"))
        let listed = await cli.run(["trash", "list", "--json"], now: "2024-01-03T09:00:00Z")
        let trash = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
        #expect(trash.count == 1 && trash[0]["streak_key"] as? String == "run" && trash[0]["title"] as? String == "Morning run")
        #expect(trash[0]["event_count"] as? Int == 1 && trash[0]["date_expires"] as? String == "2024-02-02T08:00:00Z")

        _ = await cli.run(["create", "run"], now: "2024-01-03T09:00:00Z")
        let taken = await cli.run(["trash", "restore", "run"], now: "2024-01-03T10:00:00Z")
        #expect(taken.code == 2 && taken.errors.contains("--as NEW"))
        let restored = await cli.run(["trash", "restore", "run", "--as", "old_run"], now: "2024-01-03T10:00:00Z")
        #expect(restored.code == 0, "\(restored.errors)")
        #expect(restored.output.hasPrefix("Restored 'run' as 'old_run':"))
        #expect(try await cli.statusJSON(key: "old_run")["title"] as? String == "Morning run")
        #expect(await cli.run(["trash"], now: "2024-01-03T10:00:00Z").output == "The trash is empty.\n")
        let missing = await cli.run(["trash", "restore", "walk"], now: "2024-01-03T10:00:00Z")
        #expect(missing.code == 2 && missing.errors.contains("No streak 'walk' in the trash"))
    }

    @Test func aCopyOfTheWholeStoreCarriesItsTrash() async throws {
        let source = CLIHarness(), target = CLIHarness()
        _ = await source.run(["create", "Morning run", "--key", "run"], now: "2024-01-01T08:00:00Z")
        _ = await source.run(["log", "run"], now: "2024-01-02T12:00:00Z")
        _ = await source.run(["create", "tea"], now: "2024-01-02T12:00:00Z")
        _ = await source.run(["delete", "run", "--yes"], now: "2024-01-03T08:00:00Z")
        let copied = await source.run(["copy", "--from", source.store, "--to", target.store], now: "2024-01-04T08:00:00Z")
        #expect(copied.code == 0, "\(copied.errors)")
        #expect(copied.output.contains(", and 1 in the trash from"))
        let trash = await target.run(["trash", "list"], now: "2024-01-04T08:00:00Z")
        #expect(trash.output.hasPrefix("run  \"Morning run\"  1 event  deleted 2024-01-03 03:00 EST, kept until 2024-02-02"))
        #expect(await target.run(["trash", "restore", "run"], now: "2024-01-04T08:00:00Z").code == 0)
        #expect(try await target.statusJSON(key: "run")["total_events"] as? Int == 1)
        // A second copy finds its entry there: one, not two.
        _ = await source.run(["copy", "--from", source.store, "--to", target.store], now: "2024-01-04T09:00:00Z")
        #expect(await target.run(["trash", "list"], now: "2024-01-04T09:00:00Z").output.components(separatedBy: "\n").filter { $0.hasPrefix("run  ") }.count == 1)
    }

    @Test func aStoreDirectoryThatDoesNotExistIsRefusedAndOnlyCreateMakesOne() async throws {
        let cli = CLIHarness()
        let typo = cli.store + "-typo"
        defer { try? FileManager.default.removeItem(atPath: typo) }
        for words in [["log"], ["status"], ["skip", "add", "today"], ["freeze", "add"], ["delete", "daily", "--yes"]] {
            let result = await cli.run(words + ["--store", typo], shared: false)
            #expect(result.code == 2, "\(words)")
            #expect(result.errors == "streaks: error: No store at \(typo): `streaks create KEY --store \(typo)` makes one there (or check the path).\n")
            #expect(!FileManager.default.fileExists(atPath: typo))
        }
        let created = await cli.run(["create", "daily", "--store", typo], shared: false)
        #expect(created.code == 0, "\(created.errors)")
        #expect(await cli.run(["log", "--store", typo], shared: false).code == 0)
    }
}
