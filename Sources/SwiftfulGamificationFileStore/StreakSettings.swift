import Foundation
import GamificationSupport
import SwiftfulGamification

/// A streak's `config.json`: its configuration and the history of its goal.
struct StreakSettings: Codable, Equatable {
    var configuration: StreakConfiguration
    /// Every goal the streak had, from the day it was set; the first is the goal at creation.
    var goalHistory: [StreakGoalChange]
    var dateCreated: Date
    /// Archived streaks leave lists and the dashboard; nothing of theirs is deleted.
    var archived = false

    enum CodingKeys: String, CodingKey {
        case configuration, archived
        case goalHistory = "goal_history"
        case dateCreated = "date_created"
    }

    init(configuration: StreakConfiguration, goalHistory: [StreakGoalChange], dateCreated: Date, archived: Bool = false) {
        self.configuration = configuration
        self.goalHistory = goalHistory
        self.dateCreated = dateCreated
        self.archived = archived
    }

    /// The leeway of every day, its changes' days taken in `timezone` (rule 11).
    func leeway(in timezone: TimeZone) -> StreakLeeway {
        StreakLeeway(configuration: configuration, goalSchedule: goalHistory, timezone: timezone)
    }

    /// Decoding validates every value (the configuration and goal changes validate their own).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        configuration = try container.decode(StreakConfiguration.self, forKey: .configuration)
        goalHistory = try container.decode([StreakGoalChange].self, forKey: .goalHistory)
        dateCreated = try container.decode(Date.self, forKey: .dateCreated)
        archived = try container.decodeIfPresent(Bool.self, forKey: .archived) ?? false
        guard StreakValidation.supportedDates.contains(dateCreated) else {
            throw DecodingError.dataCorruptedError(forKey: .dateCreated, in: container, debugDescription: "date out of range")
        }
        guard goalHistory.count <= 100_000 else {
            throw DecodingError.dataCorruptedError(forKey: .goalHistory, in: container, debugDescription: "too many goal changes")
        }
    }

    /// A config file is a few hundred bytes; anything past this is not one.
    static let sizeLimit = 1 << 20

    /// The bytes are read (and checked: a link, a FIFO, damage) every time; a long-lived
    /// reader (the server, the dashboard) decodes them once per content.
    static func read(_ path: String) throws -> StreakSettings? {
        guard let bytes = try POSIXFile.read(path, role: .user, limit: sizeLimit) else { return nil }
        return try decoded.value(for: path, bytes: bytes) {
            do {
                return try StoreJSON.decoder.decode(StreakSettings.self, from: Data(bytes))
            } catch {
                throw FileStoreError.corruptFile(path: path, reason: StoreJSON.describe(error))
            }
        }
    }

    private static let decoded = DecodedOnce<String, StreakSettings>(byteLimit: 4 << 20)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(configuration, forKey: .configuration)
        try container.encode(goalHistory, forKey: .goalHistory)
        try container.encode(dateCreated, forKey: .dateCreated)
        if archived { try container.encode(true, forKey: .archived) }
    }

    func write(to path: String, journal: WriteJournal) throws {
        try POSIXFile.writeAtomically(Array(try StoreJSON.prettyEncoder.encode(self)) + [10], to: path, journal: journal)
    }
}

/// The JSON coders for the store's small files (the logs use `JSONValue` and `JSONText`).
package enum StoreJSON {
    package static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(date)
        return decoder
    }()

    /// For the derived files read on every load (the snapshot, the cached evaluation): our
    /// streaming decoder, a fraction of Foundation's cost; what it refuses is rebuilt.
    static let derivedDecoder = StreamingJSONDecoder(dates: date)

    /// A date as the store writes it (ISO 8601) or as seconds since 1970.
    @Sendable private static func date(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
            guard seconds.isFinite, abs(seconds) < 1e12 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(seconds) seconds is not a date")
            }
            return Date(timeIntervalSince1970: seconds)
        }
        let text = try container.decode(String.self)
        guard let date = ISODate.parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
        }
        return date
    }

    package static let encoder = makeEncoder(pretty: false)
    static let prettyEncoder = makeEncoder(pretty: true)

    private static func makeEncoder(pretty: Bool) -> JSONEncoder {
        let encoder = ISODate.jsonEncoder()
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        return encoder
    }

    /// A decoding error in a sentence.
    package static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, _):
            return "missing \"\(key.stringValue)\""
        default:
            return error.localizedDescription
        }
    }
}
