import Foundation
import PostgresNIO
import StreakStoreKit
import SwiftfulGamification

extension PostgresStreakStore {
    /// What a write may change, inside its transaction.
    final class WriteContext: @unchecked Sendable {
        private let link: PostgresConnection
        /// Set in a write that holds no lock (see `unlockedWrite`): a change that sends a
        /// statement of its own then needs the locked write instead.
        let unlocked: Bool
        let userId: String
        var row: StreakRow
        var history: StreakHistory
        let isNew: Bool
        let now: Date
        /// Set by a change that adds, archives or brings back a streak (as creating one does).
        var changesKeyList: Bool
        /// The streak's freezes as read with the write's state; nil once a change touched them
        /// (read again when needed).
        var freezes: [StreakFreeze]?
        /// Event ids announced to the write before it began, and those of them the streak holds
        /// (removed ones too): events among them are inserted by the write's finishing statement.
        var announcedIds: Set<String> = []
        var heldIds: Set<String> = []
        /// Events to insert when the write finishes, in order.
        var pendingEvents: [StreakEvent] = []
        /// The streak's skipped days, as read with the write's state (and changed by it).
        var skips: [CalendarDay] = []
        /// The streak's notes by date, as read with the write's state (and changed by it).
        var notes: [StreakNote] = []
        /// The summary's revision as the write read it: the write applies only if it is unchanged.
        let revision: Int64

        init(
            connection: PostgresConnection, unlocked: Bool = false, userId: String, row: StreakRow, history: StreakHistory, revision: Int64,
            isNew: Bool, now: Date
        ) {
            link = connection
            self.unlocked = unlocked
            self.userId = userId
            self.revision = revision
            self.row = row
            self.history = history
            self.isNew = isNew
            self.now = now
            changesKeyList = isNew
        }

        var nowMicros: Int64 { Int64(now.microsecondsSince1970) }

        /// The write's connection, for a statement of the change's own.
        var connection: PostgresConnection {
            get throws {
                if unlocked { throw NeedsLock() }
                return link
            }
        }

        /// The connection for the finishing statement (every write has one).
        var finishing: PostgresConnection { link }
    }

    /// Thrown by an unlocked write whose change needs statements of its own.
    struct NeedsLock: Error {}

    /// Thrown when another write changed the streak after this one read it: nothing of this
    /// one was applied, and it is run again.
    struct WriteConflict: Error {}

    /// Runs `change` on the streak, recalculates, records the freezes consumed, stores the
    /// summary, records the result under the write's operation id and notifies listeners,
    /// all or nothing. Creates the streak first when `creating` is given and it does not
    /// exist. A retry of a write whose COMMIT reply was lost finds its operation recorded and
    /// returns that result instead of changing anything again.
    ///
    /// A batch of events that is all the change does is written without a lock, in two
    /// statements (`unlockedWrite`); anything else runs in one transaction under the
    /// streak's advisory lock (and those of `alsoLocking`, all taken in one order). Both
    /// apply only if the summary's revision is the one they read, and run again if not.
    func write<Output: Codable & Sendable>(
        userId: String, streakKey: String, alsoLocking otherKeys: [String] = [], creating configuration: StreakConfiguration? = nil,
        now: Date, timezone: TimeZone, reusingFresh: Bool = false, publishing: Bool = true, adding eventIds: [String] = [], nothing: Output,
        _ change: @escaping @Sendable (WriteContext) async throws -> Output
    ) async throws -> (Output, StreakEvaluation) {
        try StreakValidation.validateDate(now, "current date")
        try StreakValidation.validateUserId(userId)
        try StreakValidation.validateStreakKey(streakKey)
        // A replica's queued write is pushed under its own ids: a repeat returns the first result.
        let operation = StoreOperation.current?.nextWriteId() ?? UUID().uuidString
        let plan = WritePlan(userId: userId, key: streakKey, operation: operation, now: now, timezone: timezone)
        let began = feed.writeBegins()
        var done: Written<Output>?
        if otherKeys.isEmpty, !reusingFresh, !eventIds.isEmpty, eventIds.count <= Self.deferredLimit {
            done = try await unlockedWrite(plan, adding: eventIds, change)
        }
        if done == nil {
            try await ensureChannel(userId: userId)
            done = try await lockedWrite(
                plan, alsoLocking: otherKeys, creating: configuration, reusingFresh: reusingFresh, adding: eventIds, nothing: nothing, change
            )
        }
        guard let done else { throw WriteConflict() }
        // Committed: watchers in this process get the write's own result, nobody reads it back.
        if publishing { feed.publish(userId: userId, streakKey: streakKey, evaluation: done.evaluation, at: now, began: began) }
        if done.keyListChanged { feed.keysChanged(userId: userId) }
        return (done.output, done.evaluation)
    }

    /// What every write is about: whose streak, under which operation id, at what time.
    struct WritePlan: Sendable {
        let userId: String
        let key: String
        let operation: String
        let now: Date
        let timezone: TimeZone
    }

    /// A write's result, once committed.
    struct Written<Output: Sendable>: Sendable {
        let output: Output
        let evaluation: StreakEvaluation
        let keyListChanged: Bool
    }

    /// The write in one transaction under the streak's locks; run again (a few times) when a
    /// write without a lock got in between its read and its finish.
    private func lockedWrite<Output: Codable & Sendable>(
        _ plan: WritePlan, alsoLocking otherKeys: [String], creating configuration: StreakConfiguration?, reusingFresh: Bool,
        adding eventIds: [String], nothing: Output, _ change: @escaping @Sendable (WriteContext) async throws -> Output
    ) async throws -> Written<Output> {
        var attempts = 0
        while true {
            do {
                return try await session.transaction(as: plan.userId) { connection in
                    try await Self.lock(connection, userId: plan.userId, keys: [plan.key] + otherKeys, location: self.database)
                    // A small batch's ids are checked with the state, and its insert joins the finishing statement.
                    let announced = eventIds.count <= Self.deferredLimit ? eventIds : []
                    let state = try await self.writeState(connection, plan, eventIds: announced)
                    if let recorded = state.recorded { return try self.recordedWrite(recorded, plan, as: Output.self) }
                    let context: WriteContext
                    if let row = state.row {
                        if reusingFresh,
                           let fresh = try await self.freshEvaluation(connection, row: row, userId: plan.userId, now: plan.now, timezone: plan.timezone) {
                            return Written(output: nothing, evaluation: fresh, keyListChanged: false)
                        }
                        context = try await self.context(connection, state: state, row: row, plan: plan, unlocked: false)
                    } else {
                        guard let asked = configuration else {
                            throw StreakStoreError.unknownStreak(plan.key, known: try await self.keys(connection, userId: plan.userId, includingArchived: false))
                        }
                        let configuration = asked.starting(on: CalendarDay(containing: plan.now, in: plan.timezone))
                        let goals = [StreakGoalChange(date: plan.now, eventsRequiredPerDay: configuration.eventsRequiredPerDay)]
                        let row = try await Self.insertStreak(
                            connection, userId: plan.userId, configuration: configuration, goalHistory: goals, now: plan.now, location: self.database
                        )
                        context = WriteContext(
                            connection: connection, userId: plan.userId, row: row, history: StreakHistory(leeway: row.leeway(in: plan.timezone)),
                            revision: 0, isNew: true, now: plan.now
                        )
                        context.freezes = []
                    }
                    context.announcedIds = Set(announced)
                    let written = try await self.apply(change, in: context, plan, connection: connection)
                    guard try await self.finish(context, written, plan) else { throw WriteConflict() }
                    return written
                }
            } catch is WriteConflict where attempts < Self.conflictRetries {
                attempts += 1
            }
        }
    }

    static let conflictRetries = 20

    /// A write context for an existing streak, from the state read for the write.
    func context(_ connection: PostgresConnection, state: WriteState, row: StreakRow, plan: WritePlan, unlocked: Bool) async throws -> WriteContext {
        let context = WriteContext(
            connection: connection, unlocked: unlocked, userId: plan.userId, row: row,
            history: try await history(connection, row: row, stored: state.history, timezone: plan.timezone), revision: state.revision ?? 0, isNew: false, now: plan.now
        )
        context.freezes = state.freezes
        context.heldIds = state.heldIds
        context.skips = state.skips
        context.notes = state.notes
        return context
    }

    /// The result a write recorded under the operation id, returned again.
    func recordedWrite<Output: Codable & Sendable>(_ recorded: String, _ plan: WritePlan, as: Output.Type) throws -> Written<Output> {
        let result = try Self.decoder.decode(RecordedWrite<Output>.self, from: recorded)
        return Written(output: result.output, evaluation: result.evaluation.updatingUserId(plan.userId), keyListChanged: true)
    }

    /// Runs the change and calculates its result (recording any freezes the calculation consumed).
    func apply<Output: Codable & Sendable>(
        _ change: @escaping @Sendable (WriteContext) async throws -> Output, in context: WriteContext, _ plan: WritePlan,
        connection: PostgresConnection
    ) async throws -> Written<Output> {
        let output = try await change(context)
        var evaluation = try await calculate(
            connection, row: context.row, history: context.history, userId: plan.userId, now: plan.now, timezone: plan.timezone,
            freezes: context.freezes, skips: context.skips, notes: context.notes, pending: context.pendingEvents
        )
        if !evaluation.freezeConsumptions.isEmpty {
            try await Self.record(evaluation.freezeConsumptions, in: context)
            evaluation = try await calculate(
                connection, row: context.row, history: context.history, userId: plan.userId, now: plan.now, timezone: plan.timezone, skips: context.skips,
                notes: context.notes, pending: context.pendingEvents
            )
        }
        return Written(output: output, evaluation: evaluation, keyListChanged: context.changesKeyList)
    }

    /// `write` of a change that hands nothing back but the evaluation.
    func write(
        userId: String, streakKey: String, alsoLocking otherKeys: [String] = [], creating configuration: StreakConfiguration? = nil,
        now: Date, timezone: TimeZone, reusingFresh: Bool = false, publishing: Bool = true,
        _ change: @escaping @Sendable (WriteContext) async throws -> Void
    ) async throws -> StreakEvaluation {
        try await write(
            userId: userId, streakKey: streakKey, alsoLocking: otherKeys, creating: configuration, now: now, timezone: timezone,
            reusingFresh: reusingFresh, publishing: publishing, nothing: NoOutput()
        ) { context in
            try await change(context)
            return NoOutput()
        }.1
    }

    /// Takes the (user, streak) locks every writer of those streaks takes, released at
    /// commit, in ascending key order (so two writers locking the same two streaks never
    /// wait for each other in a circle). A key is a hash of the user's secret (its channel
    /// name, readable by that user alone) and the streak key: another role seeing it in
    /// `pg_locks` cannot tell whose streak, or which, it stands for.
    static func lock(_ connection: PostgresConnection, userId: String, keys: [String], location: PostgresLocation) async throws {
        let rows = try await connection.query(
            """
            SELECT count(pg_advisory_xact_lock(k)) FROM (
                SELECT DISTINCT hashtextextended(secret.channel || chr(31) || key, 0) AS k
                FROM (SELECT channel FROM streak_channels WHERE user_id = \(userId)) AS secret, unnest(\(keys)::text[]) AS key
                ORDER BY k
            ) AS ordered
            """,
            logger: PostgresSession.logger
        )
        let locked = try await rows.collect().first?.decode(Int.self) ?? 0
        guard locked == Set(keys).count else {
            throw PostgresStoreError.notAllowed(location.redacted, reason: "no notification channel for user '\(userId)'")
        }
    }

    /// The user's channel (which also keys their locks) exists before their first write:
    /// made in its own statement, so writers that start together agree on it.
    func ensureChannel(userId: String) async throws {
        guard !channelsKnown.withLock({ $0.contains(userId) }) else { return }
        _ = try await session.run(as: userId) { connection in
            try await PostgresWatchers.channel(connection, userId: userId, location: self.database)
        }
        channelsKnown.withLock { _ = $0.insert(userId) }
    }

    /// What a committed write handed back, kept under its operation id for a day.
    struct RecordedWrite<Output: Codable & Sendable>: Codable, Sendable {
        let output: Output
        let evaluation: StreakEvaluation

        /// The JSON this type decodes from, around an evaluation already encoded (for the
        /// summary), so a write encodes its evaluation once.
        static func json(output: Output, evaluationJSON: String) -> String {
            #"{"evaluation":"# + evaluationJSON + #","output":"# + PostgresStreakStore.json(output) + "}"
        }
    }

    static let operationsKept: TimeInterval = 86_400

    /// What a write needs, read in one statement: this operation's result if it committed
    /// already, the streak's settings, its running history and the summary's revision, its
    /// freezes (each `[id, earned, used, expires]`, in the order they were added), which of
    /// the write's event ids it holds, the schema's version and the user's channel.
    struct WriteState: Sendable {
        var recorded: String?
        var row: StreakRow?
        var history: String?
        var revision: Int64?
        var freezes: [StreakFreeze] = []
        var heldIds: Set<String> = []
        var schemaVersion = 0
        var channel: String?
        var skips: [CalendarDay] = []
        var notes: [StreakNote] = []
    }

    /// The largest batch whose insert waits for the write's finishing statement.
    static let deferredLimit = 1_000

    func writeState(_ connection: PostgresConnection, _ plan: WritePlan, eventIds: [String]) async throws -> WriteState {
        let userId = plan.userId, key = plan.key
        var binds = PostgresBindings(capacity: 4)
        binds.append(userId)
        binds.append(plan.operation)
        binds.append(key)
        let rows: [WriteStateStatement.Row]
        if eventIds.count == 1 {
            binds.append(eventIds[0])
            rows = try await ReusedStatements.rows(OneEventWriteStateStatement(binds: binds), on: connection)
        } else {
            binds.append(eventIds)
            rows = try await ReusedStatements.rows(WriteStateStatement(binds: binds), on: connection)
        }
        var state = WriteState()
        for (recorded, id, goal, leeway, behavior, server, goals, archived, schedule, weekStart, history, revision, freezes, held, version, channel, skips, title, group, position, measure,
             noteDays, noteTexts)
            in rows {
            state.recorded = recorded
            state.schemaVersion = version
            state.channel = channel
            if let id, let goal, let leeway, let behavior, let server, let goals, let archived, let schedule, let weekStart {
                state.row = try row(
                    id: id, userId: userId, key: key, goal: goal, leeway: leeway, behavior: behavior, server: server, goals: goals, archived: archived,
                    schedule: schedule, weekStart: weekStart, details: StreakDetails(title: title, group: group, position: position), measure: measure
                )
                state.skips = (skips ?? []).map(CalendarDay.init(dayNumber:))
                state.notes = Self.notes(days: noteDays, texts: noteTexts)
                state.history = history
                state.revision = revision
                let text = freezes ?? "[]"
                guard let list = text == "[]" ? [] : try? Self.decoder.decode([FreezeColumns].self, from: text) else {
                    throw PostgresStoreError.unreadable(database.redacted, what: "the freezes of streak '\(key)'")
                }
                state.freezes = list.map(\.freeze)
                state.heldIds = Set(held ?? [])
            }
        }
        return state
    }

    /// `writeState`'s statement: $1 the user, $2 the operation id, $3 the streak key, $4 the
    /// write's event ids. Each id is looked up on its own (the LATERAL's LIMIT keeps the
    /// planner from turning the lookups into one scan of the streak's events, which it did
    /// when its statistics thought the streak small: 630 ms a log at a million events).
    struct WriteStateStatement: PostgresPreparedStatement {
        typealias Row = (String?, Int64?, Int?, Int?, String?, Bool?, String?, Bool?, String?, String?, String?, Int64?, String?, [String]?, Int, String?, [Int]?, String?, String?, Double?, String?,
                           [Int]?, [String]?)
        static let name = "streaks_write_state"
        static let sql = writeStateSQL(held: """
            (SELECT coalesce(array_agg(a.id), '{}') FROM unnest($4::text[]) AS a(id),
                 LATERAL (SELECT FROM streak_events AS e WHERE e.user_id = $1 AND e.streak_id = s.id AND e.event_id = a.id LIMIT 1) AS held)
            """)
        let binds: PostgresBindings

        func makeBindings() throws -> PostgresBindings { binds }
        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// `WriteStateStatement` for a write of one event, $4 its id. Planned once per connection:
    /// PostgreSQL plans an array of ids anew on every run, as it cannot tell its length
    /// beforehand (its plan for any length looks ten times as costly).
    struct OneEventWriteStateStatement: PostgresPreparedStatement {
        typealias Row = WriteStateStatement.Row
        static let name = "streaks_write_state_one"
        static let sql = writeStateSQL(held: """
            (SELECT ARRAY[e.event_id] FROM streak_events AS e WHERE e.user_id = $1 AND e.streak_id = s.id AND e.event_id = $4 LIMIT 1)
            """)
        let binds: PostgresBindings

        func makeBindings() throws -> PostgresBindings { binds }
        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    private static func writeStateSQL(held: String) -> String {
        """
        SELECT (SELECT result FROM streak_operations WHERE user_id = $1 AND operation_id = $2),
               s.id, s.events_required_per_day, s.leeway_hours, s.freeze_behavior, s.use_server_calculation, s.goal_history, s.archived,
               s.schedule, s.week_start, m.history, m.revision,
               (SELECT coalesce(json_agg(json_build_array(f.freeze_id, f.earned_us, f.used_us, f.expires_us) ORDER BY f.seq), '[]')::text
                FROM streak_freezes AS f WHERE f.user_id = $1 AND f.streak_id = s.id AND f.removed_us IS NULL),
               \(held),
               \(PostgresSession.schemaVersionColumn),
               (SELECT channel FROM streak_channels WHERE user_id = $1),
               (SELECT coalesce(array_agg(k.day ORDER BY k.day), '{}') FROM streak_skips AS k WHERE k.user_id = $1 AND k.streak_id = s.id),
               s.title, s.group_name, s.position, \(PostgresMeasure.column("s")),
               (SELECT array_agg(n.day ORDER BY n.day) FROM streak_notes AS n WHERE n.user_id = $1 AND n.streak_id = s.id),
               (SELECT array_agg(n.note ORDER BY n.day) FROM streak_notes AS n WHERE n.user_id = $1 AND n.streak_id = s.id)
        FROM (SELECT 1) AS one LEFT JOIN streaks AS s ON s.user_id = $1 AND s.streak_key = $3
            LEFT JOIN streak_summaries AS m ON m.user_id = $1 AND m.streak_id = s.id
        """
    }

    /// A freeze as `json_build_array(freeze_id, earned_us, used_us, expires_us)` gives it.
    struct FreezeColumns: Decodable {
        let freeze: StreakFreeze

        init(from decoder: any Decoder) throws {
            var columns = try decoder.unkeyedContainer()
            func date() throws -> Date? { try columns.decode(Int64?.self).map { Date(microseconds: Int($0)) } }
            let id = try columns.decode(String.self)
            freeze = StreakFreeze(id: id, dateEarned: try date(), dateUsed: try date(), dateExpires: try date())
        }
    }

    static func insertStreak(
        _ connection: PostgresConnection, userId: String, configuration: StreakConfiguration, goalHistory: [StreakGoalChange], now: Date,
        location: PostgresLocation
    ) async throws -> StreakRow {
        let goals = json(goalHistory)
        let measure = PostgresMeasure(configuration)
        let created = Int64(now.microsecondsSince1970)
        let history = json(StreakHistory(leewayHours: configuration.leewayHours))
        // The streak and its (empty) summary in one statement.
        let rows = try await connection.query(
            """
            WITH streak AS (
                INSERT INTO streaks (user_id, streak_key, events_required_per_day, leeway_hours, freeze_behavior, use_server_calculation, goal_history, created_us,
                                     schedule, week_start, title, group_name, position,
                                     target_kind, target_amount, target_period, unit, start_day, day_value)
                VALUES (\(userId), \(configuration.streakKey), \(configuration.eventsRequiredPerDay), \(configuration.leewayHours),
                        \(configuration.freezeBehavior.word), \(configuration.useServerCalculation), \(goals), \(created),
                        \(configuration.schedule.text), \(configuration.weekStart.rawValue), \(configuration.title),
                        \(configuration.group), \(configuration.position),
                        \(measure.kindText), \(measure.amountText)::numeric, \(measure.periodText), \(measure.unit), \(measure.startDayText)::date,
                        \(measure.dayValueText))
                RETURNING id
            )
            INSERT INTO streak_summaries (user_id, streak_id, history, current_streak, longest_streak, live_events, revision, updated_us)
            SELECT \(userId), id, \(history), 0, 0, 0, 0, \(created) FROM streak
            RETURNING streak_id
            """,
            logger: PostgresSession.logger
        )
        guard let id = try await rows.collect().first?.decode(Int64.self) else {
            throw PostgresStoreError.unreadable(location.redacted, what: "the id of the new streak '\(configuration.streakKey)'")
        }
        return StreakRow(id: id, userId: userId, configuration: configuration, goalHistory: goalHistory, archived: false)
    }

    static func saveSettings(_ context: WriteContext) async throws {
        let configuration = context.row.configuration
        let measure = PostgresMeasure(configuration)
        let goals = json(context.row.goalHistory)
        try await context.connection.query(
            """
            UPDATE streaks SET streak_key = \(configuration.streakKey), events_required_per_day = \(configuration.eventsRequiredPerDay),
                leeway_hours = \(configuration.leewayHours), freeze_behavior = \(configuration.freezeBehavior.word),
                use_server_calculation = \(configuration.useServerCalculation), goal_history = \(goals), archived = \(context.row.archived),
                schedule = \(configuration.schedule.text), week_start = \(configuration.weekStart.rawValue), title = \(configuration.title),
                group_name = \(configuration.group), position = \(configuration.position),
                target_kind = \(measure.kindText), target_amount = \(measure.amountText)::numeric, target_period = \(measure.periodText),
                unit = \(measure.unit), start_day = \(measure.startDayText)::date, day_value = \(measure.dayValueText)
            WHERE user_id = \(context.userId) AND id = \(context.row.id)
            """,
            logger: PostgresSession.logger
        )
    }

    /// Inserts events whose ids the streak lacks, in order; returns the ones inserted.
    static func insert(_ events: [StreakEvent], in context: WriteContext) async throws -> [StreakEvent] {
        if events.allSatisfy({ context.announcedIds.contains($0.id) }) {
            // Checked with the write's state: inserted by its finishing statement.
            var added: [StreakEvent] = []
            for event in events where context.heldIds.insert(event.id).inserted {
                added.append(event)
                context.history.add(event)
            }
            context.pendingEvents += added
            return added
        }
        try await flushPendingEvents(in: context)
        var added: [StreakEvent] = []
        for start in stride(from: 0, to: events.count, by: 20_000) {
            let chunk = Array(events[start..<min(start + 20_000, events.count)])
            var query = try insertion(chunk, in: context)
            query.sql += " RETURNING event_id"
            let rows = try await context.connection.query(query, logger: PostgresSession.logger)
            var inserted = Set<String>()
            for try await id in rows.decode(String.self) { inserted.insert(id) }
            for event in chunk where inserted.remove(event.id) != nil {
                added.append(event)
                context.history.add(event)
            }
        }
        return added
    }

    /// Inserts the events waiting for the finishing statement now (an insert of ids not
    /// checked beforehand follows them, and keeps their order).
    static func flushPendingEvents(in context: WriteContext) async throws {
        guard !context.pendingEvents.isEmpty else { return }
        let pending = context.pendingEvents
        context.pendingEvents = []
        try await context.connection.query(try insertion(pending, in: context), logger: PostgresSession.logger)
    }

    /// The insert of `events` into the context's streak, in order, skipping ids it holds.
    static func insertion(_ events: [StreakEvent], in context: WriteContext) throws -> PostgresQuery {
        var binds = try EventInsertion.bindings(events, userId: context.userId, streakId: context.row.id)
        EventInsertion.appendAmounts(of: events, to: &binds)
        return PostgresQuery(unsafeSQL: EventInsertion.sql(), binds: binds)
    }

    /// Marks an event removed (kept, not deleted) and takes it out of the running history.
    static func markRemoved(_ event: StreakEvent, in context: WriteContext, using store: PostgresStreakStore) async throws {
        try await context.connection.query(
            "UPDATE streak_events SET removed_us = \(context.nowMicros) WHERE user_id = \(context.userId) AND streak_id = \(context.row.id) AND event_id = \(event.id)",
            logger: PostgresSession.logger
        )
        if !context.history.remove(event) {
            context.history = StreakHistory(
                events: try await store.liveEvents(context.connection, of: context.row), leeway: context.history.leeway
            )
        }
    }

    /// Records auto- or manually-consumed freezes: their freeze events and their use.
    static func record(_ consumptions: [FreezeConsumption], in context: WriteContext) async throws {
        context.freezes = nil
        _ = try await insert(consumptions.map(\.freezeEvent), in: context)
        for consumption in consumptions {
            try await context.connection.query(
                """
                UPDATE streak_freezes SET used_us = \(Int64(consumption.date.microsecondsSince1970))
                WHERE user_id = \(context.userId) AND streak_id = \(context.row.id) AND freeze_id = \(consumption.freezeId) AND used_us IS NULL
                """,
                logger: PostgresSession.logger
            )
        }
    }

    /// Ends a write in one statement, if the summary's revision is still the one the write
    /// read (else nothing of it is applied, and it returns false): the events waiting for it,
    /// the new history and the write's evaluation for readers until it stops holding, the
    /// write's result under its operation id (the user's records older than a day
    /// forgotten), and the notification listeners get on commit.
    func finish<Output: Codable & Sendable>(_ context: WriteContext, _ written: Written<Output>, _ plan: WritePlan) async throws -> Bool {
        let evaluation = written.evaluation
        let evaluationJSON = Self.json(evaluation)
        let pending = context.pendingEvents
        var binds = try EventInsertion.bindings(pending, userId: context.userId, streakId: context.row.id)
        context.pendingEvents = []
        // The settled days travel with the history (rule 4a: the next write settles only the days closed since).
        context.history.settled = evaluation.settledCheckpoint
        binds.append(Self.json(context.history))
        binds.append(evaluation.streak.currentStreak ?? 0)
        binds.append(evaluation.streak.longestStreak ?? 0)
        binds.append(context.history.regularCount)
        binds.append(context.nowMicros)
        binds.append(evaluationJSON)
        binds.append(Int64(evaluation.validUntil(now: context.now, timezone: plan.timezone).microsecondsSince1970))
        binds.append(context.revision)
        binds.append(Int64(context.now.addingTimeInterval(-Self.operationsKept).microsecondsSince1970))
        binds.append(plan.operation)
        binds.append(RecordedWrite<Output>.json(output: written.output, evaluationJSON: evaluationJSON))
        binds.append(PostgresWatchers.payload(key: plan.key, writerId: watchers.writerId))
        EventInsertion.appendAmounts(of: pending, to: &binds)
        let finished = try await expiringNow()
            ? ReusedStatements.rows(ExpiringFinishStatement(binds: binds), on: context.finishing)
            : ReusedStatements.rows(FinishStatement(binds: binds), on: context.finishing)
        guard finished.count == 1 else { return false }
        StoreOperation.current?.noteRevision(streakKey: plan.key, before: context.revision, after: context.revision + 1)
        return true
    }

    /// Whether this write also forgets the user's operation records older than a day: a
    /// store's first write and every `expiryInterval`th after it (each `streaks` command is
    /// a first write). Not every write: the statement that deletes is planned for each run
    /// (its generic plan looks expensive to PostgreSQL), the one that does not is planned
    /// once per connection, which is a third of the server's work in a busy writer.
    private func expiringNow() -> Bool {
        writesSinceExpiry.withLock { count in
            defer { count = (count + 1) % Self.expiryInterval }
            return count == 0
        }
    }

    static let expiryInterval = 100

    /// Ends a write (see `finish`): $1-$8 the events waiting for it (`EventInsertion`), then
    /// the summary's history, current and longest streak, live events, now, the evaluation,
    /// how long it holds and the revision read; the age of records to forget (used by
    /// `ExpiringFinishStatement` alone); the operation id and its recorded result; the
    /// notification's payload; the events' amounts ($21).
    struct FinishStatement: PostgresPreparedStatement {
        static let name = "streaks_finish_write"
        static let sql = finishSQL(expiring: false)
        let binds: PostgresBindings

        func makeBindings() throws -> PostgresBindings { binds }
        func decodeRow(_ row: PostgresRow) throws -> String? { try row.decode(String?.self) }
    }

    /// `FinishStatement` that also forgets the user's operation records older than $17 and
    /// empties the user's trash of what expired.
    struct ExpiringFinishStatement: PostgresPreparedStatement {
        static let name = "streaks_finish_write_expiring"
        static let sql = finishSQL(expiring: true)
        let binds: PostgresBindings

        func makeBindings() throws -> PostgresBindings { binds }
        func decodeRow(_ row: PostgresRow) throws -> String? { try row.decode(String?.self) }
    }

    private static func finishSQL(expiring: Bool) -> String {
        // Also empties the trash of streaks deleted more than `TrashedStreak.keptFor` ago.
        let expiry = """
            ), expired AS (
                DELETE FROM streak_operations WHERE user_id = $1 AND recorded_us < $17 AND EXISTS (SELECT FROM summary)
            ), emptied AS (
                DELETE FROM streaks WHERE user_id = $1 AND deleted_us <= $13 - \(Int64(TrashedStreak.keptFor * 1_000_000)) AND EXISTS (SELECT FROM summary)
            """
        return """
            WITH summary AS (
                UPDATE streak_summaries SET history = $9, current_streak = $10, longest_streak = $11, live_events = $12,
                    revision = revision + 1, updated_us = $13, evaluation = $14, calculated_us = $13, valid_until_us = $15
                WHERE user_id = $1 AND streak_id = $2 AND revision = $16
                RETURNING revision
            ), inserted AS (\(EventInsertion.sql(gate: "summary", amounts: 21))
            \(expiring ? expiry : "")), recorded AS (
                INSERT INTO streak_operations (user_id, operation_id, result, recorded_us)
                SELECT $1, $18, $19, $13 FROM summary
            )
            SELECT pg_notify((SELECT channel FROM streak_channels WHERE user_id = $1), $20)::text FROM summary
            """
    }

    /// Tells the user's listeners, on commit, that `key` changed. The channel is the user's
    /// own random name, kept in a row only that user reads: any role may LISTEN on any
    /// channel, so a guessable one would tell others when someone logs.
    static func notify(_ connection: PostgresConnection, userId: String, key: String, writerId: String) async throws {
        let payload = PostgresWatchers.payload(key: key, writerId: writerId)
        try await connection.query(
            "SELECT pg_notify((SELECT channel FROM streak_channels WHERE user_id = \(userId)), \(payload))", logger: PostgresSession.logger
        )
    }
}

/// The output of a write that hands back only its evaluation.
struct NoOutput: Codable, Sendable {}
