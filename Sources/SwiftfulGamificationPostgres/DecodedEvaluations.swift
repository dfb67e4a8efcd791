import Synchronization
import SwiftfulGamification

/// Each streak's stored evaluation as last decoded, beside its text: a read that finds the
/// same text again (every read between two writes: most of a server's GETs) skips decoding
/// it, which was the largest part of such a read. The texts are compared byte for byte
/// (not as Swift compares strings, which takes two spellings of an accent as one), which
/// is what makes a hit safe whatever wrote the row. Past `byteLimit` of kept text it starts
/// over.
final class DecodedEvaluations: Sendable {
    private struct Entries {
        var byStreak: [Int64: (text: String, evaluation: StreakEvaluation)] = [:]
        var bytes = 0
    }

    private let entries = Mutex(Entries())
    static let byteLimit = 64 << 20

    /// The evaluation `text` holds, decoded by `decoder` unless it was last time; nil when it does not decode.
    func decode(_ text: String, streak: Int64, decoder: (String) throws -> StreakEvaluation) -> StreakEvaluation? {
        if let kept = entries.withLock({ $0.byStreak[streak] }), kept.text.utf8.elementsEqual(text.utf8) { return kept.evaluation }
        guard let evaluation = try? decoder(text) else { return nil }
        entries.withLock { entries in
            if entries.bytes + text.utf8.count > Self.byteLimit { entries = Entries() }
            entries.bytes += text.utf8.count - (entries.byStreak[streak]?.text.utf8.count ?? 0)
            entries.byStreak[streak] = (text, evaluation)
        }
        return evaluation
    }
}
