import Foundation
import Testing

/// `streaks ask`: every due streak through every unanswered day, oldest first, answers read
/// line by line from a pipe (New York; the walk runs on Friday 2024-01-05 10:00).
struct AskCommandTests {
    let now = "2024-01-05T15:00:00Z"

    /// med (daily, logged Tuesday), push (3 a day), water (at least 2 l a day), all created Monday.
    func store() async -> CLIHarness {
        let cli = CLIHarness()
        _ = await cli.run(["create", "med"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["create", "push", "--goal", "3"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["create", "water", "--at-least", "2", "--unit", "l"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["log", "med"], now: "2024-01-02T15:00:00Z")
        return cli
    }

    func ask(_ cli: CLIHarness, _ answers: [String], _ arguments: [String] = []) async -> CLIHarness.Result {
        cli.standardInput = Array((answers.joined(separator: "\n") + (answers.isEmpty ? "" : "\n")).utf8)
        return await cli.run(["ask"] + arguments, now: now)
    }

    func json(_ cli: CLIHarness, _ arguments: [String]) async throws -> Any {
        let result = await cli.run(arguments, now: now)
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    }

    func questions(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard let mark = line.range(of: "? ") ?? (line.hasSuffix("?") ? line.range(of: "?", options: .backwards) : nil) else { return nil }
            return String(line[..<mark.lowerBound])
        }
    }

    @Test func asksOldestDayFirstFromTheLastAnswerAndSavesEveryKindOfAnswer() async throws {
        let cli = await store()
        let result = await ask(cli, ["y", "n", "3", "# felt good", "y", "s", "", "x", "1.5", "q"])
        #expect(result.code == 0, "\(result.errors)")
        let asked = questions(result.output)
        // med was answered on Tuesday: its walk starts Wednesday. Within a day, the list's order.
        #expect(asked.prefix(4) == ["Mon 2024-01-01  push (3 a day)", "Mon 2024-01-01  water (l)", "Tue 2024-01-02  push (3 a day)", "Tue 2024-01-02  water (l)"], "\(result.output)")
        #expect(result.output.contains("'x' is not an answer"))
        #expect(result.output.contains("Done: logged 4 days, skipped 1 day, 1 note written, 1 not done (remembered), 1 left for later."), "\(result.output)")
        // y on a 3-a-day streak logs 3 events; a number, that many.
        let push = try #require(try await json(cli, ["events", "push", "--json"]) as? [[String: Any]])
        #expect(push.filter { $0["date_created"] as? String == "2024-01-01T17:00:00Z" }.count == 3)
        #expect(push.filter { $0["date_created"] as? String == "2024-01-02T17:00:00Z" }.count == 3)
        // y on an amount target logs the target; a number, that amount; # a note, then asked again.
        let water = try #require(try await json(cli, ["events", "water", "--json"]) as? [[String: Any]])
        #expect(water.compactMap { $0["amount"] as? Double } == [2, 1.5])
        #expect(water.contains { ($0["note"] as? [String: Any])?["text"] as? String == "felt good" })
        #expect(try await json(cli, ["skip", "list", "med", "--json"]) as? [String] == ["2024-01-03"])
    }

    @Test func aSecondWalkAsksNothingAlreadyAnsweredButWhatWasLeftForLater() async throws {
        let cli = await store()
        _ = await ask(cli, ["y", "n", "3", "y", "s", ""])
        let second = await ask(cli, ["q"])
        // Wednesday's push was left for later; everything before is answered (no is remembered).
        #expect(questions(second.output).first == "Wed 2024-01-03  push (3 a day)", "\(second.output)")
        // Wednesday through Friday: push and water each day, med from Thursday.
        let third = await ask(cli, Array(repeating: "n", count: 8))
        #expect(questions(third.output).count == 8, "\(third.output)")
        let fourth = await ask(cli, [])
        #expect(fourth.output.contains("Nothing to ask"), "\(fourth.output)")
    }

    @Test func stoppingHalfWayOrAtTheEndOfTheInputKeepsWhatWasGiven() async throws {
        let cli = await store()
        let cut = await ask(cli, ["y"])
        #expect(cut.code == 0)
        #expect(cut.output.contains("Done: logged 1 day."), "\(cut.output)")
        let push = try #require(try await json(cli, ["events", "push", "--json"]) as? [[String: Any]])
        #expect(push.count == 3)
        let quit = await ask(cli, ["q"])
        #expect(quit.output.contains("Nothing changed."))
        #expect(questions(quit.output).first == "Mon 2024-01-01  water (l)")
    }

    @Test func sinceGoesBehindTheLastAnswerAndAFutureDayIsRefused() async throws {
        let cli = await store()
        let behind = await ask(cli, ["q"], ["med", "--since", "2024-01-01"])
        #expect(questions(behind.output).first == "Mon 2024-01-01  med", "\(behind.output)")
        let future = await ask(cli, [], ["--since", "2024-01-09"])
        #expect(future.code != 0 && future.errors.contains("after today"), "\(future.errors)")
    }

    /// Issue 49: `--since` before the streak was created asks those days too ("Nothing to
    /// ask" though three days since then had no answer).
    @Test func sinceReachesBeforeTheStreakWasCreated() async throws {
        let cli = await store()
        _ = await cli.run(["create", "late"], now: "2024-01-04T15:00:00Z")
        let asked = await ask(cli, ["q"], ["late", "--since", "2024-01-02"])
        #expect(questions(asked.output).first == "Tue 2024-01-02  late", "\(asked.output)")
        #expect(asked.output.contains("4 questions over 4 days"), "\(asked.output)")
    }

    @Test func aLimitOrAWeeklyAmountAsksHowMuchForY() async throws {
        let cli = CLIHarness()
        _ = await cli.run(["create", "coffee", "--at-most", "2", "--unit", "cups"], now: "2024-01-04T15:00:00Z")
        let result = await ask(cli, ["y", "1", "q"])
        #expect(result.output.contains("type how much (in cups), or n"), "\(result.output)")
        let coffee = try #require(try await json(cli, ["events", "coffee", "--json"]) as? [[String: Any]])
        #expect(coffee.compactMap { $0["amount"] as? Double } == [1])
    }

    @Test func restDaysAreNotAsked() async throws {
        let cli = CLIHarness()
        // Monday, Wednesday, Friday; created Monday 2024-01-01.
        _ = await cli.run(["create", "gym", "--days", "mon,wed,fri"], now: "2024-01-01T15:00:00Z")
        let result = await ask(cli, ["n", "n", "n"])
        #expect(questions(result.output) == ["Mon 2024-01-01  gym", "Wed 2024-01-03  gym", "Fri 2024-01-05  gym"], "\(result.output)")
    }

    @Test func aWeeklyStreakIsAskedEveryDayOfAWeekStillShortOfItsTarget() async throws {
        let cli = CLIHarness()
        // Three times a week from Monday 2024-01-01; logged Monday; the walk runs on Friday.
        _ = await cli.run(["create", "gym", "--per-week", "3"], now: "2024-01-01T15:00:00Z")
        _ = await cli.run(["log", "gym"], now: "2024-01-01T16:00:00Z")
        let result = await ask(cli, ["n", "y", "n", "y"])
        #expect(questions(result.output) == ["Tue 2024-01-02  gym", "Wed 2024-01-03  gym", "Thu 2024-01-04  gym", "Fri 2024-01-05  gym"], "\(result.output)")
        let gym = try #require(try await json(cli, ["events", "gym", "--json"]) as? [[String: Any]])
        #expect(gym.count == 3)
        // The week has its three: nothing more to ask of it.
        #expect(await ask(cli, []).output.contains("Nothing to ask"))
    }
}
