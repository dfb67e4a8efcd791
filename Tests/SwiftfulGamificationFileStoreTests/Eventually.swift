import Foundation

/// A clock tests set by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) { current = start }

    var now: Date { lock.withLock { current } }
    func set(_ date: Date) { lock.withLock { current = date } }
}

/// Waits (up to `seconds`) for work on other threads to make `condition` true. These tests
/// observe a watcher thread and inotify, which no awaitable value stands for.
@MainActor
func eventually(seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}

/// The next element, or nil after `seconds`.
func next<Element: Sendable>(_ iterator: inout AsyncThrowingStream<Element, any Error>.Iterator, seconds: Double = 10) async throws -> Element? {
    let box = IteratorBox(iterator)
    let result = try await withThrowingTaskGroup(of: Element?.self) { group in
        group.addTask { try await box.next() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        return first
    }
    iterator = box.iterator
    return result
}

private final class IteratorBox<Element: Sendable>: @unchecked Sendable {
    var iterator: AsyncThrowingStream<Element, any Error>.Iterator
    init(_ iterator: AsyncThrowingStream<Element, any Error>.Iterator) { self.iterator = iterator }
    func next() async throws -> Element? { try await iterator.next() }
}
