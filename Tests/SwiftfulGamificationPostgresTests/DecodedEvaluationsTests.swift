import Foundation
import Synchronization
import Testing
import SwiftfulGamification
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
        let decode: (String) throws -> StreakEvaluation = { text in
            decodes.withLock { $0 += 1 }
            return try PostgresStreakStore.decoder.decode(StreakEvaluation.self, from: text)
        }
        let kept = DecodedEvaluations()
        #expect(kept.decode(one, streak: 7, decoder: decode)?.streak.currentStreak == 1)
        #expect(kept.decode(one, streak: 7, decoder: decode)?.streak.currentStreak == 1)
        #expect(decodes.withLock { $0 } == 1, "the same text is not decoded again")
        #expect(kept.decode(three, streak: 7, decoder: decode)?.streak.currentStreak == 3, "a changed text is")
        #expect(kept.decode(one, streak: 8, decoder: decode)?.streak.currentStreak == 1)
        #expect(decodes.withLock { $0 } == 3, "each streak keeps its own")
        #expect(kept.decode("{", streak: 7, decoder: decode) == nil)
        #expect(kept.decode(three, streak: 7, decoder: decode)?.streak.currentStreak == 3)
    }
}
