import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// The streaming encoder writes what `JSONEncoder` writes, as JSON (key order aside).
struct StreamingJSONEncoderTests {
    let streaming = StreamingJSONEncoder { date, container in try container.encode(date.microsecondsSince1970) }
    let foundation = microsecondJSONEncoder()

    /// Both encodings parsed back: the same JSON value.
    func expectSameJSON<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = try JSONSerialization.jsonObject(with: Data(streaming.encode(value)), options: [.fragmentsAllowed]) as! NSObject
        let theirs = try JSONSerialization.jsonObject(with: foundation.encode(value), options: [.fragmentsAllowed]) as! NSObject
        let texts = (try streaming.string(value), String(decoding: try foundation.encode(value), as: UTF8.self))
        #expect(ours.isEqual(theirs), "\(texts.0)\nvs\n\(texts.1)", sourceLocation: sourceLocation)
    }

    @Test func evaluationsHistoriesAndTheirPartsEncodeAsJSONEncoderDoes() throws {
        var random = SeededGenerator(seed: 7)
        for round in 0..<40 {
            let zone: TimeZone = [.newYork, .tokyo, .utc, .sydney][round % 4]
            let start = at("2024-01-01 08:00", zone)
            let events = randomEvents(round, from: start, zone: zone, using: &random)
            let freezes = [freeze("f\(round)", earned: "2024-01-02 09:00", zone)]
            let behavior: FreezeBehavior = round % 2 == 0 ? .autoConsumeFreezes : .manuallyConsumeFreezes
            let evaluation = calculate(events, freezes: freezes, goal: 1 + round % 3, leeway: round % 5, behavior: behavior, now: "2024-04-15 12:00", zone: zone)
            try expectSameJSON(evaluation)
            try expectSameJSON(evaluation.streak)
            try expectSameJSON(StreakHistory(events: events, leewayHours: round % 5))
            try expectSameJSON(events)
            try expectSameJSON(freezes)
            #expect(try microsecondJSONDecoder().decode(StreakHistory.self, from: Data(streaming.encode(StreakHistory(events: events, leewayHours: 2))))
                == StreakHistory(events: events, leewayHours: 2))
        }
    }

    /// Events take a path of their own (no containers); every optional part, and text that
    /// needs escaping, still encodes as `JSONEncoder` writes it and reads back the same.
    @Test func eventsOfEveryShapeEncodeAsJSONEncoderDoes() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.123456)
        let events = [
            StreakEvent(id: "plain", dateCreated: date, timezone: "UTC"),
            StreakEvent(id: "quote \" back \\ 🔥 \u{2028}", dateCreated: date, timezone: "America/Argentina/Buenos_Aires"),
            StreakEvent(id: "freeze", dateCreated: date, timezone: "Asia/Tokyo", isFreeze: true, freezeId: "f/1"),
            StreakEvent(id: "amount", dateCreated: date, timezone: "UTC", amount: 0.1),
            StreakEvent(id: "negative", dateCreated: date, timezone: "UTC", amount: -2500),
            StreakEvent(id: "tagged", dateCreated: date, timezone: "UTC", metadata: ["mood": .string("ok"), "n": .int(3)], amount: 1.5),
        ]
        for event in events { try expectSameJSON(event) }
        try expectSameJSON(events)
        #expect(try microsecondJSONDecoder().decode([StreakEvent].self, from: Data(streaming.encode(events))) == events)
        #expect(try streaming.string(events[0]) == #"{"id":"plain","date_created":1700000000123456,"timezone":"UTC","is_freeze":false}"#)
    }

    @Test func stringsNumbersAndSpecialTypesEncodeAsJSONEncoderDoes() throws {
        try expectSameJSON(["quote \" back \\ slash / tab \t nl \n cr \r bell \u{07} nul \u{0} é 🔥 \u{2028}"])
        try expectSameJSON([0.1, 1.0, -2.5, 1e-7, 1e300, Double.leastNonzeroMagnitude, -0.0])
        try expectSameJSON([Float(0.1), 3])
        try expectSameJSON([Int.min, Int.max, 0, -1])
        try expectSameJSON([UInt64.max])
        try expectSameJSON([Int8.min])
        try expectSameJSON(Data([0, 1, 2, 250, 251, 252]))
        try expectSameJSON([URL(string: "https://example.com/a?b=c")!])
        try expectSameJSON(["a": nil, "b": Optional(1)])
        try expectSameJSON([[String: Int]()])
        try expectSameJSON(Date(timeIntervalSince1970: 1_700_000_000.123456))
        #expect(throws: EncodingError.self) { try streaming.encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try streaming.encode(["x": Double.infinity]) }
        do {
            _ = try streaming.encode(["outer": ["inner": [1.0, .infinity]]])
            Issue.record("infinity encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["outer", "inner"])
        }
    }

    @Test func nestedContainersAndEmptyValuesEncodeAsJSONEncoderDoes() throws {
        try expectSameJSON(Nested(inner: [1, 2], label: "x"))
        try expectSameJSON([Empty(), Empty()])
        try expectSameJSON(["k": Empty()])
    }

    @Test func aContainerWrittenAfterItsParentMovedOnIsRefused() throws {
        #expect(throws: EncodingError.self) { try streaming.encode(OutOfOrder()) }
    }

    struct Nested: Encodable {
        let inner: [Int]
        let label: String

        enum Keys: String, CodingKey { case inner, label, deeper }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var list = container.nestedUnkeyedContainer(forKey: .inner)
            for value in inner { try list.encode(value) }
            var deeper = container.nestedContainer(keyedBy: Keys.self, forKey: .deeper)
            try deeper.encode(label, forKey: .label)
            var deepest = deeper.nestedUnkeyedContainer(forKey: .inner)
            try deepest.encodeNil()
            try container.encode(label, forKey: .label)
        }
    }

    struct Empty: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    /// Writes into a nested container after writing to its parent again.
    struct OutOfOrder: Encodable {
        enum Keys: String, CodingKey { case first, second }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedUnkeyedContainer(forKey: .first)
            try first.encode(1)
            try container.encode(2, forKey: .second)
            try first.encode(3)
        }
    }
}
