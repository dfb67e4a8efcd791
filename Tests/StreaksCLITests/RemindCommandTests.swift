import Foundation
import Testing
@testable import StreaksCLI

/// `streaks remind`: who is due (rules 7, 8 and 9), once per streak per due day, one summary
/// for several, the window, and what --install writes. New York time; 2024-01-01 is a Monday.
struct RemindCommandTests {
    /// Logs `key` at noon New York time on each day of January 2024 given.
    func log(_ cli: CLIHarness, _ key: String, days: [Int]) async {
        for day in days { _ = await cli.run(["log", key], now: String(format: "2024-01-%02dT17:00:00Z", day)) }
    }

    /// `remind --print` at `now` (UTC).
    func printed(_ cli: CLIHarness, _ now: String, _ extra: [String] = []) async -> [String] {
        let result = await cli.run(["remind", "--print"] + extra, now: now)
        #expect(result.code == 0, "\(result.errors)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test("due and not kept, within four hours: reminded; kept, or further off: not")
    func dueWithinTheWindow() async {
        let cli = CLIHarness()
        _ = await cli.run(["create", "read"], now: "2024-01-01T13:00:00Z")
        _ = await cli.run(["create", "gym"], now: "2024-01-01T13:00:00Z")
        await log(cli, "read", days: [1, 2])
        await log(cli, "gym", days: [1, 2, 3])
        // Wednesday 21:00: read has 3 hours left, gym is kept.
        #expect(await printed(cli, "2024-01-04T02:00:00Z") == ["read: 3h 0m left to keep your 2-day run (until 00:00)"])
        // Wednesday 18:00: six hours left, outside the default four; --within 8h and --all-day see it.
        #expect(await printed(cli, "2024-01-03T23:00:00Z").isEmpty)
        #expect(await printed(cli, "2024-01-03T23:00:00Z", ["--within", "8h"]).count == 1)
        #expect(await printed(cli, "2024-01-03T23:00:00Z", ["--all-day"]).count == 1)
    }

    @Test("--include-broken: a broken or never kept streak due today nudges too, until the day ends")
    func brokenAndNewStreaksWithIncludeBroken() async {
        let cli = CLIHarness()
        _ = await cli.run(["create", "gym"], now: "2024-01-01T13:00:00Z")
        _ = await cli.run(["create", "journal"], now: "2024-01-01T13:00:00Z")
        _ = await cli.run(["create", "work", "--days", "mon-fri"], now: "2024-01-01T13:00:00Z")
        _ = await cli.run(["create", "water", "--at-least", "2", "--unit", "l"], now: "2024-01-01T13:00:00Z")
        await log(cli, "gym", days: [1, 2, 3])
        _ = await cli.run(["log", "water", "0.5"], now: "2024-01-06T15:00:00Z")
        // Saturday 21:00: gym broke after 3 days, journal and water never kept a day, work rests.
        #expect(await printed(cli, "2024-01-07T02:00:00Z").isEmpty)
        #expect(await printed(cli, "2024-01-07T02:00:00Z", ["--include-broken"]) == [
            "gym: start again: best was 3 days (3h 0m left today, until 00:00)",
            "journal: start it today (3h 0m left today, until 00:00)",
            "water: start it today, 1.5 l to go (3h 0m left today, until 00:00)",
        ])
        // Kept today: nothing to say.
        await log(cli, "gym", days: [6])
        #expect(await printed(cli, "2024-01-07T02:00:00Z", ["--include-broken"]).map { $0.prefix(4) } == ["jour", "wate"])
    }

    @Test("a goal of several events says how many are left; a first week that needs today nudges with --include-broken")
    func eventsLeftAndAFirstWeek() async {
        let cli = CLIHarness()
        _ = await cli.run(["create", "push", "--goal", "3"], now: "2024-01-01T13:00:00Z")
        _ = await cli.run(["create", "gym", "--per-week", "3"], now: "2024-01-01T13:00:00Z")
        await log(cli, "push", days: [1, 1, 1, 2, 2, 2, 3])
        await log(cli, "gym", days: [5, 6])
        // Wednesday 21:00: push has 1 of 3 today.
        #expect(await printed(cli, "2024-01-04T02:00:00Z") == ["push: 2 events left to keep your 2-day run (3h 0m, until 00:00)"])
        // Sunday 21:00: gym never kept a week, has 2 of 3, and today is the week's last day:
        // its first week is at risk (rule 7), so it nudges even without --include-broken.
        #expect(await printed(cli, "2024-01-08T02:00:00Z").filter { $0.hasPrefix("gym") } == ["gym: keep its first week today (3h 0m left today, until 00:00)"])
        #expect(await printed(cli, "2024-01-08T02:00:00Z", ["--include-broken"]).filter { $0.hasPrefix("gym") }
            == ["gym: keep its first week today (3h 0m left today, until 00:00)"])
        // Saturday, one day after today still left: slack, no nudge.
        #expect(await printed(cli, "2024-01-07T02:00:00Z", ["--include-broken"]).filter { $0.hasPrefix("gym") }.isEmpty)
    }

    @Test("never on a rest day, a skipped day, or while a week still has slack; a week that needs today is")
    func restSkipAndWeeks() async {
        let cli = CLIHarness()
        _ = await cli.run(["create", "work", "--days", "mon-fri"], now: "2024-01-01T13:00:00Z")
        _ = await cli.run(["create", "walk"], now: "2024-01-01T13:00:00Z")
        _ = await cli.run(["create", "gym", "--per-week", "3"], now: "2023-12-25T13:00:00Z")
        for day in [25, 26, 27] { _ = await cli.run(["log", "gym"], now: "2023-12-\(day)T17:00:00Z") }
        await log(cli, "work", days: [1, 2, 3, 4, 5])
        await log(cli, "walk", days: [1, 2, 3, 4, 5])
        _ = await cli.run(["skip", "add", "walk", "2024-01-06"], now: "2024-01-05T18:00:00Z")
        await log(cli, "gym", days: [1, 2])
        // Saturday 21:00: work rests, walk is skipped, gym has 2 of 3 with two days left (slack).
        #expect(await printed(cli, "2024-01-07T02:00:00Z").isEmpty)
        // Sunday 21:00, still 2 of 3: the week (and the 1-week run) needs today; walk is due again.
        #expect(await printed(cli, "2024-01-08T02:00:00Z").map { $0.prefix(5) } == ["gym: ", "walk:"])
    }

    @Test("yesterday still savable in the leeway is a reminder for yesterday")
    func graceIsReminded() async {
        let cli = CLIHarness()
        _ = await cli.run(["create", "read", "--leeway", "3"], now: "2024-01-01T13:00:00Z")
        await log(cli, "read", days: [1, 2])
        // Thursday 01:00: Wednesday can still be kept until 03:00.
        #expect(await printed(cli, "2024-01-04T06:00:00Z") == ["read: 2h 0m left to keep your 2-day run (until 03:00)"])
    }

    @Test("once per streak per due day, one summary for several, again the next day")
    func oncePerDueDayAndSummaries() async throws {
        let cli = CLIHarness()
        let record = cli.store + "-reminders.txt"
        defer { try? FileManager.default.removeItem(atPath: record) }
        let command = "printf '%s|%s|%s\\n' \"$STREAKS_TITLE\" \"$STREAKS_KEYS\" \"$STREAKS_URGENCY\" >> '\(record)'"
        _ = await cli.run(["create", "read"], now: "2024-01-01T13:00:00Z")
        _ = await cli.run(["create", "gym"], now: "2024-01-01T13:00:00Z")
        await log(cli, "read", days: [1, 2, 3])
        await log(cli, "gym", days: [1, 2, 3])
        for now in ["2024-01-05T02:00:00Z", "2024-01-05T04:30:00Z", "2024-01-06T04:30:00Z"] {
            let result = await cli.run(["remind", "--command", command], now: now)
            #expect(result.code == 0, "\(result.errors)")
            if now == "2024-01-05T04:30:00Z" { continue }
            await log(cli, "read", days: [4])
            await log(cli, "gym", days: [4])
        }
        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
        #expect(lines == ["2 streaks need you today|gym,read|normal", "2 streaks need you today|gym,read|critical"])
    }

    @Test("outside --from and --to nothing is sent; a failing --command exits 1 in one line")
    func windowAndFailures() async {
        let cli = CLIHarness()
        _ = await cli.run(["create", "read"], now: "2024-01-01T13:00:00Z")
        await log(cli, "read", days: [1, 2])
        let outside = await cli.run(["remind", "--command", "exit 3", "--from", "08:00", "--to", "20:00"], now: "2024-01-04T02:00:00Z")
        #expect(outside.code == 0 && outside.errors.isEmpty)
        let failing = await cli.run(["remind", "--command", "exit 3"], now: "2024-01-04T02:00:00Z")
        #expect(failing.code == 1)
        #expect(failing.errors == "streaks: error: Could not remind: the --command failed (it exited with status 3).\n")
        // What the command writes is passed on, both streams, even when it fails.
        let said = await cli.run(["remind", "--command", "echo \"$STREAKS_TITLE\"; echo oops >&2; exit 4"], now: "2024-01-04T02:00:00Z")
        #expect(said.code == 1)
        #expect(said.output.hasSuffix("needs you today\n") || said.output.contains("read"), "\(said.output)")
        #expect(said.errors.hasPrefix("oops\n") && said.errors.contains("status 4"), "\(said.errors)")
        let bad = await cli.run(["remind", "--within", "soon"], now: "2024-01-04T02:00:00Z")
        #expect(bad.code == 2 && bad.errors.contains("--within"))
    }

    @Test("the timer and service --install writes: every 30 minutes, persistent, the session bus, quoted words")
    func installedUnits() throws {
        let installer = ReminderInstall(environment: ["HOME": "/home/me", "STREAKS_DATABASE": "postgres://me:p%w@db/streaks"], notifier: Notifier(environment: [:]))
        let schedule = ReminderSchedule(minutes: 30, from: 8 * 60, to: 22 * 60 + 30)
        #expect(schedule.onCalendar == "*-*-* *:00/30:00")
        #expect(schedule.cronFields == "*/30 8-22 * * *")
        #expect(ReminderSchedule(minutes: 120).onCalendar == "*-*-* 00/2:00:00")
        #expect(ReminderSchedule(minutes: 45).onCalendar == nil)
        let timer = installer.timerUnit(schedule, calendar: try #require(schedule.onCalendar))
        #expect(timer.contains("OnCalendar=*-*-* *:00/30:00\nPersistent=true\n"))
        #expect(timer.contains("WantedBy=timers.target"))
        let service = installer.serviceUnit(command: ["/opt/my streaks/streaks", "remind", "--from", "08:00", "--to", "22:30"])
        #expect(service.contains("Environment=DBUS_SESSION_BUS_ADDRESS=unix:path=%t/bus"))
        #expect(service.contains("Environment=\"STREAKS_DATABASE=postgres://me:p%%w@db/streaks\""))
        #expect(service.contains("ExecStart=\"/opt/my streaks/streaks\" \"remind\" \"--from\" \"08:00\" \"--to\" \"22:30\""))
        #expect(installer.unitDirectory == "/home/me/.config/systemd/user")
    }

    @Test("--install refuses a binary in a build folder, naming it and saying to install first; an installed path is fine")
    func installRefusesABuildFolder() async throws {
        #expect(ReminderInstall.isInBuildFolder("/home/me/streaks/.build/x86_64-unknown-linux-gnu/debug/streaks"))
        #expect(ReminderInstall.isInBuildFolder("/src/streaks/.build-install/release/streaks"))
        #expect(ReminderInstall.isInBuildFolder("/Users/me/Library/Developer/Xcode/DerivedData/x/Build/Products/Debug/streaks"))
        #expect(!ReminderInstall.isInBuildFolder("/home/me/.local/bin/streaks"))
        #expect(!ReminderInstall.isInBuildFolder("/usr/bin/streaks"))
        // These tests run from SwiftPM's build folder, so --install here is refused, and writes nothing.
        let runner = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        try #require(ReminderInstall.isInBuildFolder(runner))
        let cli = CLIHarness()
        let said = await cli.run(["remind", "--install"], now: "2024-01-04T02:00:00Z")
        #expect(said.code == 1)
        #expect(said.errors.contains("runs from a build folder (\(runner))") && said.errors.contains("./install.sh"), "\(said.errors)")
        #expect(!FileManager.default.fileExists(atPath: cli.store + "/.config/systemd"))
    }
}
