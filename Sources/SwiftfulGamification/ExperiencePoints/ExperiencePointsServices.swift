import Foundation

/// Where a user's experience points live (a server, or the local file store), and where they
/// are calculated when `useServerCalculation` is set.
///
/// Providers treat events with the same id as one event, so recording an event twice (a
/// retry after a lost reply) stores it once.
@MainActor
public protocol RemoteExperiencePointsService: Sendable {
    /// Yields the current points now (when there are any) and after every change.
    func streamCurrentExperiencePoints(userId: String, experienceKey: String) -> AsyncThrowingStream<CurrentExperiencePointsData, any Error>
    func updateCurrentExperiencePoints(userId: String, experienceKey: String, data: CurrentExperiencePointsData) async throws
    /// Calculates on the provider's side, with today in `timezone`; the result arrives
    /// through `streamCurrentExperiencePoints`.
    func calculateExperiencePoints(userId: String, experienceKey: String, timezone: String?) async throws
    func addEvent(userId: String, experienceKey: String, event: ExperiencePointsEvent) async throws
    /// Every event, in the order they were added.
    func getAllEvents(userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent]
    func deleteAllEvents(userId: String, experienceKey: String) async throws
}

/// A device-local cache of the last points, read synchronously at start-up.
@MainActor
public protocol LocalExperiencePointsPersistence {
    func getSavedExperiencePointsData(experienceKey: String) -> CurrentExperiencePointsData?
    func saveCurrentExperiencePointsData(experienceKey: String, _ data: CurrentExperiencePointsData?) throws
}

/// The pair of services an `ExperiencePointsManager` runs on.
@MainActor
public protocol ExperiencePointsServices {
    var remote: any RemoteExperiencePointsService { get }
    var local: any LocalExperiencePointsPersistence { get }
}

/// Mock services for previews and tests: in-memory remote and local storage, both seeded.
@MainActor
public struct MockExperiencePointsServices: ExperiencePointsServices {
    public let remote: any RemoteExperiencePointsService
    public let local: any LocalExperiencePointsPersistence

    public init(data: CurrentExperiencePointsData? = nil) {
        remote = MockRemoteExperiencePointsService(data: data)
        local = MockLocalExperiencePointsPersistence(data: data)
    }

    public init(remote: any RemoteExperiencePointsService, local: any LocalExperiencePointsPersistence) {
        self.remote = remote
        self.local = local
    }
}

/// Services for an app's own remote with the file cache.
@MainActor
public struct ExperiencePointsStoreServices: ExperiencePointsServices {
    public let remote: any RemoteExperiencePointsService
    public let local: any LocalExperiencePointsPersistence

    public init(remote: any RemoteExperiencePointsService, local: any LocalExperiencePointsPersistence = FileManagerExperiencePointsPersistence()) {
        self.remote = remote
        self.local = local
    }
}
