import Foundation
import Testing
@testable import SwiftfulGamification

struct ModelCodingTests {
    static func json(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try JSONSerialization.jsonObject(with: encoder.encode(value)) as! [String: Any]
    }

    static func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: Data(text.utf8))
    }

    @Test func currentStreakDataUsesSnakeCaseKeysAndRoundTrips() throws {
        let data = calculate([event("2024-01-01 12:00"), event("2024-01-02 09:00")], leeway: 3, now: "2024-01-02 10:00").streak
        let keys = Set(try Self.json(data).keys)
        for key in ["streak_id", "current_streak", "longest_streak", "date_last_event", "date_streak_start", "total_events",
                    "freezes_available_count", "events_required_per_day", "today_event_count", "status", "days_since_last_event"] {
            #expect(keys.contains(key), "missing \(key)")
        }
        let encoder = JSONEncoder()
        let decoded = try JSONDecoder().decode(CurrentStreakData.self, from: encoder.encode(data))
        #expect(decoded == data)
    }

    @Test func oldDataWithOnlyTheKeyDecodes() throws {
        let decoded = try Self.decode(CurrentStreakData.self, #"{"streak_id": "daily"}"#)
        #expect(decoded.streakKey == "daily")
        #expect(decoded.currentStreak == nil)
        #expect(decoded.status == .noEvents)
    }

    @Test func statusSurvivesEncoding() throws {
        for status in [StreakStatus.noEvents, .active(daysSinceLastEvent: 0), .atRisk, .broken(daysSinceLastEvent: 4), .canExtendWithLeeway] {
            let data = CurrentStreakData(streakKey: "daily", calculatedStatus: status)
            let decoded = try JSONDecoder().decode(CurrentStreakData.self, from: JSONEncoder().encode(data))
            #expect(decoded.status == status)
            #expect(StreakStatus(name: status.name, daysSinceLastEvent: status.daysSinceLastEvent) == status)
        }
    }

    @Test func eventRoundTripsWithSnakeCaseKeys() throws {
        let original = StreakEvent(id: "e1", dateCreated: at("2024-01-02 09:00"), timezone: "Asia/Tokyo", isFreeze: true, freezeId: "f", metadata: ["n": 2])
        let keys = Set(try Self.json(original).keys)
        #expect(keys == ["id", "date_created", "timezone", "is_freeze", "freeze_id", "metadata"])
        #expect(try JSONDecoder().decode(StreakEvent.self, from: JSONEncoder().encode(original)) == original)
    }

    @Test func eventDecodingRejectsAnEmptyId() {
        #expect(throws: DecodingError.self) {
            try Self.decode(StreakEvent.self, #"{"id": "", "date_created": "2024-01-01T00:00:00Z", "timezone": "UTC"}"#)
        }
    }

    @Test func freezeRoundTrips() throws {
        let original = freeze(earned: "2024-01-01 00:00", expires: "2024-02-01 00:00", used: "2024-01-05 00:00")
        #expect(Set(try Self.json(original).keys) == ["id", "date_earned", "date_used", "date_expires"])
        #expect(try JSONDecoder().decode(StreakFreeze.self, from: JSONEncoder().encode(original)) == original)
        #expect(original.isUsed)
        #expect(!original.isAvailable(at: at("2024-01-10 00:00")))
        #expect(original.isValid)
    }

    @Test func metadataDecodesTypedAndPlainForms() throws {
        let typed = try Self.decode([String: GamificationDictionaryValue].self,
                                    #"{"a": {"type": "int", "value": 3}, "b": {"type": "double", "value": 1.5}, "c": {"type": "string", "value": "x"}, "d": {"type": "bool", "value": true}}"#)
        #expect(typed == ["a": .int(3), "b": .double(1.5), "c": .string("x"), "d": .bool(true)])
        let plain = try Self.decode([String: GamificationDictionaryValue].self, #"{"a": 3, "b": 1.5, "c": "x", "d": false}"#)
        #expect(plain == ["a": 3, "b": 1.5, "c": "x", "d": false])
        #expect(throws: DecodingError.self) { try Self.decode([String: GamificationDictionaryValue].self, #"{"a": [1]}"#) }
        let doubled = GamificationDictionaryValue.double(2)
        #expect(try JSONDecoder().decode(GamificationDictionaryValue.self, from: JSONEncoder().encode(doubled)) == doubled)
    }

    @Test func configurationDecodingValidates() throws {
        let good = try Self.decode(StreakConfiguration.self, #"{"streak_id": "read", "events_required_per_day": 2, "leeway_hours": 3, "freeze_behavior": "autoConsumeFreezes"}"#)
        #expect(good == StreakConfiguration(streakKey: "read", eventsRequiredPerDay: 2, leewayHours: 3, freezeBehavior: .autoConsumeFreezes))
        #expect(throws: DecodingError.self) { try Self.decode(StreakConfiguration.self, #"{"streak_id": "read", "leeway_hours": 25}"#) }
        #expect(throws: DecodingError.self) { try Self.decode(StreakConfiguration.self, #"{"streak_id": "Read Me"}"#) }
    }
}
