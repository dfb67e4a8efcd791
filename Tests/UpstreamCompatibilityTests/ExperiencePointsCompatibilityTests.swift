import Foundation
import SwiftfulGamification
import Testing

/// Upstream-style code for every public experience-points declaration, compiled against ours
/// (plain `import`: only the public API). A symbol missing here is a build failure.
@MainActor
struct ExperiencePointsCompatibilityTests {
    private final class RecordingLogger: GamificationLogger {
        var names: [String] = []
        var properties: [[String: Any]] = []
        func trackEvent(event: GamificationLogEvent) { names.append(event.eventName) }
        func addUserProperties(dict: [String: Any], isHighPriority: Bool) { properties.append(dict) }
    }

    /// An app's own services, declared the way upstream's README does.
    private struct AppServices: ExperiencePointsServices {
        let remote: RemoteExperiencePointsService
        let local: LocalExperiencePointsPersistence
    }

    @Test func configurationMocksAndJSONKeys() throws {
        let configuration = ExperiencePointsConfiguration(experienceKey: "main", useServerCalculation: false)
        #expect(configuration == .mock())
        #expect(ExperiencePointsConfiguration.mockDefault().useServerCalculation == false)
        #expect(ExperiencePointsConfiguration.mockServerCalculation(experienceKey: "battle").useServerCalculation)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(configuration)) as? [String: Any]
        #expect(json?["experience_id"] as? String == "main")
        #expect(json?["use_server_calculation"] as? Bool == false)
        #expect(ExperiencePointsConfiguration.CodingKeys.experienceKey.rawValue == "experience_id")
    }

    @Test func eventsWithTheirValidationParametersAndMocks() throws {
        let event = ExperiencePointsEvent(id: "e1", dateCreated: Date(timeIntervalSince1970: 1_700_000_000), points: 25, metadata: ["source": "quiz", "level": 3])
        #expect(event.isIdValid && event.isPointsValid && event.isMetadataValid)
        #expect(!event.isTimestampValid, "more than a year back")
        #expect(!event.isValid)
        #expect(event.eventParameters["xp_event_points"] as? Int == 25)
        #expect(event.eventParameters["xp_event_timestamp"] as? Double == 1_700_000_000)
        #expect(event.eventParameters["xp_event_metadata_source"] as? String == "quiz")
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(event)) as? [String: Any]
        #expect(json?["date_created"] as? Double == event.dateCreated.timeIntervalSinceReferenceDate)
        #expect(try JSONDecoder().decode(ExperiencePointsEvent.self, from: JSONEncoder().encode(event)) == event)
        let identifiable: any Identifiable = event
        _ = identifiable
        #expect(ExperiencePointsEvent.mock().points == 100)
        #expect(ExperiencePointsEvent.mock(date: Date(), points: 5).points == 5)
        #expect(ExperiencePointsEvent.mock(daysAgo: 2, points: 7, metadata: [:]).metadata.isEmpty)
        #expect(ExperiencePointsEvent.CodingKeys.dateCreated.rawValue == "date_created")
    }

    @Test func currentDataFactoriesAndDerivedValues() throws {
        let blank = CurrentExperiencePointsData.blank(experienceKey: "main", userId: "u1")
        #expect(blank.pointsAllTime == 0 && blank.isDataStale && blank.id == "main")
        let mock = CurrentExperiencePointsData.mock(pointsToday: 40, eventsTodayCount: 2)
        #expect(mock.pointsToday == 40 && mock.userId == "mock_user_123" && !mock.isDataStale)
        #expect(mock.daysSinceLastEvent == 0)
        #expect(mock.updatingUserId("u2").userId == "u2")
        #expect(CurrentExperiencePointsData.mockEmpty().pointsToday == 0)
        #expect(CurrentExperiencePointsData.mockActive().pointsAllTime == 2_500)
        let recent = CurrentExperiencePointsData.mockWithRecentEvents(eventCount: 3)
        #expect(recent.recentEvents?.count == 3)
        #expect(recent.getCalendarDaysWithEvents(timezone: .current).count == 3)
        #expect(recent.getCalendarDaysWithEventsThisWeek().count <= 3)
        #expect(recent.isValid)
        #expect(recent.eventParameters["current_xp_experience_id"] as? String == "main")
        let minimal = try JSONDecoder().decode(CurrentExperiencePointsData.self, from: Data(#"{"experience_id":"minimal"}"#.utf8))
        #expect(minimal.experienceKey == "minimal" && minimal.pointsAllTime == nil)
        let full = CurrentExperiencePointsData(
            experienceKey: "main", userId: "u", pointsAllTime: 1, pointsToday: 1, eventsTodayCount: 1, pointsThisWeek: 1,
            pointsLast7Days: 1, pointsThisMonth: 1, pointsLast30Days: 1, pointsThisYear: 1, pointsLast12Months: 1,
            dateLastEvent: Date(), dateCreated: Date(), dateUpdated: Date(), recentEvents: []
        )
        #expect(try JSONDecoder().decode(CurrentExperiencePointsData.self, from: JSONEncoder().encode(full)) == full)
        #expect(CurrentExperiencePointsData.CodingKeys.pointsLast12Months.rawValue == "points_last_12_months")
    }

    @Test func theCalculatorsStaticFunctions() {
        let now = Date()
        let events = [ExperiencePointsEvent.mock(dateCreated: now, points: 10, metadata: ["kind": "quiz"]), .mock(dateCreated: now, points: 5)]
        let data = ExperiencePointsCalculator.calculateExperiencePoints(events: events, configuration: .mock(), userId: "u", currentDate: now, timezone: .current)
        #expect(data.pointsToday == 15 && data.pointsAllTime == 15)
        #expect(ExperiencePointsCalculator.calculateExperiencePoints(events: events, configuration: .mock()).pointsAllTime == 15)
        #expect(ExperiencePointsCalculator.getTodayEventCount(events: events, timezone: .current, currentDate: now) == 2)
        #expect(ExperiencePointsCalculator.getRecentEvents(events: events, days: 7, timezone: .current, currentDate: now).count == 2)
        #expect(ExperiencePointsCalculator.getTotalPointsForMetadata(events: events, field: "kind", value: "quiz") == 10)
        #expect(ExperiencePointsCalculator.getEventsForMetadata(events: events, field: "source", value: .string("test")).count == 1)
    }

    @Test func theManagerOnMockAndOwnServices() async throws {
        let logger = RecordingLogger()
        let services = MockExperiencePointsServices(data: .mock())
        let manager = ExperiencePointsManager(services: services, configuration: .mock(), logger: logger)
        #expect(manager.currentExperiencePointsData.pointsToday == 150)
        try await manager.logIn(userId: "u1")
        let event = try await manager.addExperiencePoints(points: 30, metadata: ["source": "lesson"])
        #expect(event.points == 30)
        #expect(try await manager.getAllExperiencePointsEvents().contains(event))
        #expect(try await manager.getAllExperiencePointsEvents(forField: "source", equalTo: "lesson") == [event])
        manager.recalculateExperiencePoints()
        try await manager.deleteAllExperiencePointsEvents()
        manager.logOut()
        #expect(manager.currentExperiencePointsData.userId == nil)
        #expect(logger.names.contains("XPMan_AddExperiencePoints_Success"))
        #expect(logger.names.contains("XPMan_CalculateXP_Start"))

        let own = AppServices(remote: MockRemoteExperiencePointsService(), local: MockLocalExperiencePointsPersistence(data: nil))
        let ownManager = ExperiencePointsManager(services: own, configuration: ExperiencePointsConfiguration(experienceKey: "main"))
        do {
            try await ownManager.addExperiencePoints(points: 1)
            Issue.record("expected notLoggedIn")
        } catch let error as ExperiencePointsError {
            switch error {
            case .notLoggedIn: break
            }
        }
    }

    @Test func theMocksAndTheFileCacheDirectly() async throws {
        let remote = MockRemoteExperiencePointsService(data: .mock())
        var iterator = remote.streamCurrentExperiencePoints(userId: "u", experienceKey: "main").makeAsyncIterator()
        #expect(try await iterator.next()?.pointsToday == 150)
        try await remote.updateCurrentExperiencePoints(userId: "u", experienceKey: "main", data: .mock(pointsToday: 9))
        #expect(try await iterator.next()?.pointsToday == 9)
        try await remote.calculateExperiencePoints(userId: "u", experienceKey: "main", timezone: nil)
        try await remote.addEvent(userId: "u", experienceKey: "main", event: .mock(id: "x"))
        #expect(try await remote.getAllEvents(userId: "u", experienceKey: "main").map(\.id) == ["x"])
        try await remote.deleteAllEvents(userId: "u", experienceKey: "main")

        let local = MockLocalExperiencePointsPersistence(data: .mock())
        try local.saveCurrentExperiencePointsData(experienceKey: "main", nil)
        #expect(local.getSavedExperiencePointsData(experienceKey: "main") == nil)

        let file = FileManagerExperiencePointsPersistence()
        let key = "compat_\(UUID().uuidString.prefix(8))"
        try file.saveCurrentExperiencePointsData(experienceKey: key, .blank(experienceKey: key))
        #expect(file.getSavedExperiencePointsData(experienceKey: key)?.pointsAllTime == 0)
        try file.saveCurrentExperiencePointsData(experienceKey: key, nil)
        #expect(file.getSavedExperiencePointsData(experienceKey: key) == nil)
    }

    @Test func metadataValuesOfEveryKindRoundTrip() throws {
        let values: [GamificationDictionaryValue] = ["text", true, 3, 2.5, .float(1.25), .cgFloat(CGFloat(0.75))]
        for value in values {
            #expect(try JSONDecoder().decode(GamificationDictionaryValue.self, from: JSONEncoder().encode(value)) == value)
        }
        switch values[4] {
        case .string, .bool, .int, .double, .cgFloat: Issue.record("expected float")
        case .float(let number): #expect(number == 1.25)
        }
        #expect(values[5].anyValue as? CGFloat == 0.75)
    }
}
