/// The unused freezes, with the dates that decide which days they may bridge (rule 5).
struct FreezePool: Equatable {
    struct Entry: Equatable {
        /// Index into the caller's freeze array.
        let index: Int
        /// Local day (in the current zone) it was earned on; nil = always earned.
        let earnedDay: Int?
        /// Local wall-clock second (in the current zone) it expires at; nil = never.
        let expiresLocalSecond: Int?
    }

    /// Oldest earned first.
    private let entries: [Entry]
    private var consumed: [Bool]

    init(entries: [Entry]) {
        self.entries = entries
        consumed = Array(repeating: false, count: entries.count)
    }

    /// Assigns one freeze to each day (ascending), oldest-earned eligible freeze first,
    /// all or nothing: returns `(freeze index, day)` pairs, or nil without consuming any.
    mutating func consume(forDays days: [Int]) -> [(freezeIndex: Int, day: Int)]? {
        var tentative = consumed
        var assignments: [(freezeIndex: Int, day: Int)] = []
        for day in days {
            guard let position = entries.indices.first(where: { !tentative[$0] && isEligible(entries[$0], for: day) }) else {
                return nil
            }
            tentative[position] = true
            assignments.append((entries[position].index, day))
        }
        consumed = tentative
        return assignments
    }

    /// Earned before the day ended and not expired when it began.
    private func isEligible(_ entry: Entry, for day: Int) -> Bool {
        if let earnedDay = entry.earnedDay, earnedDay > day { return false }
        if let expires = entry.expiresLocalSecond, expires <= day * 86_400 { return false }
        return true
    }
}
