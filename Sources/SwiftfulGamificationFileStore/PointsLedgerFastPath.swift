import Foundation
import SwiftfulGamification

/// The common ledger line, an earned event in the form the store writes it, read from the
/// JSON tokens directly: through `Decodable` each line took most of a long ledger's read.
/// Anything else (other kinds, other metadata types, any surprise) is left to the decoder,
/// which reads every form.
enum PointsLedgerFastPath {
    static func earned(_ line: ArraySlice<UInt8>) -> PointsLedgerLine? {
        let parsed = line.withUnsafeBufferPointer { try? JSONValue.parse($0) }
        guard let parsed, parsed["kind"]?.string == "earned", case .object(let members)? = parsed["event"] else { return nil }
        var id: String?, date: Date?, points: Int?, zone: String?
        var metadata: [String: GamificationDictionaryValue]?
        for member in members {
            switch (member.key, member.value) {
            case ("id", .string(let value)): id = value
            case ("date_created", .string(let value)): date = ISODate.parse(value)
            case ("points", .integer(let value)): points = value
            case ("timezone", .string(let value)): zone = value
            case ("timezone", .null): zone = nil
            case ("metadata", .object(let values)): metadata = Self.metadata(values)
            default: return nil
            }
        }
        guard let id, let date, let points, let metadata else { return nil }
        return .earned(ExperiencePointsEvent(id: id, dateCreated: date, points: points, metadata: metadata, timezone: zone))
    }

    /// Metadata in the typed form (`{"type": "int", "value": 3}`) of the kinds counted here;
    /// nil for anything else.
    private static func metadata(_ members: [JSONValue.Member]) -> [String: GamificationDictionaryValue]? {
        var metadata: [String: GamificationDictionaryValue] = [:]
        for member in members {
            guard case .object(let typed) = member.value, typed.count == 2, let type = member.value["type"]?.string,
                  let value = member.value["value"] else { return nil }
            switch (type, value) {
            case ("string", .string(let text)): metadata[member.key] = .string(text)
            case ("int", .integer(let number)): metadata[member.key] = .int(number)
            case ("bool", .bool(let flag)): metadata[member.key] = .bool(flag)
            case ("double", .number(let number)): metadata[member.key] = .double(number)
            case ("double", .integer(let number)): metadata[member.key] = .double(Double(number))
            default: return nil
            }
        }
        return metadata
    }
}
