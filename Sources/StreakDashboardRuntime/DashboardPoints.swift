import Foundation
import Observation
import StreakStoreKit
import SwiftfulGamification

/// Points in the dashboard, while they are on: an `ExperiencePointsManager` on the store's
/// ledger (live: what any writer earned arrives through it; each write settles its own).
@MainActor
final class DashboardPoints {
    private let store: any PointsStore
    private let userId: String
    private let zone: TimeZone
    private let clock: @Sendable () -> Date
    let manager: ExperiencePointsManager
    private var deliver: ((CurrentExperiencePointsData) -> Void)?
    /// The day the points were last calculated for: today's and this week's move at midnight.
    private var day: CalendarDay?

    /// The store's points for `userId`, or nil while they are off or the store keeps none.
    static func open(store: any StreakStore, userId: String, zone: TimeZone, clock: @escaping @Sendable () -> Date) async -> DashboardPoints? {
        guard let points = store as? any PointsStore, (try? await points.pointsSettings(userId: userId))?.isOn == true else { return nil }
        let weekStart = Weekday(calendarWeekday: Calendar.current.firstWeekday)
        let service = StoreExperiencePointsService(store: points, weekStart: weekStart, now: clock, timeZone: { zone })
        // The manager starts from the points as they are, so its first value is no news.
        let current = try? await service.currentData(userId: userId, experienceKey: StreakPoints.experienceKey)
        let manager = ExperiencePointsManager(
            services: ExperiencePointsStoreServices(remote: service, local: MockLocalExperiencePointsPersistence(data: current)),
            configuration: ExperiencePointsConfiguration(experienceKey: StreakPoints.experienceKey, weekStart: weekStart),
            now: clock, timeZone: { zone }
        )
        return DashboardPoints(store: points, userId: userId, zone: zone, clock: clock, manager: manager)
    }

    private init(store: any PointsStore, userId: String, zone: TimeZone, clock: @escaping @Sendable () -> Date, manager: ExperiencePointsManager) {
        self.store = store
        self.userId = userId
        self.zone = zone
        self.clock = clock
        self.manager = manager
    }

    /// Logs the manager in and hands each new value of its points to `deliver`.
    func start(deliver: @escaping (CurrentExperiencePointsData) -> Void) async {
        self.deliver = deliver
        try? await manager.logIn(userId: userId)
        observe()
    }

    /// The clock moved: a new day recalculates (nothing was written, yet "today" is another).
    func tick(_ now: Date) {
        let today = CalendarDay(containing: now, in: zone)
        defer { day = today }
        if let day, day != today { manager.recalculateExperiencePoints() }
    }

    func stop() {
        deliver = nil
        manager.logOut()
    }

    private func observe() {
        guard let deliver else { return }
        deliver(manager.currentExperiencePointsData)
        withObservationTracking {
            _ = manager.currentExperiencePointsData
        } onChange: { [weak self] in
            Task { @MainActor [weak self] in self?.observe() }
        }
    }

    /// At open, once: what a write could not record (its warning said so) is recorded, as
    /// `streaks points` does. Every write settles its own points (`StreakStore.apply`); nothing
    /// on a store whose server settles them (its ledger is not read here).
    func catchUp(_ evaluations: [StreakEvaluation]) {
        guard !store.settlesPointsOfItsChanges, !evaluations.isEmpty else { return }
        let (store, userId, zone, now) = (store, userId, zone, clock())
        Task { _ = try? await StreakPoints.settle(evaluations, in: store, userId: userId, now: now, timezone: zone) }
    }
}
