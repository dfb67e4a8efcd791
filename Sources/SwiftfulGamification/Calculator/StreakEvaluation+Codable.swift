import Foundation

extension StreakEvaluation: Codable {
    private enum CodingKeys: String, CodingKey {
        case streak, today, configuration, states, credited, own, goals
        case freezeConsumptions = "freeze_consumptions"
        case daysToSave = "days_to_save"
        case timeZone = "time_zone"
        case baseDay = "base_day"
        case firstDay = "first_day"
        case scheduleDays = "schedule_days"
        case scheduleGoals = "schedule_goals"
        case scheduleFallback = "schedule_fallback"
        case consumedFreezes = "consumed_freezes"
        case skippedDays = "skipped_days"
        case weeks
        case notes
        case amounts
        case targetDays = "target_days"
        case targets
        case targetFallback = "target_fallback"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let states = try DayBytes.decode(container.decode(String.self, forKey: .states)).map { DayState(rawValue: $0) }
        guard !states.contains(nil) else {
            throw DecodingError.dataCorruptedError(forKey: .states, in: container, debugDescription: "unknown day state")
        }
        let credited = try DayBytes.integers(container.decode(String.self, forKey: .credited))
        let goals = try DayBytes.integers(container.decode(String.self, forKey: .goals))
        let own = try DayBytes.integers(container.decode(String.self, forKey: .own))
        guard credited.count == states.count, goals.count == states.count, own.count == states.count else {
            throw DecodingError.dataCorruptedError(forKey: .credited, in: container, debugDescription: "day arrays differ in length")
        }
        let consumed = try container.decode([String: String].self, forKey: .consumedFreezes)
        // Written before amounts: every event counted 1, every day asked for its goal.
        let amounts = try container.decodeIfPresent(String.self, forKey: .amounts).map(DayBytes.longIntegers)
        guard amounts.map({ $0.count == states.count }) ?? true else {
            throw DecodingError.dataCorruptedError(forKey: .amounts, in: container, debugDescription: "day arrays differ in length")
        }
        var targets: TargetSchedule?
        if let fallback = try container.decodeIfPresent(StreakTarget.self, forKey: .targetFallback) {
            let days = try container.decode([Int].self, forKey: .targetDays)
            let changes = try container.decode([StreakTarget].self, forKey: .targets)
            guard days.count == changes.count else {
                throw DecodingError.dataCorruptedError(forKey: .targets, in: container, debugDescription: "target days and targets differ in length")
            }
            targets = TargetSchedule(days: days, targets: changes, fallback: fallback)
        }
        self.init(
            streak: try container.decode(CurrentStreakData.self, forKey: .streak),
            freezeConsumptions: try container.decode([FreezeConsumption].self, forKey: .freezeConsumptions),
            today: try container.decode(CalendarDay.self, forKey: .today),
            daysToSave: try container.decode([CalendarDay].self, forKey: .daysToSave),
            configuration: try container.decode(StreakConfiguration.self, forKey: .configuration),
            timeZoneIdentifier: try container.decode(String.self, forKey: .timeZone),
            ledgerBaseDay: try container.decode(Int.self, forKey: .baseDay),
            firstDay: try container.decodeIfPresent(Int.self, forKey: .firstDay),
            states: states.map { $0! }, credited: credited, own: own, goals: goals, amounts: amounts,
            schedule: GoalSchedule(
                days: try container.decode([Int].self, forKey: .scheduleDays),
                goals: try container.decode([Int].self, forKey: .scheduleGoals),
                fallback: try container.decode(Int.self, forKey: .scheduleFallback)
            ),
            targets: targets,
            consumedFreezeByDay: Dictionary(uniqueKeysWithValues: consumed.compactMap { key, value in Int(key).map { ($0, value) } }),
            skippedDays: Set(try container.decodeIfPresent([Int].self, forKey: .skippedDays) ?? []),
            weeks: try container.decodeIfPresent([StreakWeek].self, forKey: .weeks) ?? []
        )
        notes = try container.decodeIfPresent([StreakNote].self, forKey: .notes) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(streak, forKey: .streak)
        try container.encode(freezeConsumptions, forKey: .freezeConsumptions)
        try container.encode(today, forKey: .today)
        try container.encode(daysToSave, forKey: .daysToSave)
        try container.encode(configuration, forKey: .configuration)
        try container.encode(timeZoneIdentifier, forKey: .timeZone)
        try container.encode(ledgerBaseDay, forKey: .baseDay)
        try container.encodeIfPresent(firstDay, forKey: .firstDay)
        try container.encode(DayBytes.encode(states.map(\.rawValue)), forKey: .states)
        try container.encode(DayBytes.encode(credited), forKey: .credited)
        try container.encode(DayBytes.encode(own), forKey: .own)
        try container.encode(DayBytes.encode(goals), forKey: .goals)
        try container.encode(schedule.changes.map(\.day), forKey: .scheduleDays)
        try container.encode(schedule.changes.map(\.goal), forKey: .scheduleGoals)
        try container.encode(schedule.fallback, forKey: .scheduleFallback)
        try container.encode(Dictionary(uniqueKeysWithValues: consumedFreezeByDay.map { (String($0.key), $0.value) }), forKey: .consumedFreezes)
        if !skippedDays.isEmpty { try container.encode(skippedDays.sorted(), forKey: .skippedDays) }
        if !weeks.isEmpty { try container.encode(weeks, forKey: .weeks) }
        if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
        if zip(amounts, credited).contains(where: { $0 != Int64($1) * HistoryAmounts.unit }) {
            try container.encode(DayBytes.encode(longIntegers: amounts), forKey: .amounts)
        }
        if !targets.isSame(as: TargetSchedule(goals: schedule)) {
            try container.encode(targets.changes.map(\.day), forKey: .targetDays)
            try container.encode(targets.changes.map(\.target), forKey: .targets)
            try container.encode(targets.fallback, forKey: .targetFallback)
        }
    }
}

/// Per-day arrays as base64: thousands of numbers a JSON array would make slow to read.
enum DayBytes {
    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    static func encode(_ values: [Int32]) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(values.count * 4)
        for value in values { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        return encode(bytes)
    }

    static func decode(_ text: String) throws -> [UInt8] {
        guard let data = Data(base64Encoded: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not base64"))
        }
        return Array(data)
    }

    static func encode(longIntegers values: [Int64]) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(values.count * 8)
        for value in values { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        return encode(bytes)
    }

    static func longIntegers(_ text: String) throws -> [Int64] {
        let bytes = try decode(text)
        guard bytes.count % 8 == 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not 64-bit integers"))
        }
        return bytes.withUnsafeBytes { raw in
            (0..<(bytes.count / 8)).map { Int64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: Int64.self)) }
        }
    }

    static func integers(_ text: String) throws -> [Int32] {
        let bytes = try decode(text)
        guard bytes.count % 4 == 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not 32-bit integers"))
        }
        return bytes.withUnsafeBytes { raw in
            (0..<(bytes.count / 4)).map { Int32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self)) }
        }
    }
}
