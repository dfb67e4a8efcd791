import Foundation
import SwiftfulGamification

/// Events as JSON objects: the log's lines and the import format.
///
/// `date_created` is ISO 8601 with `Z` or an offset, or epoch seconds; `timezone` is a
/// required IANA name; `metadata` values are plain JSON scalars or upstream's typed form.
enum EventJSON {
    struct Problem: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    static func line(for event: StreakEvent) -> String {
        var members: [(String, String)] = [
            ("id", JSONText.quoted(event.id)),
            ("date_created", JSONText.quoted(ISODate.format(event.dateCreated))),
            ("timezone", JSONText.quoted(event.timezone)),
            ("is_freeze", event.isFreeze ? "true" : "false"),
        ]
        if let freezeId = event.freezeId { members.append(("freeze_id", JSONText.quoted(freezeId))) }
        if !event.metadata.isEmpty {
            let values = event.metadata.sorted { $0.key < $1.key }.map { ($0.key, plain($0.value)) }
            members.append(("metadata", JSONText.object(values)))
        }
        return JSONText.object(members)
    }

    static func plain(_ value: GamificationDictionaryValue) -> String {
        switch value {
        case .string(let text): return JSONText.quoted(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return JSONText.number(number)
        }
    }

    /// - Parameter requireId: without it, a missing id becomes a fresh UUID.
    static func event(from value: JSONValue, zones: inout ZoneNameCache, requireId: Bool) throws -> StreakEvent {
        guard case .object = value else { throw Problem("expected a JSON object") }
        let id: String
        switch value["id"] {
        case .string(let text) where !text.isEmpty:
            guard text.utf8.count <= StreakValidation.maximumIdLength else {
                throw Problem("\"id\" is \(text.utf8.count) bytes long; at most \(StreakValidation.maximumIdLength) are allowed")
            }
            id = text
        case .integer(let number): id = String(number)
        case nil, .null?:
            guard !requireId else { throw Problem("missing \"id\"") }
            id = UUID().uuidString
        default: throw Problem("\"id\" must be a non-empty string")
        }
        let date: Date
        switch value["date_created"] {
        case .string(let text)?:
            guard let parsed = ISODate.parse(text) else {
                throw Problem("\"date_created\" '\(text)' is not ISO 8601 with an offset or Z")
            }
            date = parsed
        case .integer(let seconds)?: date = Date(timeIntervalSince1970: TimeInterval(seconds))
        case .number(let seconds)?: date = Date(timeIntervalSince1970: seconds)
        default: throw Problem("missing \"date_created\"")
        }
        guard StreakValidation.supportedDates.contains(date) else {
            throw Problem("\"date_created\" \(value["date_created"]!.shortText) is out of range: dates must be from 1970-01-01 to 2199-12-31")
        }
        guard let zone = value["timezone"]?.string else { throw Problem("missing \"timezone\"") }
        guard zones.isValid(zone) else { throw Problem("unknown time zone '\(zone)'") }
        var isFreeze = false
        switch value["is_freeze"] {
        case .bool(let flag)?: isFreeze = flag
        case nil, .null?: break
        default: throw Problem("\"is_freeze\" must be true or false")
        }
        let freezeId = value["freeze_id"]?.string
        return StreakEvent(
            id: id, dateCreated: date, timezone: zone, isFreeze: isFreeze, freezeId: freezeId,
            metadata: try metadata(value["metadata"])
        )
    }

    private static func metadata(_ value: JSONValue?) throws -> [String: GamificationDictionaryValue] {
        guard let value, value != .null else { return [:] }
        guard case .object(let members) = value else { throw Problem("\"metadata\" must be an object") }
        var metadata: [String: GamificationDictionaryValue] = [:]
        for member in members {
            let key = member.key
            do {
                try StreakValidation.validateMetadataKey(key)
            } catch {
                throw Problem("metadata key '\(key)' must use letters, digits or underscores")
            }
            metadata[key] = try metadataValue(member.value, key: key)
        }
        return metadata
    }

    private static func metadataValue(_ value: JSONValue, key: String) throws -> GamificationDictionaryValue {
        switch value {
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .int(number)
        case .number(let number): return .double(number)
        case .object:
            // Upstream's typed form: {"type": "int", "value": 3}.
            switch (value["type"]?.string, value["value"]) {
            case ("string"?, .string(let text)?): return .string(text)
            case ("bool"?, .bool(let flag)?): return .bool(flag)
            case ("int"?, .integer(let number)?): return .int(number)
            case ("double"?, let number?), ("float"?, let number?), ("cgFloat"?, let number?):
                if let double = number.double { return .double(double) }
            default: break
            }
            throw Problem("metadata '\(key)' has an unknown typed value")
        default:
            throw Problem("metadata '\(key)' must be a string, number or true/false")
        }
    }
}
