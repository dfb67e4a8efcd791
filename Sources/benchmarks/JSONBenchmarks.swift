import Foundation
import SwiftfulGamification

/// The JSON a database write does (encode its evaluation and running history, decode the
/// history it read) with the stores' streaming coders vs Foundation's, in the same run.
enum JSONBenchmarks {
    static func run() -> Verdict {
        log("json: a write's coding, streaming vs Foundation")
        let zone = TimeZone(identifier: "UTC")!
        let now = Workload.now
        let events = (0..<60).map { StreakEvent(id: UUID().uuidString, dateCreated: now.addingTimeInterval(Double(-$0 * 50_000)), timezone: "UTC") }
        let history = StreakHistory(events: events, leewayHours: 2)
        let evaluation = StreakCalculator.evaluate(
            history: history, freezes: [], configuration: StreakConfiguration(streakKey: "json", leewayHours: 2), userId: "bench",
            currentDate: now, timezone: zone, goalSchedule: [], skips: []
        )
        let microseconds: @Sendable (Date) -> Int = { $0.microsecondsSince1970 }
        let streamingEncoder = StreamingJSONEncoder { date, container in try container.encode(microseconds(date)) }
        let streamingDecoder = StreamingJSONDecoder { decoder in Date(microseconds: try decoder.singleValueContainer().decode(Int.self)) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(microseconds(date))
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in Date(microseconds: try decoder.singleValueContainer().decode(Int.self)) }
        let stored = try! encoder.encode(history)
        let agree = (try? streamingDecoder.decode(StreakHistory.self, from: stored)) == history
            && (try? decoder.decode(StreakHistory.self, from: Data(streamingEncoder.encode(history)))) == history
        var ratios: [Double] = []
        var times = (streaming: [Double](), foundation: [Double]())
        for _ in 0..<9 {
            let streaming = Measure.median(runs: 1) {
                for _ in 0..<300 {
                    _ = try! streamingEncoder.encode(evaluation)
                    _ = try! streamingEncoder.encode(history)
                    _ = try! streamingDecoder.decode(StreakHistory.self, from: stored)
                }
            } / 300
            let foundation = Measure.median(runs: 1) {
                for _ in 0..<300 {
                    _ = try! encoder.encode(evaluation)
                    _ = try! encoder.encode(history)
                    _ = try! decoder.decode(StreakHistory.self, from: stored)
                }
            } / 300
            times.streaming.append(streaming)
            times.foundation.append(foundation)
            ratios.append(foundation / streaming)
        }
        let spread = Measure.Spread(times: ratios)
        let slowest = ratios.min() ?? 0
        return Verdict(
            measure: "JSON of one database write (60 recent events), streaming coders vs JSONEncoder/JSONDecoder, 9 runs",
            result: String(
                format: "median %.1fx faster, slowest run %.1fx (%@ vs %@); same values both ways: %@", spread.median, slowest,
                ms(Measure.Spread(times: times.streaming).median), ms(Measure.Spread(times: times.foundation).median), agree ? "yes" : "NO"
            ),
            target: "median at least 1.5x, every run faster; same values", met: spread.median >= 1.5 && slowest > 1 && agree
        )
    }
}
