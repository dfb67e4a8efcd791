import ArgumentParser
import Foundation
import StreakPresentation
import StreakStoreKit
import SwiftfulGamification

/// `streaks points`: experience points for kept days and milestones, and the level they make.
struct PointsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "points", abstract: "Experience points for kept days and milestones (off until `streaks points on`).",
        discussion: """
        With points on, each day a streak is kept earns its points per day (10 unless set), and each milestone \
        of a run (3, 7, 14, 30... days or weeks) earns its count. Days kept before points were turned on earn \
        nothing (import --with-points makes imported history earn). A day no longer kept (an event removed, a goal \
        raised) gives its points back. Level n starts at 50 x (n-1) x n points: level 2 at 100, 3 at 300, 4 at 600. \
        JSON: level, points (all_time, today, this_week, last_7_days, this_month, last_30_days, this_year, \
        last_12_months), events_today, to_next_level, on.
        """,
        subcommands: [Show.self, On.self, Off.self, PerDay.self],
        defaultSubcommand: Show.self
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Points today, this week, month, year and all time, and the level.")

        @Flag(help: "JSON, for scripts and status bars.") var json = false
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try await global.context()
            let store = try PointsSettling.store(context)
            let settings = try await store.pointsSettings(userId: context.userId)
            try await PointsSettling.settle(context)
            let service = await StoreExperiencePointsService(store: store, weekStart: context.weekStart, now: { context.now }, timeZone: { context.zone })
            let data = try await service.currentData(userId: context.userId, experienceKey: StreakPoints.experienceKey)
            context.console.print(json ? Self.json(data, isOn: settings.isOn) : Self.text(data, isOn: settings.isOn))
        }

        static func text(_ data: CurrentExperiencePointsData, isOn: Bool) -> String {
            let level = ExperienceLevel(points: data.pointsAllTime ?? 0)
            var lines = [
                PointsWords.header(data) + " (\(PointsWords.number(level.pointsToNextLevel)) to level \(level.level + 1))",
            ]
            let windows: [(String, Int?)] = [
                ("Today", data.pointsToday), ("This week", data.pointsThisWeek), ("This month", data.pointsThisMonth),
                ("This year", data.pointsThisYear), ("All time", data.pointsAllTime),
            ]
            let values = windows.map { PointsWords.number($0.1 ?? 0) }
            let width = values.map(\.count).max() ?? 0
            for ((name, _), value) in zip(windows, values) {
                lines.append("  " + name.padding(toLength: 11, withPad: " ", startingAt: 0) + String(repeating: " ", count: width - value.count) + value)
            }
            if !isOn { lines.append("Points are off: `streaks points on` starts earning (from today).") }
            return lines.joined(separator: "\n")
        }

        static func json(_ data: CurrentExperiencePointsData, isOn: Bool) -> String {
            let level = ExperienceLevel(points: data.pointsAllTime ?? 0)
            let points: [String: Any] = [
                "all_time": data.pointsAllTime ?? 0, "today": data.pointsToday ?? 0, "this_week": data.pointsThisWeek ?? 0,
                "last_7_days": data.pointsLast7Days ?? 0, "this_month": data.pointsThisMonth ?? 0, "last_30_days": data.pointsLast30Days ?? 0,
                "this_year": data.pointsThisYear ?? 0, "last_12_months": data.pointsLast12Months ?? 0,
            ]
            return Report.json([
                "on": isOn, "level": level.level, "points": points, "events_today": data.eventsTodayCount ?? 0, "to_next_level": level.pointsToNextLevel,
            ] as [String: Any])
        }
    }

    struct On: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "on", abstract: "Start earning points: days kept from today on (and from when points were first on).",
            discussion: "Turning points on again after `off` keeps the first day: days kept meanwhile earn too."
        )

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try await global.context()
            let today = CalendarDay(containing: context.now, in: context.zone)
            let (before, settings) = try await PointsSettling.change([.turnOn(since: today)], context)
            guard !before.isOn else {
                context.console.print("Points are already on (earning since \(before.earningSince?.description ?? "today")).")
                return
            }
            context.console.saved.note("points on")
            context.console.print("Points on: kept days from \(settings.earningSince!) earn \(settings.pointsPerDay), milestones their count.")
        }
    }

    struct Off: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "off", abstract: "Stop earning points (what was earned stays).")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try await global.context()
            let (before, _) = try await PointsSettling.change([.turnOff], context)
            guard before.isOn else {
                context.console.print("Points are already off.")
                return
            }
            context.console.saved.note("points off")
            context.console.print("Points off: nothing more is earned or taken back; what was earned stays.")
        }
    }

    struct PerDay: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "per-day", abstract: "Points a kept day earns: for every streak, or one with --streak.",
            discussion: "The days already earned are settled to the new amount."
        )

        @Argument(help: "Points, 0 to 1000.") var points: Int
        @Option(help: "Only this streak.", completion: Completions.streakKeys) var streak: String?
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            guard (0...1000).contains(points) else { throw ValidationError("points per day go from 0 to 1000, not \(points).") }
        }

        func run() async throws {
            let context = try await global.context()
            if let streak {
                let key = try await context.streakKey(streak)
                _ = try await context.store.settings(userId: context.userId, streakKey: key)  // it exists
                try await PointsSettling.change([.streakPointsPerDay(streakKey: key, points: points)], context)
                context.console.saved.note("the points per day of \(key)")
                context.console.print("A kept day of \(key) earns \(points).")
            } else {
                let (_, settings) = try await PointsSettling.change([.pointsPerDay(points)], context)
                context.console.saved.note("the points per day")
                context.console.print("A kept day earns \(points)" + (settings.pointsPerDayByStreak.isEmpty ? "." : " (streaks with their own: \(settings.pointsPerDayByStreak.keys.sorted().joined(separator: ", "))).")
                )
            }
        }
    }
}
