import Foundation

/// A clock tests set by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) {
        current = start
    }

    var now: Date {
        lock.withLock { current }
    }

    func set(_ date: Date) {
        lock.withLock { current = date }
    }
}
