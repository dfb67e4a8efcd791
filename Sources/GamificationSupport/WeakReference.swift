import Synchronization

/// A weak reference any thread may read: how a store's feed refers back to the store that
/// owns it. Package-internal.
package final class WeakReference<Object: AnyObject>: Sendable {
    private struct Box: @unchecked Sendable {
        weak var object: Object?
    }

    private let box = Mutex(Box())

    package init() {}

    package var value: Object? {
        get { box.withLock { $0.object } }
        set { box.withLock { $0.object = newValue } }
    }
}
