import Foundation
import Testing
@testable import StreaksCLI

/// `streaks apply`: the vocabulary of change as lines of JSON, for scripts.
struct ApplyCommandTests {
    private func lines(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    private func total(_ cli: CLIHarness, _ key: String) async throws -> Int? {
        let status = await cli.run(["status", key, "--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [String: Any])["total_events"] as? Int
    }

    @Test func changesFromArgumentsAndStandardInputApplyInOrderAndSayWhatTheyProduced() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "run"], now: "2024-01-01T08:00:00Z")
        let applied = await cli.run([
            "apply",
            #"{"change":"log","key":"run","events":[{"id":"e1","date_created":"2024-01-05T07:30:00Z","timezone":"Europe/Paris"}]}"#,
            #"{"change":"skip","key":"run","days":["2024-01-04"]}"#,
            #"{"change":"note","key":"run","day":"2024-01-05","text":"rain"}"#,
        ])
        #expect(applied.code == 0, "\(applied.errors)")
        let results = try lines(applied.output)
        #expect(results.count == 3)
        #expect(results[0]["added"] as? [String] == ["e1"])
        #expect((results[1]["streak"] as? [String: Any])?["current_streak"] as? Int == 1)
        #expect(results[2]["summary"] as? String == "note 2024-01-05 of run")

        cli.standardInput = Array((#"{"change":"undo","key":"run"}"# + "\n" + #"{"change":"rename","key":"run","to":"jog"}"# + "\n").utf8)
        let piped = await cli.run(["apply"])
        #expect(piped.code == 0, "\(piped.errors)")
        let undone = try lines(piped.output)
        #expect(undone[0]["removed"] as? String == "e1")
        #expect((undone[1]["streak"] as? [String: Any])?["streak_id"] as? String == "jog")
        #expect(try await total(cli, "jog") == 0)
    }

    @Test func aChangeSentAgainAppliesOnce() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "run"], now: "2024-01-01T08:00:00Z")
        let log = #"{"change":"log","key":"run","events":[{"id":"e1","date_created":"2024-01-05T07:30:00Z","timezone":"UTC"}]}"#
        let remove = #"{"change":"remove_event","key":"run","id":"e1"}"#
        for _ in 0..<2 { #expect(await cli.run(["apply", log]).code == 0) }
        #expect(try await total(cli, "run") == 1)
        #expect(await cli.run(["apply", remove]).code == 0)
        let again = await cli.run(["apply", remove])
        #expect(again.code == 0, "\(again.errors)")
        #expect(try lines(again.output).first?["already_applied"] as? Bool == true)
        #expect(try await total(cli, "run") == 0)
    }

    @Test func aWrongLineAnywhereWritesNothingAndSaysWhichAndWhy() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "run"], now: "2024-01-01T08:00:00Z")
        let good = #"{"change":"log","key":"run","events":[{"id":"e1","date_created":"2024-01-05T07:30:00Z","timezone":"UTC"}]}"#
        let cases: [(String, String)] = [
            (#"{"change":"skip","key":"run","dyas":["2024-01-04"]}"#, "change 2: 'skip' takes days"),
            (#"{"change":"log","key":"Run!","events":[]}"#, "change 2:"),
            ("not json", "change 2: not JSON"),
            (#"{"change":"fly","key":"run"}"#, "change 2: unknown change 'fly'"),
        ]
        for (bad, words) in cases {
            let result = await cli.run(["apply", good, bad])
            #expect(result.code == 2, "\(bad)")
            #expect(result.errors.contains(words), "\(bad): \(result.errors)")
            #expect(result.output.isEmpty)
            #expect(try await total(cli, "run") == 0, "nothing of \(bad)'s batch was written")
        }
        #expect(await cli.run(["apply"]).errors.contains("no change given"))
    }

    @Test func aFailingChangeStopsTheRestAndSaysWhatWasSaved() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "run"], now: "2024-01-01T08:00:00Z")
        let result = await cli.run([
            "apply",
            #"{"change":"log","key":"run","events":[{"id":"e1","date_created":"2024-01-05T07:30:00Z","timezone":"UTC"}]}"#,
            #"{"change":"skip","key":"nope","days":["2024-01-04"]}"#,
            #"{"change":"log","key":"run","events":[{"id":"e2","date_created":"2024-01-05T08:30:00Z","timezone":"UTC"}]}"#,
        ])
        #expect(result.code != 0)
        #expect(result.errors.contains("No streak 'nope'") && result.errors.contains("log run was saved"), "\(result.errors)")
        #expect(try await total(cli, "run") == 1)
    }
}
