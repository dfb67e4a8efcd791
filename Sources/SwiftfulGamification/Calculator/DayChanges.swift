/// A value that changes on given days: each change applies from its day on, and days before
/// the first change keep the first change's value (the fallback holds only with no change).
/// Changes on one day keep their order, so the last one made wins.
struct DayChanges<Value: Sendable>: Sendable {
    /// (first day, value), ascending by day.
    let changes: [(day: Int, value: Value)]
    let fallback: Value

    init(_ changes: [(day: Int, value: Value)], fallback: Value) {
        self.changes = changes.enumerated()
            .sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }
            .map(\.element)
        self.fallback = fallback
    }

    func value(on day: Int) -> Value {
        guard var value = changes.first?.value else { return fallback }
        for change in changes {
            guard change.day <= day else { break }
            value = change.value
        }
        return value
    }

    /// The values of `count` consecutive days from `firstDay`, in one sweep.
    func values(from firstDay: Int, count: Int) -> [Value] {
        var result: [Value] = []
        result.reserveCapacity(count)
        var next = 0
        var value = changes.first?.value ?? fallback
        for offset in 0..<count {
            while next < changes.count, changes[next].day <= firstDay + offset {
                value = changes[next].value
                next += 1
            }
            result.append(value)
        }
        return result
    }
}
