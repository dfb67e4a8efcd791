import Foundation

/// A checkpoint as a history stores it: numbers that may exceed 2^53 as hexadecimal strings,
/// the per-day arrays as base64 (amounts left out when every event counted 1).
extension SettledCheckpoint: Codable {
    private enum CodingKeys: String, CodingKey {
        case day, fingerprint, kept, anchored, consumed, consumptions
        case weekStart = "week_start"
        case week, bridged, rolling
        case takenUnits = "taken_units"
        case takenOthers = "taken_others"
        case longest
        case choiceFrom = "choice_from"
        case credited, amounts, met
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func hex(_ text: String) throws -> UInt64 {
            guard let value = UInt64(text, radix: 16) else {
                throw DecodingError.dataCorruptedError(forKey: .fingerprint, in: container, debugDescription: "not hexadecimal")
            }
            return value
        }
        let consumed = try container.decode([String].self, forKey: .consumed).map(hex)
        let week = try container.decode([Int64].self, forKey: .week)
        guard let first = consumed.first, week.count == 4 else {
            throw DecodingError.dataCorruptedError(forKey: .consumed, in: container, debugDescription: "not a settled run")
        }
        let pairs = try container.decode([[Int]].self, forKey: .consumptions)
        let units = try container.decode([[Int]].self, forKey: .takenUnits)
        let others = try container.decode([[Int64]].self, forKey: .takenOthers)
        guard pairs.allSatisfy({ $0.count == 2 }), units.allSatisfy({ $0.count == 2 }), others.allSatisfy({ $0.count == 3 }) else {
            throw DecodingError.dataCorruptedError(forKey: .consumptions, in: container, debugDescription: "not pairs")
        }
        let credited = try DayBytes.integers(container.decode(String.self, forKey: .credited))
        let amounts = try container.decodeIfPresent(String.self, forKey: .amounts).map(DayBytes.longIntegers)
            ?? credited.map { Int64($0) * HistoryAmounts.unit }
        let met = try DayBytes.decode(container.decode(String.self, forKey: .met)).map { $0 != 0 }
        guard amounts.count == credited.count, met.count == credited.count else {
            throw DecodingError.dataCorruptedError(forKey: .credited, in: container, debugDescription: "days do not match")
        }
        var takenOthers: [Int: [Int64: Int32]] = [:]
        for row in others { takenOthers[Int(row[0]), default: [:]][row[1]] = Int32(row[2]) }
        self.init(
            day: try container.decode(Int.self, forKey: .day),
            fingerprint: try hex(container.decode(String.self, forKey: .fingerprint)),
            run: SettledRun.Saved(
                kept: try container.decode(Int.self, forKey: .kept), anchored: try container.decode(Bool.self, forKey: .anchored),
                consumed: FreezePool.Consumed(first: first, more: Array(consumed.dropFirst())),
                consumptions: pairs.map { SettledRun.Consumption(freezeIndex: $0[0], day: $0[1]) },
                weekStart: try container.decodeIfPresent(Int.self, forKey: .weekStart),
                week: WeekRun.Week(kept: Int8(clamping: week[0]), skipped: Int8(clamping: week[1]), frozen: week[2] != 0, sum: week[3]),
                rolling: try container.decodeIfPresent([String].self, forKey: .rolling).map { words in
                    guard let run = RollingRun(saved: try words.map(hex)) else {
                        throw DecodingError.dataCorruptedError(forKey: .rolling, in: container, debugDescription: "not a rolling run")
                    }
                    return run
                } ?? RollingRun()
            ),
            bridged: try container.decode([Int].self, forKey: .bridged),
            takenUnits: Dictionary(units.map { ($0[0], Int32(clamping: $0[1])) }, uniquingKeysWith: +),
            takenOthers: takenOthers,
            longest: try container.decode(Int.self, forKey: .longest),
            choiceFrom: try container.decode(Int.self, forKey: .choiceFrom),
            credited: credited, amounts: amounts, met: met
        )
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(day, forKey: .day)
        try container.encode(String(fingerprint, radix: 16), forKey: .fingerprint)
        try container.encode(run.kept, forKey: .kept)
        try container.encode(run.anchored, forKey: .anchored)
        try container.encode(([run.consumed.first] + run.consumed.more).map { String($0, radix: 16) }, forKey: .consumed)
        try container.encode(run.consumptions.map { [$0.freezeIndex, $0.day] }, forKey: .consumptions)
        try container.encodeIfPresent(run.weekStart, forKey: .weekStart)
        try container.encode([Int64(run.week.kept), Int64(run.week.skipped), run.week.frozen ? 1 : 0, run.week.sum], forKey: .week)
        if run.rolling.position > 0 { try container.encode(run.rolling.saved.map { String($0, radix: 16) }, forKey: .rolling) }
        try container.encode(bridged, forKey: .bridged)
        try container.encode(takenUnits.keys.sorted().map { [$0, Int(takenUnits[$0]!)] }, forKey: .takenUnits)
        try container.encode(
            takenOthers.keys.sorted().flatMap { cell in takenOthers[cell]!.keys.sorted().map { [Int64(cell), $0, Int64(takenOthers[cell]![$0]!)] } },
            forKey: .takenOthers
        )
        try container.encode(longest, forKey: .longest)
        try container.encode(choiceFrom, forKey: .choiceFrom)
        try container.encode(DayBytes.encode(credited), forKey: .credited)
        if zip(credited, amounts).contains(where: { Int64($0) * HistoryAmounts.unit != $1 }) {
            try container.encode(DayBytes.encode(longIntegers: amounts), forKey: .amounts)
        }
        try container.encode(DayBytes.encode(met.map { $0 ? UInt8(1) : 0 }), forKey: .met)
    }
}
