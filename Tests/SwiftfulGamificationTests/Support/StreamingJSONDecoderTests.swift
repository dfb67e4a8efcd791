import Foundation
import GamificationSupport
import Testing
@testable import SwiftfulGamification

/// The streaming decoder reads what `JSONDecoder` reads, to the same values, and refuses
/// what is not JSON without crashing.
struct StreamingJSONDecoderTests {
    let streaming = StreamingJSONDecoder { decoder in Date(microseconds: try decoder.singleValueContainer().decode(Int.self)) }
    let foundation = microsecondJSONDecoder()
    let encoder = microsecondJSONEncoder()

    func bothDecode<T: Decodable & Equatable>(_ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
        let ours = try streaming.decode(type, from: text)
        #expect(ours == (try foundation.decode(type, from: Data(text.utf8))), sourceLocation: sourceLocation)
        return ours
    }

    @Test func historiesEvaluationsEventsAndFreezesDecodeAsJSONDecoderDoes() throws {
        var random = SeededGenerator(seed: 11)
        for round in 0..<40 {
            let zone: TimeZone = [.newYork, .tokyo, .utc, .sydney][round % 4]
            let start = at("2024-01-01 08:00", zone)
            let events = randomEvents(round, from: start, zone: zone, using: &random)
            let history = StreakHistory(events: events, leewayHours: round % 5)
            let freezes = [freeze("f\(round)", earned: "2024-01-02 09:00", zone), freeze("g\(round)", earned: nil, used: "2024-01-03 09:00", zone)]
            let goals = [StreakGoalChange(date: start, eventsRequiredPerDay: 1 + round % 3)]
            let json = { (value: any Encodable) in String(decoding: try self.encoder.encode(value), as: UTF8.self) }
            #expect(try bothDecode(StreakHistory.self, json(history)) == history)
            #expect(try bothDecode([StreakEvent].self, json(events)) == events)
            _ = try bothDecode([StreakFreeze].self, json(freezes))
            _ = try bothDecode([StreakGoalChange].self, json(goals))
            let evaluation = calculate(events, freezes: freezes, goal: 1 + round % 3, leeway: round % 5, behavior: .autoConsumeFreezes, now: "2024-04-15 12:00", zone: zone)
            let text = try json(evaluation)
            // Not Equatable: the two decodings encode back to the same JSON.
            let ours = try encoder.encode(streaming.decode(StreakEvaluation.self, from: text))
            let theirs = try encoder.encode(foundation.decode(StreakEvaluation.self, from: Data(text.utf8)))
            #expect(try JSONSerialization.jsonObject(with: ours) as! NSDictionary == JSONSerialization.jsonObject(with: theirs) as! NSDictionary)
            _ = try bothDecode(CurrentStreakData.self, json(evaluation.streak))
        }
    }

    /// Events without metadata are read straight from their members (in both date forms);
    /// every other shape, and every malformed one, is read or refused as `JSONDecoder` does.
    @Test func eventsOfEveryShapeDecodeAsJSONDecoderDoes() throws {
        let readable = [
            #"{"id":"a","date_created":1700000000123456,"timezone":"UTC"}"#,
            #"{"id":"b","date_created":1700000000123456,"timezone":"UTC","is_freeze":true,"freeze_id":"f1"}"#,
            #"{"timezone":"Asia/Tokyo","amount":2.5,"date_created":-5,"id":"c \u00e9\n","is_freeze":false}"#,
            #"{"id":"d","date_created":1,"timezone":"UTC","is_freeze":null,"freeze_id":null,"amount":null,"metadata":null}"#,
            #"{"id":"e","date_created":1,"timezone":"UTC","metadata":{"mood":"ok","n":3}}"#,
            #"{"id":"f","date_created":1,"timezone":"UTC","amount":1e3,"extra":[1,{"x":null}]}"#,
        ]
        for text in readable {
            let event = try bothDecode(StreakEvent.self, text)
            #expect(try StreamingJSONDecoder.microseconds.decode(StreakEvent.self, from: text) == event, "\(text)")
        }
        let refused = [
            #"{"id":"","date_created":1,"timezone":"UTC"}"#, #"{"id":"a","date_created":1,"timezone":""}"#,
            #"{"id":"a","timezone":"UTC"}"#, #"{"id":"a","date_created":"x","timezone":"UTC"}"#,
            #"{"id":"a","date_created":1.5,"timezone":"UTC"}"#, #"{"id":"a","date_created":1,"timezone":"UTC","is_freeze":"yes"}"#,
            #"{"id":7,"date_created":1,"timezone":"UTC"}"#, #"{"id":"a","date_created":1,"timezone":"UTC","amount":"2"}"#,
            #"{"id":null,"date_created":1,"timezone":"UTC"}"#, #"["a"]"#,
        ]
        for text in refused {
            #expect(throws: DecodingError.self, "\(text)") { try StreamingJSONDecoder.microseconds.decode(StreakEvent.self, from: text) }
            #expect(throws: (any Error).self, "\(text)") { try foundation.decode(StreakEvent.self, from: Data(text.utf8)) }
        }
        let events = [StreakEvent(id: "x", dateCreated: Date(timeIntervalSince1970: 1_700_000_000.5), timezone: "UTC", amount: 0.25)]
        #expect(try StreamingJSONDecoder.microseconds.decode([StreakEvent].self, from: StreamingJSONEncoder.microseconds.encode(events)) == events)
    }

    @Test func stringsNumbersAndSpecialTypesDecodeAsJSONDecoderDoes() throws {
        #expect(try bothDecode([String].self, #"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u4e2d\ud83d\udd25", "raw é 🔥", ""]"#)
            == ["a\"b\\c/d\u{08}\u{0C}\n\r\t", "é中🔥", "raw é 🔥", ""])
        #expect(try bothDecode([Int].self, "[0, -1, 9223372036854775807, -9223372036854775808, 12]") == [0, -1, .max, .min, 12])
        #expect(try bothDecode([Double].self, "[0.5, -2.5e3, 1E-7, 3, -0.0]") == [0.5, -2500, 1e-7, 3, -0.0])
        #expect(try bothDecode([UInt8].self, "[255, 0]") == [255, 0])
        #expect(try bothDecode([String: Int?].self, #"{"a": null, "b": 2}"#) == ["a": nil, "b": 2])
        #expect(try bothDecode(Data.self, #""AAEC+vv8""#) == Data([0, 1, 2, 250, 251, 252]))
        #expect(try bothDecode([URL].self, #"["https://example.com/a?b=c"]"#) == [URL(string: "https://example.com/a?b=c")!])
        #expect(try bothDecode(Date.self, "1700000000123456") == Date(microseconds: 1_700_000_000_123_456))
        #expect(try bothDecode(Bool.self, " true ") == true)
        #expect(throws: DecodingError.self) { try streaming.decode([Int8].self, from: "[128]") }
        #expect(throws: DecodingError.self) { try streaming.decode([Int].self, from: "[9223372036854775808]") }
        #expect(throws: DecodingError.self) { try streaming.decode([UInt].self, from: "[-1]") }
        #expect(throws: DecodingError.self) { try streaming.decode([Double].self, from: "[1e400]") }
    }

    @Test func malformedJSONIsRefused() {
        let malformed = [
            "", " ", "[", "]", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\":}", "{a:1}", "{'a':1}", "[01]", "[1.]", "[.5]", "[-]", "[1e]", "[+1]",
            "tru", "nul", "[true false]", "\"abc", "\"a\u{01}b\"", #""\x""#, #""\u12G4""#, #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#,
            "[1] 2", "{\"a\":1}}", "[\"\\", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        ]
        for text in malformed {
            #expect(throws: DecodingError.self, "\(text.prefix(40))") { try streaming.decode(JSONAny.self, from: text) }
        }
    }

    /// Random damage to valid JSON never crashes, and what both read, both read alike.
    @Test func damagedJSONNeverCrashesAndAgreesWhenBothRead() throws {
        var random = SeededGenerator(seed: 5)
        let events = (0..<8).map { StreakEvent(id: "e\($0)", dateCreated: Date(microseconds: 1_700_000_000_000_000 + $0), timezone: "UTC", metadata: ["k": .int($0)]) }
        // Keys sorted: the same damaged inputs on every run (a dictionary's order is not).
        let sorted = microsecondJSONEncoder()
        sorted.outputFormatting = .sortedKeys
        let valid = Array(try sorted.encode(StreakHistory(events: events, leewayHours: 2)))
        let alphabet = Array(#"{}[]:,"\ 0123456789-+.eEtruefalsn/u"#.utf8)
        var agreed = 0
        for _ in 0..<3_000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
                }
            }
            let ours = try? streaming.decode(StreakHistory.self, from: bytes)
            let theirs = try? foundation.decode(StreakHistory.self, from: Data(bytes))
            if let ours, let theirs {
                // Names the input and both readings, so a rare disagreement can be replayed.
                #expect(ours == theirs, "\(String(decoding: bytes, as: UTF8.self)) ours: \(String(decoding: (try? encoder.encode(ours)) ?? Data(), as: UTF8.self)) theirs: \(String(decoding: (try? encoder.encode(theirs)) ?? Data(), as: UTF8.self))")
                agreed += 1
            }
        }
        #expect(agreed > 10)
    }

    /// One tokenizer behind both readers: the decoder and the store's line values refuse the
    /// same text for the same reason at the same byte, and read the same text alike.
    @Test func theDecoderAndTheLineReaderShareOneTokenizer() throws {
        for bad in [#"{"a": }"#, #"{"a": 1"#, #"[1,]"#, "{\"a\": \"\u{01}\"}", "01", "[tru]", #"{"a" 1}"#, "[1] x", "-"] {
            let lineError = try #require(Result { try JSONValue.parse(bad) }.failure as? JSONSyntaxError, "\(bad)")
            do {
                _ = try streaming.decode([Int].self, from: bad)
                Issue.record("decoded \(bad)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.debugDescription == "\(lineError.reason) at \(lineError.offset)", "\(bad)")
            }
        }
        let text = #"{"s": "a\u00e9", "n": [1, 2.5, -3e2], "b": true, "z": null}"#
        #expect(try JSONValue.parse(text)["n"] == .array([.integer(1), .number(2.5), .number(-300)]))
        #expect(try JSONValue.parse(text)["s"] == .string("aé"))
    }

    @Test func errorsNameWhereTheyHappened() throws {
        do {
            _ = try streaming.decode([[String: Int]].self, from: #"[{"a": 1}, {"b": 2, "c": "x"}]"#)
            Issue.record("decoded a string as an Int")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1", "c"])
        }
        do {
            _ = try streaming.decode([StreakEvent].self, from: #"[{"id": "x", "timezone": "UTC"}]"#)
            Issue.record("decoded an event without a date")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "date_created")
            #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
        }
    }

    /// Any JSON value (for reading text whose shape does not matter).
    struct JSONAny: Decodable {
        init(from decoder: any Decoder) throws {
            if var array = try? decoder.unkeyedContainer() {
                while !array.isAtEnd { _ = try array.decode(JSONAny.self) }
            } else if let object = try? decoder.container(keyedBy: JSONKey.self) {
                for key in object.allKeys { _ = try object.decode(JSONAny.self, forKey: key) }
            } else {
                let value = try decoder.singleValueContainer()
                if value.decodeNil() || (try? value.decode(Bool.self)) != nil || (try? value.decode(Double.self)) != nil { return }
                _ = try value.decode(String.self)
            }
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
