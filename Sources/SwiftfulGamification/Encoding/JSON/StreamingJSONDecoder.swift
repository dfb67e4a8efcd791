import Foundation

/// `Decodable` values from JSON, read from one pass over the bytes into a flat list of
/// values that containers then walk, with no dictionary built per object.
///
/// The store reads a streak's running history on every write; Foundation's `JSONDecoder`
/// spent most of that time hashing keys into a dictionary per object. Objects here are
/// searched in order (they have a few dozen keys at most), starting after the key found
/// last, which is where the next one usually is. Numbers, strings (every escape, surrogate
/// pairs), `Data` (Base64), URLs and dates (`dates`) decode as `JSONDecoder` decodes them;
/// malformed JSON, trailing bytes and nesting deeper than 512 throw `dataCorrupted`.
package struct StreamingJSONDecoder: Sendable {
    /// How a `Date` is read.
    package enum DateForm: Sendable {
        /// Whole microseconds since 1970, as the stores keep them.
        case microseconds
        /// As the closure reads it from the value's decoder.
        case custom(@Sendable (any Decoder) throws -> Date)
    }

    package let dates: DateForm

    package init(dates: @escaping @Sendable (any Decoder) throws -> Date) {
        self.dates = .custom(dates)
    }

    private init(_ dates: DateForm) {
        self.dates = dates
    }

    /// Dates as whole microseconds, read as integers without a container.
    package static let microseconds = StreamingJSONDecoder(.microseconds)

    package func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        let document = try JSONDocument(Array(bytes), dates: dates)
        return try JSONValueDecoder(document: document, index: 0).decodeValue(T.self)
    }

    package func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try decode(type, from: Array(text.utf8))
    }
}

/// The parsed document: every value in order, each knowing where it ends.
final class JSONDocument {
    let bytes: [UInt8]
    let values: [JSONToken]
    let dates: StreamingJSONDecoder.DateForm

    init(_ bytes: [UInt8], dates: StreamingJSONDecoder.DateForm) throws {
        do {
            values = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONParser.tokens(of: buffer, maxDepth: 512) }
        } catch {
            throw Self.corrupted("\(error.reason) at \(error.offset)")
        }
        self.bytes = bytes
        self.dates = dates
    }

    static func corrupted(_ description: String, path: [any CodingKey] = []) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: description))
    }

    // MARK: Reading values

    /// The keys from the top down to the value at `target`, found by walking down (only an
    /// error or a type asking for its `codingPath` needs them).
    func path(to target: Int) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = 0
        while node != target, values[node].kind == .array || values[node].kind == .object, target < Int(values[node].next) {
            let isObject = values[node].kind == .object
            var position = node + 1
            var element = 0
            while true {
                let valueIndex = isObject ? position + 1 : position
                let after = Int(values[valueIndex].next)
                if target < after {
                    guard target >= valueIndex else { return keys }  // an object's key itself
                    keys.append(isObject ? JSONKey(stringValue: (try? string(at: position)) ?? "") : JSONKey(index: element))
                    node = valueIndex
                    break
                }
                position = after
                element += 1
            }
        }
        return keys
    }

    func string(at index: Int) throws -> String {
        let value = values[index]
        let range = Int(value.start)..<Int(value.end)
        guard value.escaped else { return String(decoding: bytes[range], as: UTF8.self) }
        do {
            return try bytes.withUnsafeBufferPointer { buffer throws(JSONStringEscapes.Malformed) in try JSONStringEscapes.decode(buffer, from: range.lowerBound).text }
        } catch {
            throw Self.corrupted("\(error.reason) at \(error.offset)")
        }
    }

    /// Whether the string at `index` is exactly `key` (an escaped one is decoded to compare).
    func string(at index: Int, equals key: String) -> Bool {
        let value = values[index]
        if value.escaped { return (try? string(at: index)) == key }
        var position = Int(value.start)
        for byte in key.utf8 {
            guard position < Int(value.end), bytes[position] == byte else { return false }
            position += 1
        }
        return position == Int(value.end)
    }

    func text(at index: Int) -> String {
        String(decoding: bytes[Int(values[index].start)..<Int(values[index].end)], as: UTF8.self)
    }

    /// The number at `index` as an integer of `type`, if it is one and fits.
    func integer<I: FixedWidthInteger>(at index: Int, as type: I.Type) -> I? {
        let value = values[index]
        var position = Int(value.start)
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var result: I = 0
        while position < Int(value.end) {
            let byte = bytes[position]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                // A fraction or exponent: an integer only if the value is a whole one that fits.
                guard let double = Double(text(at: index)), double.rounded() == double else { return nil }
                return I(exactly: double)
            }
            let digit = I(byte - UInt8(ascii: "0"))
            let (times, overflowTimes) = result.multipliedReportingOverflow(by: 10)
            let (next, overflow) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflowTimes, !overflow else { return nil }
            result = next
            position += 1
        }
        return result
    }
}

/// A key of the decoder's own: an array element's position, or "super".
struct JSONKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(index: Int) { stringValue = "Index \(index)"; intValue = index }
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init?(intValue: Int) { self.init(index: intValue) }
}

/// The decoder for the value at `index` (also its single-value container).
struct JSONValueDecoder: Decoder, SingleValueDecodingContainer {
    let document: JSONDocument
    let index: Int
    var codingPath: [any CodingKey] { document.path(to: index) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    private var value: JSONToken { document.values[index] }

    func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type), found \(value.kind)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard value.kind == .object else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(JSONObjectContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard value.kind == .array else { throw mismatch([Any].self) }
        return JSONArrayContainer(decoder: self)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.kind == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard value.kind == .bool else { throw mismatch(type) }
        return document.bytes[Int(value.start)] == UInt8(ascii: "t")
    }

    func decode(_ type: String.Type) throws -> String {
        guard value.kind == .string else { throw mismatch(type) }
        return try document.string(at: index)
    }

    func decode(_ type: Double.Type) throws -> Double { try floating(type) }
    func decode(_ type: Float.Type) throws -> Float { try floating(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard value.kind == .number else { throw mismatch(type) }
        guard let number = document.integer(at: index, as: type) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "number \(document.text(at: index)) does not fit in \(type)")
            )
        }
        return number
    }

    private func floating<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type) throws -> F {
        guard value.kind == .number else { throw mismatch(type) }
        guard let number = F(document.text(at: index)), number.isFinite else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "number \(document.text(at: index)) does not fit in \(type)")
            )
        }
        return number
    }

    /// The value as `T`: dates through `dates`, Data from Base64, URLs from their text.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Date.self {
            switch document.dates {
            case .microseconds: return Date(microseconds: try decode(Int.self)) as! T
            case .custom(let read): return try read(self) as! T
            }
        }
        if T.self == StreakEvent.self, let event = plainEvent() { return event as! T }
        if T.self == Data.self {
            guard let data = Data(base64Encoded: try decode(String.self)) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "not Base64 data"))
            }
            return data as! T
        }
        if T.self == URL.self {
            guard let url = URL(string: try decode(String.self)) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "not a URL"))
            }
            return url as! T
        }
        return try T(from: self)
    }

    /// An event without metadata, read straight from its members in the order, and with the
    /// checks, of `StreakEvent.init(from:)` (a store's every write reads a few hundred); nil
    /// for anything else, which that initializer then reads or refuses in its own words.
    private func plainEvent() -> StreakEvent? {
        guard value.kind == .object else { return nil }
        let members = JSONObjectIndex(document: document, object: index)
        func present(_ key: String) -> JSONValueDecoder? {
            members.find(key).flatMap { document.values[$0].kind == .null ? nil : child($0) }
        }
        guard let id = try? present("id")?.decode(String.self), !id.isEmpty,
              let zone = try? present("timezone")?.decode(String.self), !zone.isEmpty,
              let date = try? present("date_created")?.decodeValue(Date.self) else { return nil }
        var isFreeze = false, freezeId: String?, amount: Double?
        if let flag = present("is_freeze") { guard let read = try? flag.decode(Bool.self) else { return nil }; isFreeze = read }
        if let text = present("freeze_id") { guard let read = try? text.decode(String.self) else { return nil }; freezeId = read }
        guard present("metadata") == nil else { return nil }
        if let number = present("amount") { guard let read = try? number.decode(Double.self) else { return nil }; amount = read }
        return StreakEvent(id: id, dateCreated: date, timezone: zone, isFreeze: isFreeze, freezeId: freezeId, amount: amount)
    }

    func child(_ index: Int) -> JSONValueDecoder {
        JSONValueDecoder(document: document, index: index)
    }
}

/// An object's keys, searched in order from after the key found last (where the next one
/// a type decodes usually is).
final class JSONObjectIndex {
    let document: JSONDocument
    /// Document indexes: the first key, the end of the object, the key to try first.
    let first: Int
    let end: Int
    var cursor: Int

    init(document: JSONDocument, object: Int) {
        self.document = document
        first = object + 1
        end = Int(document.values[object].next)
        cursor = first
    }

    /// The index of `key`'s value.
    func find(_ key: String) -> Int? {
        guard first < end else { return nil }
        var position = cursor
        repeat {
            let value = position + 1
            let after = Int(document.values[value].next)
            if document.string(at: position, equals: key) {
                cursor = after < end ? after : first
                return value
            }
            position = after < end ? after : first
        } while position != cursor
        return nil
    }

    /// Every key's index, in order.
    var keys: [Int] {
        var keys: [Int] = []
        var position = first
        while position < end {
            keys.append(position)
            position = Int(document.values[position + 1].next)
        }
        return keys
    }
}

struct JSONObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONValueDecoder
    let index: JSONObjectIndex

    init(decoder: JSONValueDecoder) {
        self.decoder = decoder
        index = JSONObjectIndex(document: decoder.document, object: decoder.index)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        index.keys.compactMap { (try? decoder.document.string(at: $0)).flatMap(Key.init(stringValue:)) }
    }

    func contains(_ key: Key) -> Bool { index.find(key.stringValue) != nil }

    private func value(_ key: Key) throws -> JSONValueDecoder {
        guard let found = index.find(key.stringValue) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "no value for key \"\(key.stringValue)\""))
        }
        return decoder.child(found)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(key).decodeValue(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let found = index.find(key.stringValue), decoder.document.values[found].kind != .null else { return nil }
        return try decoder.child(found).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try value(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer { try value(key).unkeyedContainer() }

    func superDecoder() throws -> Decoder {
        let key = JSONKey(stringValue: "super")
        guard let found = index.find(key.stringValue) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "no value for key \"super\""))
        }
        return decoder.child(found)
    }

    func superDecoder(forKey key: Key) throws -> Decoder { try value(key) }
}

struct JSONArrayContainer: UnkeyedDecodingContainer {
    let decoder: JSONValueDecoder
    private var position: Int
    private let end: Int
    let count: Int?
    private(set) var currentIndex = 0

    init(decoder: JSONValueDecoder) {
        self.decoder = decoder
        let array = decoder.document.values[decoder.index]
        position = decoder.index + 1
        end = Int(array.next)
        count = Int(array.count)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var isAtEnd: Bool { position >= end }

    private mutating func next() throws -> JSONValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, DecodingError.Context(codingPath: codingPath + [JSONKey(index: currentIndex)], debugDescription: "no more elements")
            )
        }
        let element = decoder.child(position)
        position = Int(decoder.document.values[position].next)
        currentIndex += 1
        return element
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.document.values[position].kind == .null else { return false }
        _ = try next()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> Decoder { try next() }
}
