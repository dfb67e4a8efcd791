import Foundation
@testable import StreakStoreKit
import Testing
@testable import SwiftfulGamification

/// The vocabulary of change as programs send it: every change reads back as written, in the
/// command line's words, and a request that is wrong says what, by name.
struct StreakChangeRequestTests {
    let now = Date(timeIntervalSince1970: 1_704_470_400)  // 2024-01-05 16:00 UTC
    let day = CalendarDay(year: 2024, month: 1, day: 5)

    /// One of every change.
    var everyChange: [StreakChange] {
        let event = StreakEvent(id: "e1", dateCreated: now, timezone: "Europe/Paris", metadata: ["minutes": 30], amount: 2.5)
        let freeze = StreakFreeze(id: "f1", dateEarned: now)
        var details = StreakDetails(title: "Run", group: "health", position: 2, target: .atLeast(5, per: .week), unit: "km", from: now, measure: .max)
        details.since = day
        return [
            .create(StreakConfiguration(streakKey: "run", eventsRequiredPerDay: 2, leewayHours: 3, freezeBehavior: .autoConsumeFreezes)),
            .addEvents([event], creating: StreakConfiguration(streakKey: "run")),
            .removeEvent(id: "e1"),
            .undoLast(since: now),
            .configure(goal: 3, leewayHours: nil, freezeBehavior: .noFreezes),
            .schedule(.weekdays([.monday, .friday])),
            .settings(goal: nil, leewayHours: 4, freezeBehavior: nil, schedule: .timesPerWeek(3), details: details),
            .settings(goal: 2, leewayHours: nil, freezeBehavior: nil, schedule: nil, details: StreakDetails(), renamingTo: "jog"),
            .archive(false),
            .rename(to: "jog"),
            .reset,
            .delete,
            .restore(as: "jog"),
            .importBatch(
                configuration: StreakConfiguration(streakKey: "run"), goalHistory: [StreakGoalChange(date: now, eventsRequiredPerDay: 1)],
                freezes: [freeze], events: [event], skips: [day], notes: [StreakNote(day: day, text: "rain")]
            ),
            .addFreezes([freeze]),
            .useFreeze(id: "f1"),
            .useFreezesManually,
            .removeFreeze(id: "f1"),
            .addSkips([day, day.adding(days: 1)]),
            .removeSkips([day]),
            .setNote(StreakNote(day: day, text: "knee hurt")),
            .removeNote(day),
            .addExperience([ExperiencePointsEvent(id: "x1", dateCreated: now, points: 10, metadata: ["source": "quiz"], timezone: "UTC")]),
            .clearExperience,
            .saveProgress(ProgressItem(id: "level_1", progressKey: "levels", value: 0.5, dateCreated: now, dateModified: now)),
            .deleteProgress(id: nil),
            .pointsSettings([
                .turnOn(since: day), .turnOff, .pointsPerDay(20), .streakPointsPerDay(streakKey: "run", points: 5), .earnFrom(streakKey: "run", day: day),
                .moveStreak(from: "run", to: "jog"),
            ]),
        ]
    }

    private func text(_ request: StreakChangeRequest) throws -> String {
        String(decoding: try request.encoded(), as: UTF8.self)
    }

    private func decode(_ text: String) throws -> StreakChangeRequest {
        try StreakChangeRequest.decode(Data(text.utf8))
    }

    @Test func everyChangeReadsBackAsItWasWritten() throws {
        var names = Set<String>()
        for change in everyChange {
            let request = StreakChangeRequest(key: "run", change: change, operation: "op-1")
            let written = try text(request)
            let read = try decode(written)
            #expect(try text(read) == written)
            #expect(read.change.summary(of: "run") == change.summary(of: "run"))
            #expect(read.key == "run" && read.operation == "op-1")
            // And the change itself is what the outbox would have kept.
            let outbox = JSONEncoder()
            outbox.outputFormatting = .sortedKeys
            let kept = String(decoding: try outbox.encode(read.change), as: UTF8.self), original = String(decoding: try outbox.encode(change), as: UTF8.self)
            #expect(kept == original)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
            names.insert(try #require(object["change"] as? String))
        }
        #expect(names == Set(StreakChangeRequest.fieldsByChange.keys), "every change has its name, every name a change")
    }

    @Test func itIsWrittenInTheCommandLinesWords() throws {
        let request = StreakChangeRequest(key: "run", change: .addSkips([day]))
        #expect(try text(request) == #"{"change":"skip","days":["2024-01-05"],"key":"run"}"#)
        let log = try decode(#"{"change":"log","key":"run","events":[{"id":"e1","date_created":"2024-01-05T07:30:00Z","timezone":"Europe/Paris"}]}"#)
        guard case .addEvents(let events, let creating, let fresh) = log.change else {
            Issue.record("not a log")
            return
        }
        #expect(events.map(\.dateCreated) == [Date(timeIntervalSince1970: 1_704_439_800)] && creating == nil && fresh == nil)
        // Settings change through the wire's own words.
        let points = try decode(#"{"change":"points_settings","changes":[{"turn_on":"2024-01-01"},{"streak_points_per_day":{"streak":"run","points":20}}]}"#)
        guard case .pointsSettings(let changes) = points.change else {
            Issue.record("not points settings")
            return
        }
        #expect(changes == [.turnOn(since: CalendarDay(year: 2024, month: 1, day: 1)), .streakPointsPerDay(streakKey: "run", points: 20)])
    }

    @Test func aWrongRequestSaysWhatIsWrongByName() throws {
        let cases: [(String, String)] = [
            (#"{"change":"jump","key":"run"}"#, "unknown change 'jump'"),
            (#"{"change":"skip","key":"run","days":["2024-01-05"],"dyas":[]}"#, "'skip' takes days (besides change, key and operation), not dyas"),
            (#"{"change":"reset","key":"run","hard":true}"#, "'reset' takes no fields"),
            (#"{"change":"remove_event","key":"run"}"#, "id is missing"),
            (#"{"change":"remove_event","key":"run","id":5}"#, "id is not a string"),
            (#"{"change":"skip","key":"run","days":["5 Jan"]}"#, "days[0]: '5 Jan' is not a date (YYYY-MM-DD)"),
            (#"{"change":"log","key":"run","events":[{"id":"e","date_created":"yesterday","timezone":"UTC"}]}"#, "events[0].date_created: 'yesterday' is not an ISO 8601 instant"),
            (#"{"change":"points_settings","changes":[{"turn_on":"2024-01-01","turn_off":true}]}"#, "a points settings change is one of"),
            (#"{"key":"run"}"#, "change is missing"),
            ("[1, 2]", "is not"),
            ("{not json", "not JSON"),
        ]
        for (request, words) in cases {
            do {
                _ = try decode(request)
                Issue.record("\(request) was read")
            } catch let error as StreakChangeRequestError {
                #expect(error.description.contains(words), "\(request): \(error.description)")
            }
        }
    }
}
