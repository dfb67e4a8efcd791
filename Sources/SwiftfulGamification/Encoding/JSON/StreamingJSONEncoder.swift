import Foundation

/// JSON for `Encodable` values, written straight into bytes as the value encodes itself.
///
/// Foundation's `JSONEncoder` builds a tree of every value first and then writes it; for the
/// small results a store writes on every change that tree was a fifth of a writer's time.
/// This writes as it goes, so it needs what synthesized and hand-written `encode(to:)`
/// methods do anyway: a container is finished before its parent is written to again (a
/// container used after that throws). Keys come out in the order they are encoded (not
/// sorted); strings escape what JSON requires (slashes stay as they are); dates use
/// `dates`, `Data` is Base64 and a URL its absolute string, as `JSONEncoder` writes them.
/// The output decodes with `JSONDecoder` to the same value as `JSONEncoder`'s.
package struct StreamingJSONEncoder: Sendable {
    /// How a `Date` is written.
    package enum DateForm: Sendable {
        /// Whole microseconds since 1970 (`Date.microsecondsSince1970`), as the stores keep them.
        case microseconds
        /// As the closure encodes it in the single-value container given.
        case custom(@Sendable (Date, inout SingleValueEncodingContainer) throws -> Void)
    }

    package let dates: DateForm

    package init(dates: @escaping @Sendable (Date, inout SingleValueEncodingContainer) throws -> Void) {
        self.dates = .custom(dates)
    }

    private init(_ dates: DateForm) {
        self.dates = dates
    }

    /// Dates as whole microseconds, written as integers without a container (a store's every
    /// write encodes a few hundred).
    package static let microseconds = StreamingJSONEncoder(.microseconds)

    package func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = JSONByteWriter(dates: dates)
        try writer.write(value, path: nil)
        if let failure = writer.failure { throw failure }
        return writer.output.bytes
    }

    package func string<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}

/// The JSON written so far and the containers still open (innermost last).
final class JSONByteWriter {
    /// Each write goes through one `inout` access of this: a class's stored array checked
    /// for exclusive access on every byte appended cost more than the writing.
    var output = JSONWriter(capacity: 1024)
    let dates: StreamingJSONEncoder.DateForm
    /// Each open container: its closing byte, whether it holds an element yet, and its
    /// serial number (a container handed out earlier finds it is no longer open).
    private var open: [(close: UInt8, hasElement: Bool, serial: Int)] = []
    private var opened = 0
    /// The first misuse seen where the protocol gives no way to throw.
    var failure: EncodingError?

    init(dates: StreamingJSONEncoder.DateForm) {
        self.dates = dates
    }

    var depth: Int { open.count }

    /// One value, whole: whatever containers its encoding opens are closed after it.
    func write<T: Encodable>(_ value: T, path: JSONCodingPath?) throws {
        let level = depth
        let start = output.bytes.count
        // Compared by type, not cast: a cast per value would cost as much as the writing.
        if T.self == Date.self {
            try writeDate(value as! Date, level: level, path: path)
        } else if T.self == Data.self {
            writeString((value as! Data).base64EncodedString())
        } else if T.self == URL.self {
            writeString((value as! URL).absoluteString)
        } else if T.self == StreakEvent.self, case let event = value as! StreakEvent, event.metadata.isEmpty {
            try writeEvent(event, level: level, path: path)
        } else {
            try value.encode(to: JSONStreamEncoder(writer: self, level: level, path: path))
        }
        if output.bytes.count == start {
            // Nothing encoded: an empty object, as JSONEncoder writes for a nested value.
            output.literal("{}")
        }
        close(downTo: level)
    }

    /// An event without metadata, as its `encode(to:)` writes it (the same keys in the same
    /// order), without the containers: a store's every write encodes the streak's recent
    /// events twice (its history and its evaluation), and through the containers that was
    /// most of a server's encoding.
    private func writeEvent(_ event: StreakEvent, level: Int, path: JSONCodingPath?) throws {
        output.literal(#"{"id":"#)
        output.string(event.id)
        output.literal(#","date_created":"#)
        try writeDate(event.dateCreated, level: level, path: path)
        output.literal(#","timezone":"#)
        output.string(event.timezone)
        output.literal(event.isFreeze ? #","is_freeze":true"# : #","is_freeze":false"#)
        if let freezeId = event.freezeId {
            output.literal(#","freeze_id":"#)
            output.string(freezeId)
        }
        if let amount = event.amount {
            output.literal(#","amount":"#)
            try writeFloat(amount, path: path)
        }
        output.byte(UInt8(ascii: "}"))
    }

    private func writeDate(_ date: Date, level: Int, path: JSONCodingPath?) throws {
        switch dates {
        case .microseconds:
            output.integer(date.microsecondsSince1970)
        case .custom(let encode):
            var container: SingleValueEncodingContainer = JSONSingleValue(writer: self, level: level, path: path)
            try encode(date, &container)
        }
    }

    /// Opens a container at `level` (closing any deeper one left open); returns its serial.
    func openContainer(_ opening: UInt8, _ closing: UInt8, level: Int) -> Int {
        close(downTo: level)
        output.byte(opening)
        opened += 1
        open.append((closing, false, opened))
        return opened
    }

    func close(downTo level: Int) {
        while open.count > level { output.byte(open.removeLast().close) }
    }

    /// Starts the next element of the container `serial` at `level` (the innermost once
    /// deeper ones are closed): a comma after the first.
    func startElement(of level: Int, serial: Int, path: JSONCodingPath?) throws {
        guard level <= open.count, open[level - 1].serial == serial else {
            throw EncodingError.invalidValue(
                0, EncodingError.Context(codingPath: path.keys, debugDescription: "a container written to after its parent moved on")
            )
        }
        close(downTo: level)
        if open[level - 1].hasElement { output.byte(UInt8(ascii: ",")) } else { open[level - 1].hasElement = true }
    }

    func writeKey(_ key: String) {
        output.string(key)
        output.byte(UInt8(ascii: ":"))
    }

    func writeRaw(_ text: StaticString) {
        output.literal(text)
    }

    func writeInteger<I: BinaryInteger>(_ value: I) {
        output.integer(value)
    }

    func writeString(_ text: String) {
        output.string(text)
    }

    func writeFloat<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, path: JSONCodingPath?) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: path.keys, debugDescription: "\(value) is not valid in JSON"))
        }
        output.float(value)
    }
}

/// The encoder a value writes itself with; its containers sit at `level + 1`.
struct JSONStreamEncoder: Encoder {
    let writer: JSONByteWriter
    let level: Int
    let path: JSONCodingPath?
    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let serial = writer.openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"), level: level)
        return KeyedEncodingContainer(JSONKeyedContainer<Key>(writer: writer, level: level + 1, serial: serial, path: path))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        let serial = writer.openContainer(UInt8(ascii: "["), UInt8(ascii: "]"), level: level)
        return JSONUnkeyedContainer(writer: writer, level: level + 1, serial: serial, path: path)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        JSONSingleValue(writer: writer, level: level, path: path)
    }
}

/// A JSON object at `level`.
struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONByteWriter
    let level: Int
    let serial: Int
    let path: JSONCodingPath?
    var codingPath: [any CodingKey] { path.keys }

    private func key(_ key: Key) throws {
        try writer.startElement(of: level, serial: serial, path: path)
        writer.writeKey(key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { try self.key(key); writer.writeRaw("null") }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try self.key(key); writer.writeRaw(value ? "true" : "false") }
    mutating func encode(_ value: String, forKey key: Key) throws { try self.key(key); writer.writeString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try self.key(key); try writer.writeFloat(value, path: JSONCodingPath(key, in: path)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try self.key(key); try writer.writeFloat(value, path: JSONCodingPath(key, in: path)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try self.key(key); writer.writeInteger(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try self.key(key); writer.writeInteger(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try self.key(key); writer.writeInteger(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try self.key(key); writer.writeInteger(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try self.key(key); writer.writeInteger(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try self.key(key); writer.writeInteger(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try self.key(key); writer.writeInteger(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try self.key(key); writer.writeInteger(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try self.key(key); writer.writeInteger(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try self.key(key); writer.writeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try self.key(key)
        try writer.write(value, path: JSONCodingPath(key, in: path))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        misuseChecked(key)
        return JSONStreamEncoder(writer: writer, level: level, path: JSONCodingPath(key, in: path)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        misuseChecked(key)
        return JSONStreamEncoder(writer: writer, level: level, path: JSONCodingPath(key, in: path)).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder { superEncoder(named: "super") }

    mutating func superEncoder(forKey key: Key) -> Encoder { superEncoder(named: key.stringValue, key: key) }

    private func superEncoder(named name: String, key: (any CodingKey)? = nil) -> Encoder {
        do {
            try writer.startElement(of: level, serial: serial, path: path)
            writer.writeKey(name)
        } catch { writer.failure = writer.failure ?? (error as? EncodingError) }
        return JSONStreamEncoder(writer: writer, level: level, path: key.map { JSONCodingPath($0, in: path) } ?? path)
    }

    /// Starts `key`'s element where the protocol cannot throw (a misuse is thrown at the end).
    private func misuseChecked(_ key: Key) {
        do { try self.key(key) } catch { writer.failure = writer.failure ?? (error as? EncodingError) }
    }
}

/// A JSON array at `level`.
struct JSONUnkeyedContainer: UnkeyedEncodingContainer, JSONValueSlots {
    let writer: JSONByteWriter
    let level: Int
    let serial: Int
    let path: JSONCodingPath?
    var codingPath: [any CodingKey] { path.keys }
    private(set) var count = 0

    init(writer: JSONByteWriter, level: Int, serial: Int, path: JSONCodingPath?) {
        self.writer = writer
        self.level = level
        self.serial = serial
        self.path = path
    }

    mutating func nextSlot() throws {
        try writer.startElement(of: level, serial: serial, path: path)
        count += 1
    }


    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        misuseChecked()
        return JSONStreamEncoder(writer: writer, level: level, path: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        misuseChecked()
        return JSONStreamEncoder(writer: writer, level: level, path: path).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder {
        misuseChecked()
        return JSONStreamEncoder(writer: writer, level: level, path: path)
    }

    private mutating func misuseChecked() {
        do { try nextSlot() } catch { writer.failure = writer.failure ?? (error as? EncodingError) }
    }
}

/// One value, written where the encoder that gave it stands.
struct JSONSingleValue: SingleValueEncodingContainer, JSONValueSlots {
    let writer: JSONByteWriter
    let level: Int
    let path: JSONCodingPath?
    var codingPath: [any CodingKey] { path.keys }

    func nextSlot() throws {
        guard writer.depth >= level else {
            throw EncodingError.invalidValue(0, EncodingError.Context(codingPath: path.keys, debugDescription: "a value written after its parent moved on"))
        }
        writer.close(downTo: level)
    }

}

/// Where a value sits, as a chain from it up to the top (built only for nested values, and
/// spelled out as keys only when asked: errors and `codingPath`).
final class JSONCodingPath {
    let key: any CodingKey
    let parent: JSONCodingPath?

    init(_ key: any CodingKey, in parent: JSONCodingPath?) {
        self.key = key
        self.parent = parent
    }
}

extension Optional where Wrapped == JSONCodingPath {
    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}

/// Containers that take one value at a time (an array's next element, a single value):
/// `nextSlot` readies the place, then the value is written there.
protocol JSONValueSlots {
    var writer: JSONByteWriter { get }
    var path: JSONCodingPath? { get }
    mutating func nextSlot() throws
}

extension JSONValueSlots {
    mutating func encodeNil() throws { try nextSlot(); writer.writeRaw("null") }
    mutating func encode(_ value: Bool) throws { try nextSlot(); writer.writeRaw(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try nextSlot(); writer.writeString(value) }
    mutating func encode(_ value: Double) throws { try nextSlot(); try writer.writeFloat(value, path: path) }
    mutating func encode(_ value: Float) throws { try nextSlot(); try writer.writeFloat(value, path: path) }
    mutating func encode(_ value: Int) throws { try nextSlot(); writer.writeInteger(value) }
    mutating func encode(_ value: Int8) throws { try nextSlot(); writer.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { try nextSlot(); writer.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { try nextSlot(); writer.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { try nextSlot(); writer.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { try nextSlot(); writer.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try nextSlot(); writer.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try nextSlot(); writer.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try nextSlot(); writer.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try nextSlot(); writer.writeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try nextSlot()
        try writer.write(value, path: path)
    }
}
