/// The states of one layer of a dynamic programme over days, in the order first reached:
/// searched linearly while few (the usual case: one or two), hashed beyond that.
struct StateTable<Key: Hashable, Value> {
    private(set) var keys: [Key] = []
    var values: [Value] = []
    private var index: [Key: Int]?
    /// How many keys are searched linearly before hashing: more for keys cheap to compare.
    private let linearLimit: Int

    init(linearLimit: Int = 8) {
        self.linearLimit = linearLimit
    }

    var count: Int { keys.count }

    func position(of key: Key) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    /// Adds `value` under a key not in the table yet.
    mutating func append(_ key: Key, _ value: Value) {
        keys.append(key)
        values.append(value)
        if index != nil {
            index![key] = keys.count - 1
        } else if keys.count > linearLimit {
            index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
        }
    }

    /// Stores `value` unless the key holds one `isBetter` does not prefer it to.
    mutating func keep(_ key: Key, _ value: Value, isBetter: (Value, Value) -> Bool) {
        if let position = position(of: key) {
            if isBetter(value, values[position]) { values[position] = value }
        } else {
            append(key, value)
        }
    }
}
