import SwiftfulGamification

/// The file store's synchronous methods are its `StreakStore` conformance.
extension FileStreakStore: StreakStore {
    public var location: String { rootPath }
}

/// The file store as `StreakServices` (the name it had before any store could serve).
public typealias FileStreakServices = StreakStoreServices
