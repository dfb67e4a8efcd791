import Foundation
import StreakStoreKit
import SwiftfulGamification

extension FileStoreOnOwnThreads: PointsStore {
    func experienceEvents(userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try await BlockingIO.run { try files.experienceEvents(userId: userId, experienceKey: experienceKey) }
    }

    func addExperienceEvents(_ events: [ExperiencePointsEvent], userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try await BlockingIO.run { try files.addExperienceEvents(events, userId: userId, experienceKey: experienceKey) }
    }

    func streakEarnings(userId: String, streakKeys: Set<String>) async throws -> [ExperiencePointsEvent] {
        try await BlockingIO.run { try files.streakEarnings(userId: userId, streakKeys: streakKeys) }
    }

    func addStreakEarnings(_ events: [ExperiencePointsEvent], userId: String, streakKeys: Set<String>) async throws -> [ExperiencePointsEvent] {
        try await BlockingIO.run { try files.addStreakEarnings(events, userId: userId, streakKeys: streakKeys) }
    }

    func deleteAllExperienceEvents(userId: String, experienceKey: String, now: Date) async throws {
        try await BlockingIO.run { try files.deleteAllExperienceEvents(userId: userId, experienceKey: experienceKey, now: now) }
    }

    func watchExperience(userId: String, experienceKey: String) -> AsyncThrowingStream<Void, any Error> {
        files.watchLedger(.experience(experienceKey), userId: userId)
    }

    func progressItems(userId: String, progressKey: String) async throws -> [ProgressItem] {
        try await BlockingIO.run { try files.progressItems(userId: userId, progressKey: progressKey) }
    }

    func saveProgress(_ item: ProgressItem, userId: String) async throws -> ProgressItem {
        try await BlockingIO.run { try files.saveProgress(item, userId: userId) }
    }

    func deleteProgress(id: String?, userId: String, progressKey: String, now: Date) async throws {
        try await BlockingIO.run { try files.deleteProgress(id: id, userId: userId, progressKey: progressKey, now: now) }
    }

    func watchProgress(userId: String, progressKey: String) -> AsyncThrowingStream<Void, any Error> {
        files.watchLedger(.progress(progressKey), userId: userId)
    }

    func experienceKeys(userId: String) async throws -> [String] {
        try await BlockingIO.run { try files.ledgerKeys("experience", userId: userId) }
    }

    func progressKeys(userId: String) async throws -> [String] {
        try await BlockingIO.run { try files.ledgerKeys("progress", userId: userId) }
    }

    func pointsSettings(userId: String) async throws -> StreakPointsSettings {
        try await BlockingIO.run { try files.pointsSettings(userId: userId) }
    }

    func setPointsSettings(_ settings: StreakPointsSettings, userId: String) async throws {
        try await BlockingIO.run { try files.setPointsSettings(settings, userId: userId) }
    }

    func updatePointsSettings(_ changes: [StreakPointsSettings.Change], userId: String) async throws
        -> (before: StreakPointsSettings, after: StreakPointsSettings) {
        try await BlockingIO.run { try files.updatePointsSettings(changes, userId: userId) }
    }
}

extension FileStreakStore {
    /// This store's experience points and progress for async code, on threads of its own.
    public var pointsOnOwnThreads: any PointsStore { FileStoreOnOwnThreads(files: self) }
}
