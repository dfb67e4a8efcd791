import Foundation
import SwiftfulGamification
import Testing

/// Code written as an upstream SwiftfulGamification user writes it (plain `import`, upstream's
/// names, labels and defaults), compiled against this package, with the meaning checked where
/// it is ours to match. A symbol missing here is a build failure, not a failed test.
@MainActor
struct UpstreamCompatibilityTests {
    private final class RecordingLogger: GamificationLogger {
        var events: [(name: String, parameters: [String: Any]?)] = []
        func trackEvent(event: GamificationLogEvent) { events.append((event.eventName, event.parameters)) }
        func addUserProperties(dict: [String: Any], isHighPriority: Bool) {}
    }

    // MARK: - Services and the manager

    @Test func mockServicesTakeAStreakAndTheManagerRunsOnThem() async throws {
        let services = MockStreakServices(streak: .mockActive(currentStreak: 3))
        let manager = StreakManager(services: services, configuration: StreakConfiguration(streakKey: "workout"))
        #expect(manager.currentStreakData.currentStreak == 3)
        try await manager.logIn(userId: "user_1")
        try await manager.addStreakEvent()
        let events = try await manager.getAllStreakEvents()
        #expect(events.count == 4)
        let empty = MockStreakServices()
        #expect(empty.local.getSavedStreakData(streakKey: "workout") == nil)
    }

    @Test func anExhaustiveSwitchOverStreakErrorCompiles() async {
        let manager = StreakManager(services: MockStreakServices(), configuration: .mock())
        do {
            try await manager.addStreakEvent()
            Issue.record("expected notLoggedIn")
        } catch let error as StreakError {
            switch error {
            case .notLoggedIn: break
            }
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func analyticsUseUpstreamsNamesAndNoStartWhenTheServerCalculates() async throws {
        let logger = RecordingLogger()
        let server = StreakManager(
            services: MockStreakServices(streak: .mockActive()),
            configuration: StreakConfiguration(streakKey: "workout", useServerCalculation: true), logger: logger
        )
        try await server.logIn(userId: "user_1")
        await server.recalculateStreakAndWait()
        #expect(!logger.events.map(\.name).contains("StreakMan_CalculateStreak_Start"))
        let client = StreakManager(services: MockStreakServices(streak: .mockActive()), configuration: .mock(), logger: logger)
        try await client.logIn(userId: "user_1")
        await client.recalculateStreakAndWait()
        #expect(logger.events.map(\.name).contains("StreakMan_CalculateStreak_Start"))
        #expect(logger.events.map(\.name).contains("StreakMan_CalculateStreak_Success"))

        let event = StreakEvent.mock(dateCreated: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(event.eventParameters["streak_event_timestamp"] as? Double == 1_700_000_000)
        #expect(event.eventParameters["streak_event_id"] as? String == event.id)
        let freeze = StreakFreeze(id: "f1", dateEarned: Date(timeIntervalSince1970: 100), dateUsed: Date(timeIntervalSince1970: 200))
        let parameters = freeze.eventParameters
        #expect(parameters["streak_freeze_earned_date"] as? Double == 100)
        #expect(parameters["streak_freeze_used_date"] as? Double == 200)
        #expect(parameters["streak_freeze_is_available"] as? Bool == false)
        #expect(parameters["streak_freeze_is_expired"] as? Bool == false)
        #expect(parameters["streak_freeze_is_used"] as? Bool == true)
        let streak = CurrentStreakData.mock().eventParameters
        for key in ["current_streak_streak_id", "current_streak_user_id", "current_streak_current_streak", "current_streak_longest_streak",
                    "current_streak_total_events", "current_streak_freezes_available_count", "current_streak_events_required_per_day",
                    "current_streak_today_event_count", "current_streak_is_streak_active", "current_streak_is_goal_met", "current_streak_goal_progress"] {
            #expect(streak[key] != nil, "\(key)")
        }
    }

    // MARK: - Mock factories

    @Test func mockFactoriesTakeUpstreamsParametersAndMeanTheSame() {
        let now = Date(timeIntervalSince1970: 1_718_380_800)  // 2024-06-14 16:00 UTC
        let active = CurrentStreakData.mockActive(streakKey: "run", userId: "u", currentStreak: 7, freezesAvailableCount: 2, now: now)
        // Upstream's "active": the last event yesterday, at risk, nothing today.
        #expect(active.currentStreak == 7)
        #expect(active.todayEventCount == 0)
        #expect(active.status == .atRisk)
        #expect(active.isStreakAtRisk)
        #expect(active.recentEvents?.count == 7)
        #expect(active.freezesAvailableCount == 2)
        let atRisk = CurrentStreakData.mockAtRisk(streakKey: "run", userId: "u", currentStreak: 5, now: now)
        #expect(atRisk.status == .atRisk && atRisk.currentStreak == 5)
        let goal = CurrentStreakData.mockGoalBased(eventsRequiredPerDay: 3, todayEventCount: 1, now: now)
        #expect(goal.currentStreak == 4)
        #expect(goal.todayEventCount == 1)
        #expect(abs(goal.goalProgress - 1.0 / 3) < 1e-9)
        let blank = CurrentStreakData.blank(streakKey: "run", userId: "u", freezesAvailableCount: 3, eventsRequiredPerDay: 2)
        #expect(blank.userId == "u" && blank.freezesAvailableCount == 3 && blank.eventsRequiredPerDay == 2 && blank.currentStreak == 0)
        #expect(blank.status == .noEvents)
        let last = Date(timeIntervalSince1970: 1_700_000_000)
        let mock = CurrentStreakData.mock(streakKey: "run", userId: "u", currentStreak: 3, dateLastEvent: last, recentEvents: [.mock()])
        #expect(mock.dateLastEvent == last && mock.currentStreak == 3 && mock.recentEvents?.count == 1)
        #expect(CurrentStreakData.mockEmpty().totalEvents == 0)
        let events = (1...3).map { StreakEvent.mock(dateCreated: now.addingTimeInterval(Double(-$0) * 86_400)) }
        let built = CurrentStreakData.mockWithRecentEvents(streakKey: "run", recentEvents: events, now: now)
        #expect(built.currentStreak == 3 && built.totalEvents == 3 && built.recentEvents == events)
        #expect(CurrentStreakData.mockWithRecentEvents(recentEvents: []).currentStreak == 0)
    }

    // MARK: - Calendar days

    @Test func calendarDaysWithEventsCountTheLeeway() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        func at(_ day: Int, _ hour: Int) -> Date { calendar.date(from: DateComponents(year: 2024, month: 6, day: day, hour: hour))! }
        let now = at(12, 18)  // a Wednesday
        // Monday noon, Wednesday 01:00 (inside a 2-hour leeway after midnight), Wednesday noon.
        let streak = CurrentStreakData.mock(recentEvents: [at(10, 12), at(12, 1), at(12, 12)].map { StreakEvent.mock(dateCreated: $0, timezone: zone.identifier) })
        #expect(streak.getCalendarDaysWithEvents(timezone: zone, leewayHours: 0, now: now) == [at(10, 0), at(12, 0)])
        // With the leeway the 01:00 event keeps Tuesday, as the calculator credits it.
        #expect(streak.getCalendarDaysWithEvents(timezone: zone, leewayHours: 2, now: now) == [at(10, 0), at(11, 0), at(12, 0)])
        #expect(streak.getCalendarDaysWithEventsThisWeek(timezone: zone, now: now) == [at(10, 0), at(12, 0)])
        let nextWeek = streak.getCalendarDaysWithEventsThisWeek(timezone: zone, now: at(17, 12))
        #expect(nextWeek.isEmpty)
        #expect(CurrentStreakData.mockEmpty().getCalendarDaysWithEvents().isEmpty)
    }

    // MARK: - Validation helpers

    @Test func eventValidationHelpers() {
        let now = Date()
        #expect(StreakEvent.mock().isValid)
        #expect(StreakEvent.mock().isIdValid)
        #expect(!StreakEvent.mock(id: "").isIdValid)
        #expect(StreakEvent.mock(dateCreated: now.addingTimeInterval(-3_600)).isTimestampValid)
        #expect(!StreakEvent.mock(dateCreated: now.addingTimeInterval(3_600)).isTimestampValid)
        #expect(!StreakEvent.mock(dateCreated: now.addingTimeInterval(-400 * 86_400)).isTimestampValid)
        #expect(StreakEvent.mock(timezone: "Europe/Paris").isTimezoneValid)
        #expect(!StreakEvent.mock(timezone: "Mars/Base").isTimezoneValid)
        #expect(StreakEvent.mock(metadata: ["minutes": 30]).isMetadataValid)
        #expect(!StreakEvent.mock(metadata: ["bad key": 1]).isMetadataValid)
    }

    /// Upstream's own `testIsValidFalseFutureTimestamp` and `testIsValidFalseOldTimestamp`:
    /// `isValid` includes the timestamp rule, against the real clock as upstream's does.
    @Test func isValidFalseFutureTimestamp() {
        #expect(!StreakEvent.mock(dateCreated: Date().addingTimeInterval(86_400)).isValid)
    }

    @Test func isValidFalseOldTimestamp() {
        let old = Calendar.current.date(byAdding: .day, value: -400, to: Date())!
        #expect(!StreakEvent.mock(dateCreated: old).isValid)
        #expect(StreakEvent.mock(dateCreated: Date().addingTimeInterval(-3_600)).isValid)
    }

    @Test func databaseKeySanitisers() {
        #expect("Morning Run!".sanitizeForDatabaseKeysByConvertingToLowercaseAndRemovingWhitespaceAndSpecialCharacters() == "morning_run")
        #expect("  Café   au lait ".sanitizeForDatabaseKeysByConvertingToLowercaseAndRemovingWhitespaceAndSpecialCharacters() == "café_au_lait")
        #expect("日本".sanitizeForDatabaseKeysByConvertingToLowercaseAndRemovingWhitespaceAndSpecialCharacters() == "日本")
        #expect("Morning Run!".sanitizeForDatabaseKeysByRemovingWhitespaceAndSpecialCharacters() == "Morning_Run")
        #expect("!!!".sanitizeForDatabaseKeysByRemovingWhitespaceAndSpecialCharacters() == "item")
        let long = String(repeating: "a", count: 100).sanitizeForDatabaseKeysByConvertingToLowercaseAndRemovingWhitespaceAndSpecialCharacters()
        #expect(long.count == 100)
        #expect((try? StreakValidation.validateStreakKey(long)) == nil)
    }

    // MARK: - Calculator helpers

    @Test func calculatorHelpers() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        func at(_ day: Int, _ hour: Int) -> Date { calendar.date(from: DateComponents(year: 2024, month: 6, day: day, hour: hour))! }
        let events = [StreakEvent.mock(dateCreated: at(14, 8)), .mock(dateCreated: at(14, 9)), .mock(dateCreated: at(13, 9)),
                      .mock(dateCreated: at(14, 7), isFreeze: true, freezeId: "f")]
        #expect(StreakCalculator.getTodayEventCount(events: events, timezone: zone, currentDate: at(14, 12)) == 2)
        let gaps = StreakCalculator.calculateGapDays(from: at(10, 20), to: at(14, 12), calendar: calendar)
        #expect(gaps == [at(11, 0), at(12, 0), at(13, 0)])
        #expect(StreakCalculator.calculateGapDays(from: at(13, 20), to: at(14, 12), calendar: calendar).isEmpty)
        let freezes = [StreakFreeze(id: "new", dateEarned: at(5, 0)), StreakFreeze(id: "old", dateEarned: at(1, 0)),
                       StreakFreeze(id: "used", dateEarned: at(1, 0), dateUsed: at(2, 0)),
                       StreakFreeze(id: "late", dateEarned: at(20, 0)), StreakFreeze(id: "expired", dateEarned: at(1, 0), dateExpires: at(3, 0))]
        let consumptions: [StreakCalculator.FreezeConsumption] = StreakCalculator.selectFreezesForDays(daysToFill: gaps, availableFreezes: freezes)
        #expect(consumptions.map(\.freezeId) == ["old", "new"])
        #expect(consumptions.first.map { calendar.isDate($0.date, inSameDayAs: gaps[0]) } == true)
        let (streak, consumed) = StreakCalculator.calculateStreak(events: events, configuration: .mock(), currentDate: at(14, 12), timezone: zone)
        #expect(streak.currentStreak == 2)
        #expect(consumed.isEmpty)
    }

    // MARK: - File persistence

    @Test func fileManagerPersistenceRoundTrips() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("compat-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: directory) }
        let persistence = FileManagerStreakPersistence(directory: directory)
        #expect(persistence.getSavedStreakData(streakKey: "workout") == nil)
        let streak = CurrentStreakData.mock(dateLastEvent: Date(timeIntervalSince1970: 1_700_000_000), recentEvents: [.mock()])
        try persistence.saveCurrentStreakData(streakKey: "workout", streak)
        #expect(FileManagerStreakPersistence(directory: directory).getSavedStreakData(streakKey: "workout") == streak)
        try persistence.saveCurrentStreakData(streakKey: "workout", nil)
        #expect(persistence.getSavedStreakData(streakKey: "workout") == nil)
        // Upstream's `init()`: a default place of its own, where nothing was saved under a new key.
        let local: any LocalStreakPersistence = FileManagerStreakPersistence()
        #expect(local.getSavedStreakData(streakKey: "never_saved_\(UUID().uuidString.prefix(8))") == nil)
        #expect(FileManagerStreakPersistence().directory.path.hasSuffix("swiftful-gamification") || FileManagerStreakPersistence().directory.lastPathComponent == "Documents")
    }
}
