import Foundation
import GamificationSupport
import Synchronization
import Testing
@testable import SwiftfulGamification
@testable import SwiftfulGamificationPostgres

/// A streak's stored evaluation is decoded once per text: the same text again is answered
/// from what was decoded, another text (a write in between) is decoded anew, and a text
/// that does not decode is nil, not the last good one.
struct DecodedEvaluationsTests {
    @Test func aTextIsDecodedOnceAndAChangedTextAgain() throws {
        let utc = TimeZone(identifier: "UTC")!
        let now = ISODate.parse("2024-03-05T12:00:00Z")!
        func text(events: Int) throws -> String {
            let logged = (0..<events).map { StreakEvent(id: "e\($0)", dateCreated: now.addingTimeInterval(Double(-$0) * 86_400), timezone: "UTC") }
            let evaluation = StreakCalculator.evaluate(
                events: logged, configuration: StreakConfiguration(streakKey: "run"), userId: "ana", currentDate: now, timezone: utc
            )
            return try PostgresStreakStore.encoder.string(evaluation)
        }
        let (one, three) = (try text(events: 1), try text(events: 3))
        let decodes = Mutex(0)
        // As the store reads a stored evaluation (`decodedEvaluations`).
        let kept = DecodedOnce<Int64, StreakEvaluation>(byteLimit: 64 << 20)
        func decode(_ text: String, streak: Int64) -> StreakEvaluation? {
            try? kept.value(for: streak, text: text) {
                decodes.withLock { $0 += 1 }
                return try PostgresStreakStore.decoder.decode(StreakEvaluation.self, from: text)
            }
        }
        #expect(decode(one, streak: 7)?.streak.currentStreak == 1)
        #expect(decode(one, streak: 7)?.streak.currentStreak == 1)
        #expect(decodes.withLock { $0 } == 1, "the same text is not decoded again")
        #expect(decode(three, streak: 7)?.streak.currentStreak == 3, "a changed text is")
        #expect(decode(one, streak: 8)?.streak.currentStreak == 1)
        #expect(decodes.withLock { $0 } == 3, "each streak keeps its own")
        #expect(decode("{", streak: 7) == nil)
        #expect(decode(three, streak: 7)?.streak.currentStreak == 3)
    }
}
