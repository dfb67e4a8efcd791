import Foundation
import SwiftfulGamification

/// One change of the vocabulary as a program sends it (`streaks apply`, and the server's
/// `POST /v1/changes`): a JSON object naming the change and the key it applies to, in the
/// field names and formats the command line's `--json` uses (snake_case, instants in ISO 8601,
/// days as `YYYY-MM-DD`), for example
/// `{"change": "log", "key": "run", "events": [{"id": "e1", "date_created": "2024-01-05T07:30:00Z", "timezone": "Europe/Paris"}]}`.
///
/// A field the change does not take is refused by name (a typo must not be a silent no-op),
/// and so is an unknown change. The offline copy's outbox keeps `StreakChange`'s own encoding,
/// which lines queued by earlier versions are written in.
public struct StreakChangeRequest: Sendable {
    /// The streak's key (for experience points and progress, their key; empty for the points settings).
    public var key: String
    public var change: StreakChange
    /// The caller's id for this change: the same id sent again is answered as the first
    /// time and not applied twice (where the store records it).
    public var operation: String?

    public init(key: String, change: StreakChange, operation: String? = nil) {
        self.key = key
        self.change = change
        self.operation = operation
    }

    /// Every change's name on the wire, with the fields it takes.
    public static let fieldsByChange: [String: Set<String>] = [
        "create": ["configuration"],
        "log": ["events", "creating"],
        "remove_event": ["id"],
        "undo": ["since"],
        "configure": ["goal", "leeway_hours", "freeze_behavior"],
        "schedule": ["schedule"],
        "settings": ["goal", "leeway_hours", "freeze_behavior", "schedule", "details", "rename_to"],
        "archive": ["archived"],
        "rename": ["to"],
        "reset": [],
        "delete": [],
        "restore": ["as"],
        "import": ["configuration", "goal_history", "freezes", "events", "skips", "notes"],
        "add_freezes": ["freezes"],
        "use_freeze": ["id"],
        "use_freezes": [],
        "remove_freeze": ["id"],
        "skip": ["days"],
        "unskip": ["days"],
        "note": ["day", "text"],
        "remove_note": ["day"],
        "add_experience": ["events"],
        "clear_experience": [],
        "save_progress": ["item"],
        "delete_progress": ["id"],
        "points_settings": ["changes"],
    ]

    /// The request read from JSON. - Throws: `StreakChangeRequestError` saying what is wrong.
    public static func decode(_ data: Data) throws -> StreakChangeRequest {
        do {
            return try decoder.decode(StreakChangeRequest.self, from: data)
        } catch let error as StreakChangeRequestError {
            throw error
        } catch let error as DecodingError {
            throw StreakChangeRequestError(sentence(error))
        } catch {
            throw StreakChangeRequestError(StreakStoreError.sentence(error))
        }
    }

    /// The request as one line of JSON (keys sorted).
    public func encoded() throws -> Data {
        try Self.encoder.encode(self)
    }

    static let decoder = ISODate.jsonDecoder()

    static let encoder = ISODate.jsonEncoder()
}

/// What a decoding error says, with where: "events[0].date_created: '5 Jan' is not an ISO 8601 instant".
private func sentence(_ error: DecodingError) -> String {
    func place(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
    }
    switch error {
    case .keyNotFound(let key, let context):
        return "\(place(context.codingPath + [key])) is missing"
    case .typeMismatch(let type, let context):
        return "\(place(context.codingPath)) is not \(type == String.self ? "a string" : type == Bool.self ? "true or false" : "a \(type)")"
    case .valueNotFound(_, let context):
        return "\(place(context.codingPath)) is null"
    case .dataCorrupted(let context):
        let place = place(context.codingPath)
        return place.isEmpty ? "not JSON (\(context.debugDescription))" : "\(place): \(context.debugDescription)"
    @unknown default:
        return "\(error)"
    }
}

/// A change request that does not read: what is wrong, in a sentence.
public struct StreakChangeRequestError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension StreakChangeRequest: Codable {
    private struct Field: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Field.self)
        let name = try container.decode(String.self, forKey: Field("change"))
        guard let fields = Self.fieldsByChange[name] else {
            throw StreakChangeRequestError("unknown change '\(name)': one of \(Self.fieldsByChange.keys.sorted().joined(separator: ", "))")
        }
        let unknown = Set(container.allKeys.map(\.stringValue)).subtracting(fields).subtracting(["change", "key", "operation"])
        guard unknown.isEmpty else {
            let takes = fields.isEmpty ? "no fields" : fields.sorted().joined(separator: ", ")
            throw StreakChangeRequestError("'\(name)' takes \(takes) (besides change, key and operation), not \(unknown.sorted().joined(separator: ", "))")
        }
        key = try container.decodeIfPresent(String.self, forKey: Field("key")) ?? ""
        operation = try container.decodeIfPresent(String.self, forKey: Field("operation"))
        func value<T: Decodable>(_ field: String) throws -> T { try container.decode(T.self, forKey: Field(field)) }
        func optional<T: Decodable>(_ field: String) throws -> T? { try container.decodeIfPresent(T.self, forKey: Field(field)) }
        func days(_ field: String) throws -> [CalendarDay] { try (try optional(field) as [WireDay]? ?? []).map(\.day) }
        switch name {
        case "create": change = .create(try value("configuration"))
        case "log": change = .addEvents(try value("events"), creating: try optional("creating"))
        case "remove_event": change = .removeEvent(id: try value("id"))
        case "undo": change = .undoLast(since: try optional("since"))
        case "configure":
            change = .configure(goal: try optional("goal"), leewayHours: try optional("leeway_hours"), freezeBehavior: try optional("freeze_behavior"))
        case "schedule": change = .schedule(try value("schedule"))
        case "settings":
            change = .settings(
                goal: try optional("goal"), leewayHours: try optional("leeway_hours"), freezeBehavior: try optional("freeze_behavior"),
                schedule: try optional("schedule"), details: (try optional("details") as WireDetails?)?.details ?? StreakDetails(),
                renamingTo: try optional("rename_to")
            )
        case "archive": change = .archive(try optional("archived") ?? true)
        case "rename": change = .rename(to: try value("to"))
        case "reset": change = .reset
        case "delete": change = .delete
        case "restore": change = .restore(as: try optional("as"))
        case "import":
            change = .importBatch(
                configuration: try optional("configuration"), goalHistory: try optional("goal_history") ?? [], freezes: try optional("freezes") ?? [],
                events: try optional("events") ?? [], skips: try days("skips"), notes: try optional("notes") ?? []
            )
        case "add_freezes": change = .addFreezes(try value("freezes"))
        case "use_freeze": change = .useFreeze(id: try value("id"))
        case "use_freezes": change = .useFreezesManually
        case "remove_freeze": change = .removeFreeze(id: try value("id"))
        case "skip": change = .addSkips(try days("days"))
        case "unskip": change = .removeSkips(try days("days"))
        case "note": change = .setNote(StreakNote(day: (try value("day") as WireDay).day, text: try value("text")))
        case "remove_note": change = .removeNote((try value("day") as WireDay).day)
        case "add_experience": change = .addExperience(try value("events"))
        case "clear_experience": change = .clearExperience
        case "save_progress": change = .saveProgress(try value("item"))
        case "delete_progress": change = .deleteProgress(id: try optional("id"))
        default: change = .pointsSettings((try value("changes") as [WirePointsChange]).map(\.change))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Field.self)
        func put<T: Encodable>(_ value: T?, _ field: String) throws { try container.encodeIfPresent(value, forKey: Field(field)) }
        try put(key, "key")
        try put(operation, "operation")
        let name: String
        switch change {
        case .create(let configuration): name = "create"; try put(configuration, "configuration")
        case .addEvents(let events, let creating, _): name = "log"; try put(events, "events"); try put(creating, "creating")
        case .removeEvent(let id): name = "remove_event"; try put(id, "id")
        case .undoLast(let since): name = "undo"; try put(since, "since")
        case .configure(let goal, let leeway, let behavior):
            name = "configure"; try put(goal, "goal"); try put(leeway, "leeway_hours"); try put(behavior, "freeze_behavior")
        case .schedule(let schedule): name = "schedule"; try put(schedule, "schedule")
        case .settings(let goal, let leeway, let behavior, let schedule, let details, let newKey):
            name = "settings"; try put(goal, "goal"); try put(leeway, "leeway_hours"); try put(behavior, "freeze_behavior")
            try put(schedule, "schedule"); try put(WireDetails(details), "details"); try put(newKey, "rename_to")
        case .archive(let archived): name = "archive"; try put(archived, "archived")
        case .rename(let newKey): name = "rename"; try put(newKey, "to")
        case .reset: name = "reset"
        case .delete: name = "delete"
        case .restore(let newKey): name = "restore"; try put(newKey, "as")
        case .importBatch(let configuration, let goalHistory, let freezes, let events, let skips, let notes):
            name = "import"; try put(configuration, "configuration"); try put(goalHistory, "goal_history"); try put(freezes, "freezes")
            try put(events, "events"); try put(skips.map(WireDay.init), "skips"); try put(notes ?? [], "notes")
        case .addFreezes(let freezes): name = "add_freezes"; try put(freezes, "freezes")
        case .useFreeze(let id): name = "use_freeze"; try put(id, "id")
        case .useFreezesManually: name = "use_freezes"
        case .removeFreeze(let id): name = "remove_freeze"; try put(id, "id")
        case .addSkips(let days): name = "skip"; try put(days.map(WireDay.init), "days")
        case .removeSkips(let days): name = "unskip"; try put(days.map(WireDay.init), "days")
        case .setNote(let note): name = "note"; try put(WireDay(note.day), "day"); try put(note.text, "text")
        case .removeNote(let day): name = "remove_note"; try put(WireDay(day), "day")
        case .addExperience(let events): name = "add_experience"; try put(events, "events")
        case .clearExperience: name = "clear_experience"
        case .saveProgress(let item): name = "save_progress"; try put(item, "item")
        case .deleteProgress(let id): name = "delete_progress"; try put(id, "id")
        case .pointsSettings(let changes): name = "points_settings"; try put(changes.map(WirePointsChange.init), "changes")
        }
        try put(name, "change")
    }
}

/// A day as `YYYY-MM-DD`.
private struct WireDay: Codable {
    let day: CalendarDay
    init(_ day: CalendarDay) { self.day = day }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDay(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a date (YYYY-MM-DD)")
        }
        self.day = day
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(day.description)
    }
}

/// `StreakDetails` in the wire's words (its `since` a `YYYY-MM-DD` day).
private struct WireDetails: Codable {
    var title: String?
    var group: String?
    var position: Double?
    var target: StreakTarget?
    var unit: String?
    var from: Date?
    var since: WireDay?
    var measure: StreakMeasure?

    init(_ details: StreakDetails) {
        (title, group, position, target, unit, from, measure) = (details.title, details.group, details.position, details.target, details.unit, details.from, details.measure)
        since = details.since.map(WireDay.init)
    }

    var details: StreakDetails {
        var details = StreakDetails(title: title, group: group, position: position, target: target, unit: unit, from: from, measure: measure)
        details.since = since?.day
        return details
    }
}

/// A points settings change: `{"turn_on": "2024-01-01"}`, `{"turn_off": true}`,
/// `{"points_per_day": 20}`, `{"streak_points_per_day": {"streak": "run", "points": 20}}`,
/// `{"earn_from": {"streak": "run", "day": "2024-01-01"}}`, `{"move_streak": {"from": "a", "to": "b"}}`.
private struct WirePointsChange: Codable {
    let change: StreakPointsSettings.Change
    init(_ change: StreakPointsSettings.Change) { self.change = change }

    private enum Keys: String, CodingKey, CaseIterable {
        case turnOn = "turn_on", turnOff = "turn_off", pointsPerDay = "points_per_day", streakPointsPerDay = "streak_points_per_day"
        case earnFrom = "earn_from", moveStreak = "move_streak"
    }

    private struct StreakPoints: Codable { let streak: String; let points: Int }
    private struct StreakDay: Codable { let streak: String; let day: WireDay }
    private struct Move: Codable { let from: String; let to: String }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw StreakChangeRequestError("a points settings change is one of \(Keys.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        switch key {
        case .turnOn: change = .turnOn(since: try container.decode(WireDay.self, forKey: key).day)
        case .turnOff: change = .turnOff
        case .pointsPerDay: change = .pointsPerDay(try container.decode(Int.self, forKey: key))
        case .streakPointsPerDay:
            let value = try container.decode(StreakPoints.self, forKey: key)
            change = .streakPointsPerDay(streakKey: value.streak, points: value.points)
        case .earnFrom:
            let value = try container.decode(StreakDay.self, forKey: key)
            change = .earnFrom(streakKey: value.streak, day: value.day.day)
        case .moveStreak:
            let value = try container.decode(Move.self, forKey: key)
            change = .moveStreak(from: value.from, to: value.to)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch change {
        case .turnOn(let since): try container.encode(WireDay(since), forKey: .turnOn)
        case .turnOff: try container.encode(true, forKey: .turnOff)
        case .pointsPerDay(let points): try container.encode(points, forKey: .pointsPerDay)
        case .streakPointsPerDay(let key, let points): try container.encode(StreakPoints(streak: key, points: points), forKey: .streakPointsPerDay)
        case .earnFrom(let key, let day): try container.encode(StreakDay(streak: key, day: WireDay(day)), forKey: .earnFrom)
        case .moveStreak(let from, let to): try container.encode(Move(from: from, to: to), forKey: .moveStreak)
        }
    }
}
