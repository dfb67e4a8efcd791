import Foundation

// Helpers every test target shares (pinned clocks, waiting on streams). Seeded randomness
// is the library's own `SeededGenerator`.

/// A clock tests set by hand.
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ start: Date) { current = start }

    public var now: Date { lock.withLock { current } }
    public func set(_ date: Date) { lock.withLock { current = date } }
}

/// Waits (up to `seconds`) for work on other threads to make `condition` true: a watcher
/// thread, inotify or a feed, which no awaitable value stands for. Long by default, as
/// `next` is: the whole suite on two cores keeps such work waiting for seconds.
@MainActor
public func eventually(seconds: Double = 240, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}

/// The next element, or nil after `seconds` (a timeout ends the stream: use `Collector` to
/// check that nothing more comes). The default is long: with the whole suite running on two
/// cores, a watcher's first value waited behind other tests' blocking work for over 10 s.
public func next<Element: Sendable>(_ iterator: inout AsyncThrowingStream<Element, any Error>.Iterator, seconds: Double = 240) async throws -> Element? {
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

/// The first element of `stream` meeting `condition`, or nil after `seconds` (the stream's
/// only consumer).
public func first<Element: Sendable>(
    _ stream: AsyncThrowingStream<Element, any Error>, seconds: Double = 5, where condition: @escaping @Sendable (Element) -> Bool
) async throws -> Element? {
    try await withThrowingTaskGroup(of: Element?.self) { group in
        group.addTask {
            for try await element in stream where condition(element) { return element }
            return nil
        }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let found = try await group.next() ?? nil
        group.cancelAll()
        return found
    }
}

/// Everything a stream yields, gathered as it comes.
public final class Collector<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Element] = []
    private var task: Task<Void, Never>?

    public init(_ stream: AsyncThrowingStream<Element, any Error>) {
        task = Task { [weak self] in
            do { for try await element in stream { self?.lock.withLock { self?.list.append(element) } } } catch {}
        }
    }

    public init(_ stream: AsyncStream<Element>) {
        task = Task { [weak self] in
            for await element in stream { self?.lock.withLock { self?.list.append(element) } }
        }
    }

    deinit { task?.cancel() }

    public var values: [Element] { lock.withLock { list } }

    @MainActor
    public func count(reaches count: Int, seconds: Double = 5) async -> Bool {
        await eventually(seconds: seconds) { self.values.count >= count }
    }
}
