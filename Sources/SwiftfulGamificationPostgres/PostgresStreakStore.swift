import Foundation
import GamificationSupport
import PostgresNIO
import StreakStoreKit
import Synchronization
import SwiftfulGamification

/// Streaks kept in PostgreSQL, for every machine that can reach the database.
///
/// One authority: every write recalculates from the streak's summary row (its running
/// `StreakHistory`, so no write reads the whole history) and applies the change, the freezes
/// that calculation consumed, the new summary and a `NOTIFY` (reaching listeners on commit)
/// all at once, only if the summary's revision is still the one it read. A log does so in
/// one statement without a lock; other writes in one transaction under transaction-scoped
/// advisory locks (see `write`). Events are unique by (streak, id), so a retried or replayed
/// write adds nothing.
public final class PostgresStreakStore: StreakStore {
    public let database: PostgresLocation
    let session: PostgresSession
    let watchers: PostgresWatchers
    /// Users whose channel (the secret their lock keys derive from) is known to exist.
    let channelsKnown = Mutex<Set<String>>([])
    /// Each streak's stored evaluation as last decoded: a read between two writes (most of a
    /// server's GETs) skips decoding it, which was the largest part of such a read.
    let decodedEvaluations = DecodedOnce<Int64, StreakEvaluation>(byteLimit: 64 << 20)
    /// Writes finished since the last one that also forgot old operation records.
    let writesSinceExpiry = Mutex(0)

    public var location: String { database.redacted }

    /// Everyone watching this store's streaks, in this process.
    public let feed: StreakFeed

    /// - Parameters:
    ///   - connections: how many connections operations may hold at once.
    ///   - actingAsEachUser: every operation acts as the user named by its `userId` (the
    ///     setting `streaks.user`, or `SET ROLE` for a login that bypasses row-level
    ///     security), so row-level security holds it to that user's rows whatever the
    ///     statement says: for a server that logs in once and serves many users. The login
    ///     role must be granted each user's role.
    public init(database: PostgresLocation, connections: Int = 4, actingAsEachUser: Bool = false) {
        self.database = database
        session = PostgresSession(location: database, limit: connections, actsAsEachUser: actingAsEachUser)
        watchers = PostgresWatchers(location: database, actsAsEachUser: actingAsEachUser)
        let reference = WeakReference<PostgresStreakStore>()
        feed = StreakFeed(source: Self.feedSource(reference))
        reference.value = self
    }

    public convenience init(url: String) throws {
        self.init(database: try PostgresLocation(url: url))
    }

    public func close() async {
        feed.finishAll()
        await watchers.stop()
        await session.close()
    }

    // MARK: - Rows

    /// A streak's row: its id and settings.
    struct StreakRow: Sendable {
        let id: Int64
        /// The streak's owner: every row under the streak is read and written with it too.
        let userId: String
        var configuration: StreakConfiguration
        var goalHistory: [StreakGoalChange]
        var archived: Bool

        /// The leeway of every day, its changes' days taken in `timezone` (rule 11).
        func leeway(in timezone: TimeZone) -> StreakLeeway {
            StreakLeeway(configuration: configuration, goalSchedule: goalHistory, timezone: timezone)
        }
    }

    func streakRow(_ connection: PostgresConnection, userId: String, key: String) async throws -> StreakRow? {
        let rows = try await connection.query(
            "SELECT \(unescaped: Self.rowColumns) FROM streaks WHERE user_id = \(userId) AND streak_key = \(key)", logger: PostgresSession.logger
        )
        return try await row(in: rows, userId: userId, key: key)
    }

    /// The columns `row(in:userId:key:)` reads.
    static let rowColumns = """
        id, events_required_per_day, leeway_hours, freeze_behavior, use_server_calculation, goal_history, archived, schedule, week_start,
        title, group_name, position, \(PostgresMeasure.column(""))
        """

    /// The first row of `rows` (of `rowColumns`) as the streak `key`.
    func row(in rows: PostgresRowSequence, userId: String, key: String) async throws -> StreakRow? {
        for try await (id, goal, leeway, behavior, server, goals, archived, schedule, weekStart, title, group, position, measure)
            in rows.decode((Int64, Int, Int, String, Bool, String, Bool, String, String, String?, String?, Double?, String?).self) {
            return try row(
                id: id, userId: userId, key: key, goal: goal, leeway: leeway, behavior: behavior, server: server, goals: goals, archived: archived,
                schedule: schedule, weekStart: weekStart, details: StreakDetails(title: title, group: group, position: position), measure: measure
            )
        }
        return nil
    }

    /// A streak row from its columns.
    // swiftlint:disable:next function_parameter_count
    func row(
        id: Int64, userId: String, key: String, goal: Int, leeway: Int, behavior: String, server: Bool, goals: String, archived: Bool,
        schedule: String, weekStart: String, details: StreakDetails, measure: String?
    ) throws -> StreakRow {
        guard let freezeBehavior = FreezeBehavior(word: behavior),
              let goalHistory = try? Self.decoder.decode([StreakGoalChange].self, from: goals),
              let schedule = try? StreakSchedule(parsing: schedule), let weekStart = Weekday(rawValue: weekStart),
              let measure = measure.map(PostgresMeasure.init(json:)) ?? PostgresMeasure(target: nil, unit: nil, startDay: nil) else {
            throw PostgresStoreError.unreadable(database.redacted, what: "the settings of streak '\(key)'")
        }
        let configuration = StreakConfiguration(
            streakKey: key, eventsRequiredPerDay: goal, useServerCalculation: server, leewayHours: leeway, freezeBehavior: freezeBehavior,
            schedule: schedule, weekStart: weekStart, target: measure.target, unit: measure.unit, startDay: measure.startDay
        ).titled(details.title).placed(group: details.group, position: details.position).measured(by: measure.dayValue)
        return StreakRow(id: id, userId: userId, configuration: configuration, goalHistory: goalHistory, archived: archived)
    }

    func existingRow(_ connection: PostgresConnection, userId: String, key: String) async throws -> StreakRow {
        if let row = try await streakRow(connection, userId: userId, key: key) { return row }
        throw StreakStoreError.unknownStreak(key, known: try await keys(connection, userId: userId, includingArchived: false))
    }

    func keys(_ connection: PostgresConnection, userId: String, includingArchived: Bool) async throws -> [String] {
        try await keysAndSchemaVersion(connection, userId: userId, includingArchived: includingArchived).keys
    }

    /// The user's streak keys, and the schema version beside them (see `PostgresSession.run(readingSchemaVersion:)`).
    func keysAndSchemaVersion(_ connection: PostgresConnection, userId: String, includingArchived: Bool) async throws -> (keys: [String], schemaVersion: Int) {
        let rows = try await connection.query(
            """
            SELECT coalesce(array_agg(streak_key ORDER BY streak_key COLLATE "C"), '{}'), \(unescaped: PostgresSession.schemaVersionColumn)
            FROM streaks WHERE user_id = \(userId) AND (\(includingArchived) OR NOT archived) AND deleted_us IS NULL
            """,
            logger: PostgresSession.logger
        )
        for try await (keys, version) in rows.decode(([String], Int).self) { return (keys, version) }
        return ([], 0)
    }

    static let eventColumns = "event_id, date_us, timezone, is_freeze, freeze_id, metadata, amount::text"

    /// Events from rows of `eventColumns`.
    static func events(in rows: PostgresRowSequence) async throws -> [StreakEvent] {
        var events: [StreakEvent] = []
        for try await (id, date, zone, isFreeze, freezeId, metadata, amount)
            in rows.decode((String, Int64, String, Bool, String?, String, String?).self) {
            let values = metadata == "{}" ? [:] : (try? decoder.decode([String: GamificationDictionaryValue].self, from: metadata)) ?? [:]
            events.append(StreakEvent(
                id: id, dateCreated: Date(microseconds: Int(date)), timezone: zone, isFreeze: isFreeze, freezeId: freezeId, metadata: values,
                amount: amount.flatMap(StreakAmount.parse)
            ))
        }
        return events
    }

    /// Live events of a streak in recording order, optionally only regular ones in a window.
    func liveEvents(_ connection: PostgresConnection, of row: StreakRow, regularBetween window: (Int64, Int64)? = nil) async throws -> [StreakEvent] {
        let (from, to) = window ?? (Int64.min, Int64.max)
        let rows = try await connection.query(
            """
            SELECT \(unescaped: Self.eventColumns) FROM streak_events
            WHERE user_id = \(row.userId) AND streak_id = \(row.id) AND removed_us IS NULL AND (\(window == nil) OR (NOT is_freeze AND date_us >= \(from) AND date_us < \(to)))
            ORDER BY seq
            """,
            logger: PostgresSession.logger
        )
        return try await Self.events(in: rows)
    }

    /// Freezes not taken back, in the order they were added.
    func freezes(_ connection: PostgresConnection, of row: StreakRow) async throws -> [StreakFreeze] {
        let rows = try await connection.query(
            "SELECT freeze_id, earned_us, used_us, expires_us FROM streak_freezes WHERE user_id = \(row.userId) AND streak_id = \(row.id) AND removed_us IS NULL ORDER BY seq",
            logger: PostgresSession.logger
        )
        var freezes: [StreakFreeze] = []
        for try await (id, earned, used, expires) in rows.decode((String, Int64?, Int64?, Int64?).self) {
            freezes.append(StreakFreeze(
                id: id, dateEarned: earned.map { Date(microseconds: Int($0)) }, dateUsed: used.map { Date(microseconds: Int($0)) },
                dateExpires: expires.map { Date(microseconds: Int($0)) }
            ))
        }
        return freezes
    }

    /// The streak's skipped days, ascending.
    func skips(_ connection: PostgresConnection, of row: StreakRow) async throws -> [CalendarDay] {
        let rows = try await connection.query(
            "SELECT day FROM streak_skips WHERE user_id = \(row.userId) AND streak_id = \(row.id) ORDER BY day", logger: PostgresSession.logger
        )
        var days: [CalendarDay] = []
        for try await day in rows.decode(Int.self) { days.append(CalendarDay(dayNumber: day)) }
        return days
    }

    /// The summary row's history, rebuilt from the events when missing, unreadable or for another leeway.
    func history(_ connection: PostgresConnection, row: StreakRow, timezone: TimeZone) async throws -> StreakHistory {
        let rows = try await connection.query("SELECT history FROM streak_summaries WHERE user_id = \(row.userId) AND streak_id = \(row.id)", logger: PostgresSession.logger)
        return try await history(connection, row: row, stored: try await rows.collect().first?.decode(String.self), timezone: timezone)
    }

    /// `stored` (a summary's history) when it reads for the row's leeway (its changes' days
    /// taken in `timezone`), else rebuilt from the events.
    func history(_ connection: PostgresConnection, row: StreakRow, stored: String?, timezone: TimeZone) async throws -> StreakHistory {
        let leeway = row.leeway(in: timezone)
        if let stored, let history = try? Self.decoder.decode(StreakHistory.self, from: stored), history.leeway == leeway, history.recordsReadings {
            return history
        }
        return StreakHistory(events: try await liveEvents(connection, of: row), leeway: leeway)
    }

    // MARK: - Calculation

    /// The last write's evaluation, when a calculation at `now` in `timezone` would give it:
    /// same zone, and `now` between its calculation and the next boundary.
    func freshEvaluation(_ connection: PostgresConnection, row: StreakRow, userId: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation? {
        let rows = try await connection.query(
            "SELECT evaluation, calculated_us, valid_until_us FROM streak_summaries WHERE user_id = \(row.userId) AND streak_id = \(row.id)", logger: PostgresSession.logger
        )
        var read: [(String?, Int64?, Int64?)] = []
        for try await row in rows.decode((String?, Int64?, Int64?).self) { read.append(row) }
        return try fresh(in: read, streakId: row.id, userId: userId, now: now, timezone: timezone)
    }

    /// The last write's result while it holds, read by key in one statement (no transaction:
    /// one statement sees one snapshot); nil when there is none, or the streak is missing.
    func freshEvaluation(userId: String, streakKey: String, now: Date, timezone: TimeZone) async throws -> StreakEvaluation? {
        try await session.run(as: userId) { connection in
            var binds = PostgresBindings(capacity: 2)
            binds.append(userId)
            binds.append(streakKey)
            let rows = try await ReusedStatements.rows(EvaluationByKeyStatement(binds: binds), on: connection)
            guard let id = rows.first?.0 else { return nil }
            return try self.fresh(in: rows.map { ($0.1, $0.2, $0.3) }, streakId: id, userId: userId, now: now, timezone: timezone)
        }
    }

    /// `freshEvaluation(userId:streakKey:)`'s statement, prepared: it is what every read of
    /// one streak's status asks first (a server's GET), so it is planned once per connection.
    struct EvaluationByKeyStatement: PostgresPreparedStatement {
        typealias Row = (Int64, String?, Int64?, Int64?)
        static let name = "streaks_evaluation_by_key"
        static let sql = """
            SELECT t.id, s.evaluation, s.calculated_us, s.valid_until_us FROM streaks t
            JOIN streak_summaries s ON s.user_id = t.user_id AND s.streak_id = t.id
            WHERE t.user_id = $1 AND t.streak_key = $2
            """
        let binds: PostgresBindings

        func makeBindings() throws -> PostgresBindings { binds }
        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// The evaluation in `rows` (evaluation, calculated_us, valid_until_us) of the streak with
    /// `streakId` when it holds at `now` in `timezone`.
    func fresh(in rows: [(String?, Int64?, Int64?)], streakId: Int64, userId: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation? {
        let micros = Int64(now.microsecondsSince1970)
        for (text, calculated, validUntil) in rows {
            guard let text, let calculated, let validUntil, micros >= calculated, micros < validUntil,
                  let evaluation = try? decodedEvaluations.value(for: streakId, text: text, decode: { try Self.decoder.decode(StreakEvaluation.self, from: text) }),
                  evaluation.timeZoneIdentifier == timezone.identifier,
                  // Calculated before schedules (rule 8) had a unit: recalculate once.
                  evaluation.streak.streakUnit != nil else { return nil }
            return evaluation.updatingUserId(userId)
        }
        return nil
    }

    /// - Parameter known: the streak's freezes when the caller has them as they are now.
    func calculate(
        _ connection: PostgresConnection, row: StreakRow, history: StreakHistory, userId: String, now: Date, timezone: TimeZone,
        freezes known: [StreakFreeze]? = nil, skips knownSkips: [CalendarDay]? = nil, notes knownNotes: [StreakNote]? = nil,
        pending: [StreakEvent] = []
    ) async throws -> StreakEvaluation {
        var freezes = known ?? []
        if known == nil { freezes = try await self.freezes(connection, of: row) }
        var skips = knownSkips ?? []
        if knownSkips == nil { skips = try await self.skips(connection, of: row) }
        var notes = knownNotes ?? []
        if knownNotes == nil { notes = try await self.notes(connection, of: row) }
        if let latest = history.latestEventDate, latest > now {
            // A clock pinned before some events: the history cannot leave them out. The events
            // the write has yet to insert (its finishing statement does) count too.
            let stored = try await liveEvents(connection, of: row)
            let storedIds = Set(stored.map(\.id))
            return StreakCalculator.evaluate(
                events: stored + pending.filter { !storedIds.contains($0.id) }, freezes: freezes, configuration: row.configuration,
                userId: userId, currentDate: now, timezone: timezone, goalSchedule: row.goalHistory, skips: skips
            ).withNotes(notes)
        }
        return StreakCalculator.evaluate(
            history: history, freezes: freezes, configuration: row.configuration, userId: userId,
            currentDate: now, timezone: timezone, goalSchedule: row.goalHistory, skips: skips
        ).withNotes(notes)
    }

    /// Dates as whole microseconds since 1970, as every store keeps them, so a stored result
    /// reads back exactly as the file store's does. Streamed: every write encodes its result.
    static let encoder = StreamingJSONEncoder.microseconds

    static let decoder = StreamingJSONDecoder.microseconds

    static func json<T: Encodable>(_ value: T) -> String {
        (try? encoder.string(value)) ?? "null"
    }
}
