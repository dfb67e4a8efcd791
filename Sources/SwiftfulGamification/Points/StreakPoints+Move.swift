import Foundation

extension StreakPoints {
    /// What a streak's move from `old` to `new` (a rename, a restore under another key)
    /// writes to its points, inside the store's write of the move so that a kill between the
    /// two cannot leave the earnings under a key no streak has (the new key would earn the
    /// same days again): what it earned taken back under the old key and recorded under the
    /// new one, and its own points per day and earning day moved with it. Whether points are
    /// on or off, so that turning them on later does not pay twice.
    public static func earningsMove(
        from old: String, to new: String, recorded: [ExperiencePointsEvent], settings: StreakPointsSettings, now: Date, timezone: TimeZone
    ) -> (events: [ExperiencePointsEvent], settings: StreakPointsSettings) {
        guard old != new else { return ([], settings) }
        let tally = Tally(recorded, of: [old, new])
        var moves: [ExperiencePointsEvent] = []
        for (base, entry) in tally.entries.sorted(by: { $0.key < $1.key }) where entry.net != 0 && streakKey(ofBase: base) == old {
            let points = entry.net
            var parts = base.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            parts[1] = new
            let moved = parts.joined(separator: ".")
            moves.append(ExperiencePointsEvent(
                id: tally.nextId(for: base), dateCreated: now, points: -points, metadata: ["streak": .string(old), "kind": "moved"], timezone: timezone.identifier
            ))
            // The new key ends with what the old one earned (whatever it held is replaced).
            let missing = points - tally.net(of: moved)
            guard missing != 0 else { continue }
            moves.append(ExperiencePointsEvent(
                id: tally.nextId(for: moved), dateCreated: now, points: missing,
                metadata: ["streak": .string(new), "kind": "moved"], timezone: timezone.identifier
            ))
        }
        return (moves, settings.applying([.moveStreak(from: old, to: new)]))
    }
}
