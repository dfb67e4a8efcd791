import Foundation

/// A weak reference any thread may read: how a store's feed refers back to the store that
/// owns it. Package-internal.
package final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var object: Object?

    package init() {}

    package var value: Object? {
        get { lock.withLock { object } }
        set { lock.withLock { object = newValue } }
    }
}
