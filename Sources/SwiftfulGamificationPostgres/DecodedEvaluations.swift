import Synchronization
import SwiftfulGamification

/// Each streak's stored evaluation as last decoded, beside its text: a read that finds the
/// same text again (every read between two writes: most of a server's GETs) skips decoding
/// it, which was the largest part of such a read. Comparing the texts is what makes a hit
/// safe whatever wrote the row. At most `limit` streaks are kept; past that it starts over.
final class DecodedEvaluations: Sendable {
    private let entries = Mutex<[Int64: (text: String, evaluation: StreakEvaluation)]>([:])
    static let limit = 4_096

    /// The evaluation `text` holds, decoded by `decoder` unless it was last time; nil when it does not decode.
    func decode(_ text: String, streak: Int64, decoder: (String) throws -> StreakEvaluation) -> StreakEvaluation? {
        if let kept = entries.withLock({ $0[streak] }), kept.text == text { return kept.evaluation }
        guard let evaluation = try? decoder(text) else { return nil }
        entries.withLock { entries in
            if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
            entries[streak] = (text, evaluation)
        }
        return evaluation
    }
}
