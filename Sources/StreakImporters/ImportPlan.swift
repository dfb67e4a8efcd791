import Foundation
import GamificationSupport
import StreakStoreKit
import SwiftfulGamification

/// A habit as the streak it becomes: key, configuration, and the events, skips and notes
/// to add, with what the mapping changed or left out.
public struct PlannedStreak: Sendable {
    public var name: String
    public var key: String
    public var configuration: StreakConfiguration
    public var batch: ImportBatch
    public var archived: Bool
    /// How streaks judges it otherwise than its source (approximated, tracking only, weeks,
    /// months or windows counted differently).
    public var remark: String?
    /// What the source holds that the streak does not.
    public var leftOut: [String]
    /// The strength the source showed against the one computed here (`StrengthCheck`).
    public var strengthCheck: StrengthCheck?

    public init(
        name: String, key: String, configuration: StreakConfiguration, batch: ImportBatch, archived: Bool, remark: String? = nil, leftOut: [String] = []
    ) {
        self.name = name
        self.key = key
        self.configuration = configuration
        self.batch = batch
        self.archived = archived
        self.remark = remark
        self.leftOut = leftOut
    }

    public var shape: StreakShape { StreakShape(schedule: configuration.schedule, target: configuration.target, unit: configuration.unit) }

    /// Why `existing` cannot take this habit's history: the schedule, target or unit
    /// differs (its title, group and place may).
    public func differences(from existing: StreakConfiguration) -> [String] {
        var differences: [String] = []
        if existing.schedule != configuration.schedule { differences.append("its schedule is \(existing.schedule.text), not \(configuration.schedule.text)") }
        if existing.target != configuration.target || existing.eventsRequiredPerDay != configuration.eventsRequiredPerDay {
            let theirs = StreakShape(schedule: existing.schedule, target: existing.target ?? (existing.eventsRequiredPerDay > 1 ? existing.effectiveTarget : nil), unit: existing.unit)
            differences.append("its target is \(theirs.text), not \(shape.text)")
        } else if existing.unit != configuration.unit {
            differences.append("its unit is \(existing.unit ?? "none"), not \(configuration.unit ?? "none")")
        }
        return differences
    }
}

/// Turns what a source holds into streaks: one per habit, with keys made from names.
public struct ImportPlanner: Sendable {
    /// The source, as event ids name it ("harsh", "dijo", "loop", "beaver").
    public var tool: String
    /// Days become events at their local noon in this zone.
    public var zone: TimeZone
    public var now: Date
    /// Map what streaks cannot hold exactly to the nearest schedule instead of tracking only.
    public var approximate = false
    /// Keys chosen for habits by name, over the keys made from names.
    public var keys: [String: String] = [:]
    /// Where new streaks are placed: after every streak the store has.
    public var firstPosition: Double = 1

    public init(tool: String, zone: TimeZone, now: Date, approximate: Bool = false, keys: [String: String] = [:], firstPosition: Double = 1) {
        self.tool = tool
        self.zone = zone
        self.now = now
        self.approximate = approximate
        self.keys = keys
        self.firstPosition = firstPosition
    }

    public func plan(_ contents: SourceContents) throws -> [PlannedStreak] {
        let names = Set(contents.habits.map(\.name))
        for name in keys.keys.sorted() where !names.contains(name) {
            throw ImportFormatError("--as \(name)=\(keys[name]!)", "the source has no habit named \"\(name)\"")
        }
        var taken = Set(keys.values)
        var planned: [PlannedStreak] = []
        for (index, habit) in contents.habits.enumerated() {
            let key: String
            if let chosen = keys[habit.name] {
                try StreakValidation.validateStreakKey(chosen)
                key = chosen
            } else {
                key = StreakValidation.derivedKey(fromTitle: habit.name, taken: taken)
            }
            guard !planned.contains(where: { $0.key == key }) else {
                throw ImportFormatError("--as", "two habits would both be \(key)")
            }
            taken.insert(key)
            planned.append(plan(habit, key: key, position: firstPosition + Double(index)))
        }
        return planned
    }

    func plan(_ habit: ImportedHabit, key: String, position: Double) -> PlannedStreak {
        let mapping = habit.rule.mapping
        var remark = mapping.remark
        var leftOut = habit.leftOut
        var shape: StreakShape
        if let exact = mapping.exact {
            shape = exact
        } else if approximate {
            shape = mapping.nearest
            remark = "approximated as \(mapping.nearest.text): \(mapping.remark ?? "streaks cannot hold \(habit.rule.text)")"
        } else {
            shape = StreakShape(target: .trackingOnly, unit: mapping.nearest.unit)
            remark = "tracking only: \(mapping.remark ?? "streaks cannot hold \(habit.rule.text)"); --approximate makes it \(mapping.nearest.text)"
        }
        if let unit = shape.unit, (try? StreakValidation.validateUnit(unit)) == nil {
            leftOut.append("its unit \"\(unit)\" (a unit is 1 to \(StreakValidation.longestUnit) characters)")
            shape.unit = nil
        }
        let measures = shape.target != nil
        var batch = ImportBatch()
        var first: CalendarDay?
        var later = 0, zeros = 0
        let today = CalendarDay(containing: now, in: zone)
        let hash = Self.nameHash(habit.name)
        for (day, entry) in habit.days.sorted(by: { $0.key < $1.key }) {
            first = min(first ?? day, day)
            switch entry {
            case .skipped:
                batch.skips.append(day)
            case .done(let amount):
                guard day <= today else {
                    later += 1
                    continue
                }
                if measures, amount == 0, !(shape.target?.isLimit ?? false) {
                    zeros += 1
                    continue
                }
                var metadata: [String: GamificationDictionaryValue] = [:]
                if !measures, let amount { metadata["amount"] = .double(amount) }
                batch.events.append(StreakEvent(
                    id: "\(tool)-\(hash)-\(day)", dateCreated: min(Self.noon(of: day, in: zone), now), timezone: zone.identifier,
                    metadata: metadata, amount: measures ? amount.map { min(StreakAmount.rounded($0), StreakAmount.largest) } : nil
                ))
            }
        }
        for (day, text) in habit.notes.sorted(by: { $0.key < $1.key }) where day <= today {
            first = min(first ?? day, day)
            batch.notes.append(StreakNote(day: day, text: text))
        }
        if later > 0 { leftOut.append("\(counted(later, "day")) after today") }
        if zeros > 0 { leftOut.append("\(counted(zeros, "day")) with an amount of 0") }
        let configuration = StreakConfiguration(
            streakKey: key, schedule: shape.schedule, target: shape.target, unit: shape.unit, startDay: first.map { min($0, today) }
        )
        .titled(Self.shown(habit.name, at: StreakValidation.longestTitle))
        .placed(group: habit.group.map { Self.shown($0, at: StreakValidation.longestGroup) }, position: position)
        batch.configuration = configuration
        var planned = PlannedStreak(name: habit.name, key: key, configuration: configuration, batch: batch, archived: habit.archived, remark: remark, leftOut: leftOut)
        planned.strengthCheck = StrengthCheck(planned, sourceScores: habit.sourceScores, now: now, zone: zone)
        return planned
    }

    /// A name as a title or group holds it: one line, cut to `longest` characters.
    static func shown(_ name: String, at longest: Int) -> String {
        String(name.filter { !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } }.prefix(longest))
    }

    /// Noon of `day` on the clocks of `zone` (the same day whatever daylight saving does).
    static func noon(of day: CalendarDay, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let start = day.startDate(in: zone)
        return calendar.date(bySettingHour: 12, minute: 0, second: 0, of: start) ?? start.addingTimeInterval(12 * 3_600)
    }

    /// A short, stable name for a habit in event ids.
    static func nameHash(_ name: String) -> String {
        let text = String(ContentHash.of(name), radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
