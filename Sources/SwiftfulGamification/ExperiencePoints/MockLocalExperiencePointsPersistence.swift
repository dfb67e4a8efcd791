import Foundation

/// An in-memory `LocalExperiencePointsPersistence`.
@MainActor
public final class MockLocalExperiencePointsPersistence: LocalExperiencePointsPersistence {
    private var saved: [String: CurrentExperiencePointsData] = [:]
    /// Thrown by `saveCurrentExperiencePointsData` while set, to exercise failure paths.
    public var saveError: (any Error)?

    public init(data: CurrentExperiencePointsData? = nil) {
        if let data { saved[data.experienceKey] = data }
    }

    public func getSavedExperiencePointsData(experienceKey: String) -> CurrentExperiencePointsData? {
        saved[experienceKey]
    }

    /// Saves `data`, or forgets the saved data when it is nil.
    public func saveCurrentExperiencePointsData(experienceKey: String, _ data: CurrentExperiencePointsData?) throws {
        if let saveError { throw saveError }
        saved[experienceKey] = data
    }
}
