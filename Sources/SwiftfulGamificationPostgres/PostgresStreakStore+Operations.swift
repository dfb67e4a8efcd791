import Foundation
import PostgresNIO
import StreakStoreKit
import SwiftfulGamification

extension PostgresStreakStore {
    // MARK: - Streaks

    public func streakKeys(userId: String, includingArchived: Bool) async throws -> [String] {
        try StreakValidation.validateUserId(userId)
        return try await session.run(as: userId, readingSchemaVersion: { connection in
            try await self.keysAndSchemaVersion(connection, userId: userId, includingArchived: includingArchived)
        })
    }

    func createStreak(userId: String, configuration: StreakConfiguration, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try configuration.validate()
        return try await write(userId: userId, streakKey: configuration.streakKey, creating: configuration, now: now, timezone: timezone) { context in
            guard context.isNew else { throw StreakStoreError.streakExists(configuration.streakKey) }
        }
    }

    public func settings(userId: String, streakKey: String) async throws -> (configuration: StreakConfiguration, goalHistory: [StreakGoalChange]) {
        let row = try await read(userId: userId, streakKey: streakKey) { _, row in row }
        return (row.configuration, row.goalHistory)
    }

    func updateConfiguration(
        userId: String, streakKey: String, goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, now: Date, timezone: TimeZone
    ) async throws -> StreakEvaluation {
        try await updateSettings(
            userId: userId, streakKey: streakKey, goal: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior, schedule: nil, details: StreakDetails(),
            now: now, timezone: timezone
        )
    }

    /// With `renamingTo`, the streak takes that key in the same transaction (as
    /// `renameStreak`, its earnings moving with it): the new key and the new settings
    /// together, or neither.
    func updateSettings(
        userId: String, streakKey: String, goal: Int?, leewayHours: Int?, freezeBehavior: FreezeBehavior?, schedule: StreakSchedule?,
        details: StreakDetails, renamingTo newKey: String? = nil, now: Date, timezone: TimeZone
    ) async throws -> StreakEvaluation {
        let change: @Sendable (WriteContext) async throws -> Void = { context in
            let configuration = context.row.configuration
            let (updated, history) = try configuration.changingSettings(
                goal: goal, leewayHours: leewayHours, freezeBehavior: freezeBehavior, schedule: schedule, details: details,
                history: context.row.goalHistory, at: now,
                firstDay: configuration.firstDayStart(firstEvent: context.history.firstEvent?.date, timezone: timezone)
            )
            context.row.goalHistory = history
            context.row.configuration = updated
            try await Self.saveSettings(context)
            let leeway = context.row.leeway(in: timezone)
            if leeway != context.history.leeway {
                context.history = StreakHistory(events: try await self.liveEvents(context.connection, of: context.row), leeway: leeway)
            }
        }
        if let newKey, newKey != streakKey {
            return try await renaming(userId: userId, from: streakKey, to: newKey, now: now, timezone: timezone, then: change)
        }
        return try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone, change)
    }

    /// Every part read in one transaction: one snapshot, never a streak half before and half after a write.
    public func wholeStreak(userId: String, streakKey: String) async throws -> (batch: ImportBatch, archived: Bool) {
        try await read(userId: userId, streakKey: streakKey) { connection, row in
            let batch = ImportBatch(
                configuration: row.configuration, goalHistory: row.goalHistory, freezes: try await self.freezes(connection, of: row),
                events: try await self.liveEvents(connection, of: row), skips: try await self.skips(connection, of: row),
                notes: try await self.notes(connection, of: row)
            )
            return (batch, row.archived)
        }
    }

    public func isArchived(userId: String, streakKey: String) async throws -> Bool {
        try await read(userId: userId, streakKey: streakKey) { _, row in row.archived }
    }

    func setArchived(_ archived: Bool, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            guard context.row.archived != archived else { return }
            context.row.archived = archived
            context.changesKeyList = true
            try await Self.saveSettings(context)
        }
    }

    func renameStreak(userId: String, from oldKey: String, to newKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await renaming(userId: userId, from: oldKey, to: newKey, now: now, timezone: timezone) { _ in }
    }

    /// The rename, with `change` made to the streak under its new key in the same transaction.
    private func renaming(
        userId: String, from oldKey: String, to newKey: String, now: Date, timezone: TimeZone,
        then change: @escaping @Sendable (WriteContext) async throws -> Void
    ) async throws -> StreakEvaluation {
        try StreakValidation.validateStreakKey(newKey)
        let evaluation = try await write(userId: userId, streakKey: oldKey, alsoLocking: [newKey], now: now, timezone: timezone, publishing: false) {
            context in
            guard try await self.streakRow(context.connection, userId: userId, key: newKey) == nil else { throw StreakStoreError.streakExists(newKey) }
            context.row.configuration = context.row.configuration.renamed(to: newKey)
            try await Self.saveSettings(context)
            try await Self.moveEarnings(context.connection, userId: userId, from: oldKey, to: newKey, now: now, timezone: timezone)
            try await change(context)
            // Listeners of the new key hear of it; those of the old one, by the write's own notify.
            try await Self.notify(context.connection, userId: userId, key: newKey, writerId: self.watchers.writerId)
        }
        // Watchers here of the old key learn it is gone, of the new one what it holds.
        feed.changed(userId: userId, streakKeys: [oldKey, newKey])
        feed.keysChanged(userId: userId)
        return evaluation
    }

    func resetStreak(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            try await context.connection.query(
                "UPDATE streak_events SET removed_us = \(context.nowMicros) WHERE user_id = \(context.userId) AND streak_id = \(context.row.id) AND removed_us IS NULL",
                logger: PostgresSession.logger
            )
            context.history = StreakHistory(leeway: context.history.leeway)
        }
    }

    // MARK: - Events

    func addEvents(
        _ events: [StreakEvent], userId: String, streakKey: String, now: Date, timezone: TimeZone, freshIds: Bool,
        creating configuration: StreakConfiguration?
    ) async throws -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        try StreakValidation.validateDate(now, "current date")
        for event in events { try event.validate(now: now) }
        try configuration?.validate()
        let normalized = events.map(\.stored)
        return try await write(
            userId: userId, streakKey: streakKey, creating: configuration, now: now, timezone: timezone, adding: normalized.map(\.id), nothing: []
        ) { context in
            try await Self.insert(normalized, in: context)
        }
    }

    func undoLastEvent(userId: String, streakKey: String, since: Date?, now: Date, timezone: TimeZone) async throws
        -> (removed: StreakEvent?, evaluation: StreakEvaluation) {
        try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone, nothing: nil) { context -> StreakEvent? in
            let rows = try await context.connection.query(
                """
                SELECT \(unescaped: Self.eventColumns) FROM streak_events
                WHERE user_id = \(context.userId) AND streak_id = \(context.row.id) AND removed_us IS NULL AND NOT is_freeze
                ORDER BY seq DESC LIMIT 1
                """,
                logger: PostgresSession.logger
            )
            guard let last = try await Self.events(in: rows).first, since.map({ last.dateCreated >= $0 }) ?? true else { return nil }
            try await Self.markRemoved(last, in: context, using: self)
            return last
        }
    }

    func removeEvent(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (removed: StreakEvent, evaluation: StreakEvaluation) {
        let (removed, evaluation) = try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone, nothing: [StreakEvent]()) {
            context in
            let rows = try await context.connection.query(
                """
                SELECT \(unescaped: Self.eventColumns) FROM streak_events
                WHERE user_id = \(context.userId) AND streak_id = \(context.row.id) AND event_id = \(id) AND removed_us IS NULL AND NOT is_freeze
                """,
                logger: PostgresSession.logger
            )
            guard let event = try await Self.events(in: rows).first else { throw StreakStoreError.unknownEvent(id) }
            try await Self.markRemoved(event, in: context, using: self)
            return [event]
        }
        return (removed[0], evaluation)
    }

    public func events(userId: String, streakKey: String) async throws -> [StreakEvent] {
        try await read(userId: userId, streakKey: streakKey) { connection, row in try await self.liveEvents(connection, of: row) }
    }

    public func events(userId: String, streakKey: String, on day: CalendarDay, timezone: TimeZone) async throws -> [StreakEvent] {
        let instants = day.instantsInAnyZone
        let window = (Int64(instants.lowerBound.microsecondsSince1970), Int64(instants.upperBound.microsecondsSince1970))
        let candidates = try await read(userId: userId, streakKey: streakKey) { connection, row in
            try await self.liveEvents(connection, of: row, regularBetween: window)
        }
        return candidates.filter { event in
            CalendarDay(containing: event.dateCreated, in: TimeZone(identifier: event.timezone) ?? timezone) == day
        }.sorted { $0.dateCreated < $1.dateCreated }
    }

    func importBatch(_ batch: ImportBatch, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (added: [StreakEvent], evaluation: StreakEvaluation) {
        let configuration = batch.configuration(forKey: streakKey)
        try configuration.validate()
        try batch.validate()
        let events = batch.events.map(\.stored)
        return try await write(
            userId: userId, streakKey: streakKey, creating: configuration, now: now, timezone: timezone, adding: events.map(\.id), nothing: [StreakEvent]()
        ) {
            context in
            if context.isNew, !batch.goalHistory.isEmpty {
                context.row.goalHistory = batch.goalHistory
                try await Self.saveSettings(context)
            }
            try await Self.insertFreezes(batch.freezes, in: context)
            try await Self.insertSkips(batch.skips, in: context)
            try await Self.upsertNotes(batch.notes, in: context)
            return try await Self.insert(events, in: context)
        }
    }

    // MARK: - Freezes

    public func freezes(userId: String, streakKey: String) async throws -> [StreakFreeze] {
        try await read(userId: userId, streakKey: streakKey) { connection, row in try await self.freezes(connection, of: row) }
    }

    func addFreezes(_ freezes: [StreakFreeze], userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        for freeze in freezes { try freeze.validate() }
        return try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            try await Self.insertFreezes(freezes, in: context)
        }
    }

    func useFreeze(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws {
        _ = try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            let freeze = try await self.unusedFreeze(id, in: context)
            context.freezes = nil
            try await context.connection.query(
                "UPDATE streak_freezes SET used_us = \(context.nowMicros) WHERE user_id = \(context.userId) AND streak_id = \(context.row.id) AND freeze_id = \(freeze.id)",
                logger: PostgresSession.logger
            )
        }
    }

    func useFreezesManually(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws
        -> (used: [FreezeConsumption], evaluation: StreakEvaluation) {
        try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone, nothing: []) { context in
            // From the running history: the events are not read again.
            let current = try await self.calculate(
                context.connection, row: context.row, history: context.history, userId: userId, now: now, timezone: timezone,
                freezes: try await self.currentFreezes(in: context)
            )
            let used = try StreakCalculator.manualFreezeConsumptions(
                for: current, freezes: try await self.currentFreezes(in: context),
                configuration: context.row.configuration, currentDate: now, timezone: timezone
            )
            try await Self.record(used, in: context)
            return used
        }
    }

    func removeFreeze(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            let freeze = try await self.unusedFreeze(id, in: context)
            context.freezes = nil
            try await context.connection.query(
                "UPDATE streak_freezes SET removed_us = \(context.nowMicros) WHERE user_id = \(context.userId) AND streak_id = \(context.row.id) AND freeze_id = \(freeze.id)",
                logger: PostgresSession.logger
            )
        }
    }

    // MARK: - Calculation

    public func evaluate(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try StreakValidation.validateDate(now, "current date")
        try StreakValidation.validateUserId(userId)
        try StreakValidation.validateStreakKey(streakKey)
        if let fresh = try await freshEvaluation(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { return fresh }
        // Not fresh a moment ago (or no such streak: the read says which): calculated.
        return try await read(userId: userId, streakKey: streakKey) { connection, row in
            let history = try await self.history(connection, row: row, timezone: timezone)
            return try await self.calculate(connection, row: row, history: history, userId: userId, now: now, timezone: timezone)
        }
    }

    /// The last write's result while it holds (no calculation, no lock), else a write.
    public func refresh(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation {
        try StreakValidation.validateDate(now, "current date")
        let fresh = try await read(userId: userId, streakKey: streakKey) { connection, row in
            try await self.freshEvaluation(connection, row: row, userId: userId, now: now, timezone: timezone)
        }
        if let fresh { return fresh }
        return try await write(userId: userId, streakKey: streakKey, now: now, timezone: timezone, reusingFresh: true) { _ in }
    }

    /// The summary row holds history, not a finished result: a manager starts from the stream.
    public func cachedStreak(userId: String, streakKey: String) -> CurrentStreakData? { nil }

    // MARK: - Helpers

    /// A read of one existing streak, without a lock (PostgreSQL's snapshot keeps it consistent).
    func read<T: Sendable>(userId: String, streakKey: String, _ body: @escaping @Sendable (PostgresConnection, StreakRow) async throws -> T) async throws -> T {
        try StreakValidation.validateUserId(userId)
        try StreakValidation.validateStreakKey(streakKey)
        return try await session.transaction(as: userId) { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: PostgresSession.logger)
            return try await body(connection, try await self.existingRow(connection, userId: userId, key: streakKey))
        }
    }

    /// The streak's freezes as they are inside the write: as read with its state, or again
    /// after a change touched them.
    func currentFreezes(in context: WriteContext) async throws -> [StreakFreeze] {
        if let freezes = context.freezes { return freezes }
        let freezes = try await freezes(context.connection, of: context.row)
        context.freezes = freezes
        return freezes
    }

    func unusedFreeze(_ id: String, in context: WriteContext) async throws -> StreakFreeze {
        guard let freeze = try await currentFreezes(in: context).first(where: { $0.id == id }) else {
            throw StreakRuleError.freezeNotFound(id)
        }
        guard !freeze.isUsed else { throw StreakRuleError.freezeAlreadyUsed(id) }
        return freeze
    }

    static func insertFreezes(_ freezes: [StreakFreeze], in context: WriteContext) async throws {
        guard !freezes.isEmpty else { return }
        context.freezes = nil
        func micros(_ date: Date?) -> Int64 { date.map { Int64($0.microsecondsSince1970) } ?? Int64.min }
        try await context.connection.query(
            """
            INSERT INTO streak_freezes (user_id, streak_id, freeze_id, earned_us, used_us, expires_us)
            SELECT \(context.userId), \(context.row.id), f.id, NULLIF(f.earned, \(Int64.min)), NULLIF(f.used, \(Int64.min)), NULLIF(f.expires, \(Int64.min))
            FROM unnest(\(freezes.map(\.id))::text[], \(freezes.map { micros($0.dateEarned) })::bigint[],
                        \(freezes.map { micros($0.dateUsed) })::bigint[], \(freezes.map { micros($0.dateExpires) })::bigint[])
                 WITH ORDINALITY AS f(id, earned, used, expires, n)
            ORDER BY f.n
            ON CONFLICT (user_id, streak_id, freeze_id) DO NOTHING
            """,
            logger: PostgresSession.logger
        )
    }
}
