import Foundation
import PostgresNIO
import StreakStoreKit
import SwiftfulGamification

/// Experience points, progress and the points settings in PostgreSQL, under row-level
/// security like every other table. Each write is one statement: it is applied whole or not
/// at all, notifies the user's channel when it changed something, and is safe to repeat. An
/// event's id is stored once, a progress value never goes down (the comparison is inside
/// the upsert, so concurrent writers cannot lower it), and the writes that report what they
/// did (adding events, deleting all of them) record that under an operation id, so a retry
/// of one whose COMMIT reply was lost answers as the first did.
extension PostgresStreakStore: RevisionedPointsStore {
    private static func payload(_ kind: String, _ key: String) -> String {
        PostgresWatchers.pointsMark + kind + "\u{1F}" + key
    }

    private static func json(_ metadata: [String: GamificationDictionaryValue]) throws -> String {
        String(decoding: try JSONEncoder().encode(metadata), as: UTF8.self)
    }

    private static func metadata(_ text: String) -> [String: GamificationDictionaryValue] {
        (try? JSONDecoder().decode([String: GamificationDictionaryValue].self, from: Data(text.utf8))) ?? [:]
    }

    // MARK: - Experience points

    public func experienceEvents(userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try StreakValidation.validateUserId(userId)
        try StreakValidation.validateLedgerKey(experienceKey)
        return try await session.run(as: userId) { connection in try await Self.experienceEvents(connection, userId: userId, experienceKey: experienceKey) }
    }

    /// The earnings of `streakKeys` alone: the rows whose id's second part is one of the keys
    /// (`day.KEY.DATE`, `milestone.KEY...`), not every streak's.
    public func streakEarnings(userId: String, streakKeys: Set<String>) async throws -> [ExperiencePointsEvent] {
        try StreakValidation.validateUserId(userId)
        let keys = streakKeys.sorted()
        return try await session.run(as: userId) { connection in
            try await Self.events(connection, connection.query(
                """
                SELECT event_id, date_us, points, timezone, metadata FROM experience_events
                WHERE user_id = \(userId) AND experience_key = \(StreakPoints.experienceKey)
                AND split_part(event_id, '.', 2) = ANY(\(keys)) ORDER BY seq
                """,
                logger: PostgresSession.logger
            ))
        }.filter { StreakPoints.earningStreakKey(of: $0.id).map(streakKeys.contains) ?? false }
    }

    private static func experienceEvents(_ connection: PostgresConnection, userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try await events(connection, connection.query(
            """
            SELECT event_id, date_us, points, timezone, metadata FROM experience_events
            WHERE user_id = \(userId) AND experience_key = \(experienceKey) ORDER BY seq
            """,
            logger: PostgresSession.logger
        ))
    }

    private static func events(_ connection: PostgresConnection, _ rows: PostgresRowSequence) async throws -> [ExperiencePointsEvent] {
        var events: [ExperiencePointsEvent] = []
        for try await (id, micros, points, zone, metadata) in rows.decode((String, Int64, Int, String?, String).self) {
            events.append(ExperiencePointsEvent(
                id: id, dateCreated: Date(microseconds: Int(micros)), points: points, metadata: Self.metadata(metadata), timezone: zone
            ))
        }
        return events
    }

    /// Inside the transaction that moves a streak from `old` to `new` (a rename, a restore
    /// under another key): its earnings and its own points settings go with it, committed
    /// with the move or not at all (`StreakPoints.earningsMove`). The settings row is locked
    /// first, so settings changed meanwhile are moved too.
    static func moveEarnings(_ connection: PostgresConnection, userId: String, from old: String, to new: String, now: Date, timezone: TimeZone) async throws {
        try await updateSettings(connection, userId: userId) { settings in
            let recorded = try await experienceEvents(connection, userId: userId, experienceKey: StreakPoints.experienceKey)
            let move = StreakPoints.earningsMove(from: old, to: new, recorded: recorded, settings: settings, now: now, timezone: timezone)
            guard !move.events.isEmpty else { return move.settings }
            let events = move.events
            let ids = events.map(\.id), dates = events.map { Int64($0.dateCreated.microsecondsSince1970) }
            let points = events.map(\.points), zones = events.map { $0.timezone ?? "" }, metadata = try events.map { try Self.json($0.metadata) }
            let experienceKey = StreakPoints.experienceKey
            try await connection.query(
                """
                WITH added AS (
                    INSERT INTO experience_events (user_id, experience_key, event_id, date_us, points, timezone, metadata)
                    SELECT \(userId), \(experienceKey), e.id, e.date_us, e.points, nullif(e.zone, ''), e.metadata
                    FROM unnest(\(ids)::text[], \(dates)::bigint[], \(points)::integer[], \(zones)::text[], \(metadata)::text[])
                        WITH ORDINALITY AS e(id, date_us, points, zone, metadata, n)
                    ORDER BY e.n
                    ON CONFLICT (user_id, experience_key, event_id) DO NOTHING
                    RETURNING event_id
                ), notified AS (
                    SELECT pg_notify(channel, \(Self.payload("xp", experienceKey))) FROM streak_channels
                    WHERE user_id = \(userId) AND EXISTS (SELECT 1 FROM added)
                )
                SELECT (SELECT count(*) FROM notified)
                """,
                logger: PostgresSession.logger
            )
            return move.settings
        }
    }

    @discardableResult
    public func addExperienceEvents(_ events: [ExperiencePointsEvent], userId: String, experienceKey: String) async throws -> [ExperiencePointsEvent] {
        try StreakValidation.validateUserId(userId)
        try StreakValidation.validateLedgerKey(experienceKey)
        for event in events { try event.validateForStore() }
        guard !events.isEmpty else { return [] }
        let operation = StoreOperation.current?.nextWriteId() ?? UUID().uuidString
        let now = Int64(Date().microsecondsSince1970)
        let payload = Self.payload("xp", experienceKey)
        let ids = events.map(\.id), dates = events.map { Int64($0.dateCreated.microsecondsSince1970) }
        let points = events.map(\.points), zones = events.map { $0.timezone ?? "" }, metadata = try events.map { try Self.json($0.metadata) }
        let added: String = try await session.run(as: userId) { connection in
            let rows = try await connection.query(
                """
                WITH prior AS (
                    SELECT result FROM streak_operations WHERE user_id = \(userId) AND operation_id = \(operation)
                ), added AS (
                    INSERT INTO experience_events (user_id, experience_key, event_id, date_us, points, timezone, metadata)
                    SELECT \(userId), \(experienceKey), e.id, e.date_us, e.points, nullif(e.zone, ''), e.metadata
                    FROM unnest(\(ids)::text[], \(dates)::bigint[], \(points)::integer[], \(zones)::text[], \(metadata)::text[])
                        WITH ORDINALITY AS e(id, date_us, points, zone, metadata, n)
                    WHERE NOT EXISTS (SELECT 1 FROM prior)
                    ORDER BY e.n
                    ON CONFLICT (user_id, experience_key, event_id) DO NOTHING
                    RETURNING event_id
                ), recorded AS (
                    INSERT INTO streak_operations (user_id, operation_id, result, recorded_us)
                    SELECT \(userId), \(operation), coalesce((SELECT string_agg(event_id, E'\\n') FROM added), ''), \(now)
                    WHERE NOT EXISTS (SELECT 1 FROM prior)
                    RETURNING result
                ), notified AS (
                    SELECT pg_notify(channel, \(payload)) FROM streak_channels WHERE user_id = \(userId) AND EXISTS (SELECT 1 FROM added)
                )
                SELECT coalesce((SELECT result FROM prior), (SELECT result FROM recorded), ''), (SELECT count(*) FROM notified)
                """,
                logger: PostgresSession.logger
            )
            for try await (result, _) in rows.decode((String, Int64).self) { return result }
            return ""
        }
        let addedIds = Set(added.split(separator: "\n").map(String.init))
        return events.filter { addedIds.contains($0.id) }
    }

    public func deleteAllExperienceEvents(userId: String, experienceKey: String, now: Date) async throws {
        try StreakValidation.validateUserId(userId)
        try StreakValidation.validateLedgerKey(experienceKey)
        let operation = StoreOperation.current?.nextWriteId() ?? UUID().uuidString
        let micros = Int64(now.microsecondsSince1970)
        let payload = Self.payload("xp", experienceKey)
        _ = try await session.run(as: userId) { connection in
            try await connection.query(
                """
                WITH prior AS (
                    SELECT result FROM streak_operations WHERE user_id = \(userId) AND operation_id = \(operation)
                ), deleted AS (
                    DELETE FROM experience_events WHERE user_id = \(userId) AND experience_key = \(experienceKey) AND NOT EXISTS (SELECT 1 FROM prior)
                    RETURNING event_id
                ), recorded AS (
                    INSERT INTO streak_operations (user_id, operation_id, result, recorded_us)
                    SELECT \(userId), \(operation), 'cleared', \(micros) WHERE NOT EXISTS (SELECT 1 FROM prior)
                    RETURNING result
                ), notified AS (
                    SELECT pg_notify(channel, \(payload)) FROM streak_channels WHERE user_id = \(userId) AND EXISTS (SELECT 1 FROM deleted)
                )
                SELECT (SELECT count(*) FROM recorded), (SELECT count(*) FROM notified)
                """,
                logger: PostgresSession.logger
            )
        }
    }

    public func watchExperience(userId: String, experienceKey: String) -> AsyncThrowingStream<Void, any Error> {
        watchPoints(userId: userId) { [payload = Self.payload("xp", experienceKey)] in $0 == payload }
    }

    // MARK: - Progress

    public func progressItems(userId: String, progressKey: String) async throws -> [ProgressItem] {
        try StreakValidation.validateUserId(userId)
        try StreakValidation.validateLedgerKey(progressKey)
        return try await session.run(as: userId) { connection in
            let rows = try await connection.query(
                """
                SELECT raw_id, value, created_us, modified_us, metadata FROM progress_items
                WHERE user_id = \(userId) AND progress_key = \(progressKey) ORDER BY item_id
                """,
                logger: PostgresSession.logger
            )
            return try await Self.items(rows, progressKey: progressKey)
        }
    }

    private static func items(_ rows: PostgresRowSequence, progressKey: String) async throws -> [ProgressItem] {
        var items: [ProgressItem] = []
        for try await (id, value, created, modified, metadata) in rows.decode((String, Double, Int64, Int64, String).self) {
            items.append(ProgressItem(
                id: id, progressKey: progressKey, value: value, dateCreated: Date(microseconds: Int(created)),
                dateModified: Date(microseconds: Int(modified)), metadata: Self.metadata(metadata)
            ))
        }
        return items
    }

    @discardableResult
    public func saveProgress(_ item: ProgressItem, userId: String) async throws -> ProgressItem {
        try StreakValidation.validateUserId(userId)
        try item.validateForStore()
        let (key, sanitized, payload) = (item.progressKey, item.sanitizedId, Self.payload("progress", item.progressKey))
        let created = Int64(item.dateCreated.microsecondsSince1970), modified = Int64(item.dateModified.microsecondsSince1970)
        let metadata = try Self.json(item.metadata)
        let kept = try await session.run(as: userId) { connection in
            let rows = try await connection.query(
                """
                WITH saved AS (
                    -- Always the locked, current row: a lower value keeps the row as it is.
                    INSERT INTO progress_items AS p (user_id, progress_key, item_id, raw_id, value, created_us, modified_us, metadata)
                    VALUES (\(userId), \(key), \(sanitized), \(item.id), \(item.value), \(created), \(modified), \(metadata))
                    ON CONFLICT (user_id, progress_key, item_id) DO UPDATE SET
                        raw_id = CASE WHEN EXCLUDED.value >= p.value THEN EXCLUDED.raw_id ELSE p.raw_id END,
                        metadata = CASE WHEN EXCLUDED.value >= p.value THEN EXCLUDED.metadata ELSE p.metadata END,
                        modified_us = CASE WHEN EXCLUDED.value >= p.value THEN EXCLUDED.modified_us ELSE p.modified_us END,
                        value = GREATEST(p.value, EXCLUDED.value)
                    RETURNING raw_id, value, created_us, modified_us, metadata, value = \(item.value) AS changed
                ), notified AS (
                    SELECT pg_notify(channel, \(payload)) FROM streak_channels WHERE user_id = \(userId) AND EXISTS (SELECT 1 FROM saved WHERE changed)
                )
                SELECT raw_id, value, created_us, modified_us, metadata FROM saved WHERE (SELECT count(*) FROM notified) >= 0
                """,
                logger: PostgresSession.logger
            )
            return try await Self.items(rows, progressKey: key).first
        }
        return kept ?? item
    }

    public func deleteProgress(id: String?, userId: String, progressKey: String, now: Date) async throws {
        try StreakValidation.validateUserId(userId)
        try StreakValidation.validateLedgerKey(progressKey)
        let payload = Self.payload("progress", progressKey)
        _ = try await session.run(as: userId) { connection in
            try await connection.query(
                """
                WITH deleted AS (
                    DELETE FROM progress_items WHERE user_id = \(userId) AND progress_key = \(progressKey)
                        AND (\(id)::text IS NULL OR item_id = \(id)::text)
                    RETURNING item_id
                ), notified AS (
                    SELECT pg_notify(channel, \(payload)) FROM streak_channels WHERE user_id = \(userId) AND EXISTS (SELECT 1 FROM deleted)
                )
                SELECT (SELECT count(*) FROM notified)
                """,
                logger: PostgresSession.logger
            )
        }
    }

    public func watchProgress(userId: String, progressKey: String) -> AsyncThrowingStream<Void, any Error> {
        watchPoints(userId: userId) { [payload = Self.payload("progress", progressKey)] in $0 == payload }
    }

    public func experienceKeys(userId: String) async throws -> [String] {
        try await keys("SELECT DISTINCT experience_key FROM experience_events WHERE user_id = ", userId: userId)
    }

    public func progressKeys(userId: String) async throws -> [String] {
        try await keys("SELECT DISTINCT progress_key FROM progress_items WHERE user_id = ", userId: userId)
    }

    private func keys(_ select: StaticString, userId: String) async throws -> [String] {
        try StreakValidation.validateUserId(userId)
        return try await session.run(as: userId) { connection in
            var query = PostgresQuery(unsafeSQL: "\(select)$1")
            query.binds.append(userId)
            var keys: [String] = []
            for try await key in try await connection.query(query, logger: PostgresSession.logger).decode(String.self) { keys.append(key) }
            return keys.sorted()
        }
    }

    // MARK: - Settings

    public func pointsSettings(userId: String) async throws -> StreakPointsSettings {
        try StreakValidation.validateUserId(userId)
        let text: String? = try await session.run(as: userId) { connection in
            let rows = try await connection.query("SELECT settings FROM points_settings WHERE user_id = \(userId)", logger: PostgresSession.logger)
            for try await settings in rows.decode(String.self) { return settings }
            return nil
        }
        guard let text else { return StreakPointsSettings() }
        return try JSONDecoder().decode(StreakPointsSettings.self, from: Data(text.utf8))
    }

    public func setPointsSettings(_ settings: StreakPointsSettings, userId: String) async throws {
        try StreakValidation.validateUserId(userId)
        let text = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
        let payload = Self.payload("settings", "")
        _ = try await session.run(as: userId) { connection in
            try await connection.query(
                """
                WITH saved AS (
                    INSERT INTO points_settings (user_id, settings) VALUES (\(userId), \(text))
                    ON CONFLICT (user_id) DO UPDATE SET settings = EXCLUDED.settings
                    RETURNING user_id
                ), notified AS (
                    SELECT pg_notify(channel, \(payload)) FROM streak_channels WHERE user_id = \(userId) AND EXISTS (SELECT 1 FROM saved)
                )
                SELECT (SELECT count(*) FROM notified)
                """,
                logger: PostgresSession.logger
            )
        }
    }

    /// Read with the row locked (`FOR UPDATE`, the row made first when there is none), changed
    /// and written in one transaction: a concurrent change waits and is applied on top. Each
    /// change is safe to apply twice, so a retry after a lost COMMIT reply changes nothing more.
    @discardableResult
    public func updatePointsSettings(_ changes: [StreakPointsSettings.Change], userId: String) async throws
        -> (before: StreakPointsSettings, after: StreakPointsSettings) {
        try StreakValidation.validateUserId(userId)
        return try await session.transaction(as: userId) { connection in
            try await Self.updateSettings(connection, userId: userId) { $0.applying(changes) }
        }
    }

    /// In the caller's transaction: the settings read with the row locked (`FOR UPDATE`, the
    /// row made first when there is none), `change` made of them, written when it differs.
    @discardableResult
    private static func updateSettings(
        _ connection: PostgresConnection, userId: String, _ change: (StreakPointsSettings) async throws -> StreakPointsSettings
    ) async throws -> (before: StreakPointsSettings, after: StreakPointsSettings) {
        try await connection.query(
            "INSERT INTO points_settings (user_id, settings) VALUES (\(userId), '{}') ON CONFLICT (user_id) DO NOTHING", logger: PostgresSession.logger
        )
        var text = "{}"
        let rows = try await connection.query(
            "SELECT settings FROM points_settings WHERE user_id = \(userId) FOR UPDATE", logger: PostgresSession.logger
        )
        for try await settings in rows.decode(String.self) { text = settings }
        let before = try JSONDecoder().decode(StreakPointsSettings.self, from: Data(text.utf8))
        let after = try await change(before)
        if after != before {
            let written = String(decoding: try JSONEncoder().encode(after), as: UTF8.self)
            try await connection.query(
                """
                WITH saved AS (
                    UPDATE points_settings SET settings = \(written) WHERE user_id = \(userId) RETURNING user_id
                ), notified AS (
                    SELECT pg_notify(channel, \(Self.payload("settings", ""))) FROM streak_channels WHERE user_id = \(userId) AND EXISTS (SELECT 1 FROM saved)
                )
                SELECT (SELECT count(*) FROM notified)
                """,
                logger: PostgresSession.logger
            )
        }
        return (before, after)
    }

    // MARK: - Revisions

    /// Experience: the count and the last sequence number (a clear and new adds move it on);
    /// progress: a digest of every item as stored; settings: a digest of their text.
    public func pointsRevisions(userId: String) async throws -> [String: String] {
        try StreakValidation.validateUserId(userId)
        return try await session.run(as: userId) { connection in
            let rows = try await connection.query(
                """
                SELECT 'experience/' || experience_key, count(*)::text || ':' || max(seq)::text FROM experience_events
                WHERE user_id = \(userId) GROUP BY experience_key
                UNION ALL
                SELECT 'progress/' || progress_key,
                    md5(string_agg(item_id || ':' || raw_id || ':' || value::text || ':' || created_us::text || ':' || modified_us::text || ':' || metadata,
                        E'\\n' ORDER BY item_id))
                FROM progress_items WHERE user_id = \(userId) GROUP BY progress_key
                UNION ALL
                SELECT 'settings', md5(settings) FROM points_settings WHERE user_id = \(userId)
                """,
                logger: PostgresSession.logger
            )
            var revisions: [String: String] = [:]
            for try await (name, revision) in rows.decode((String, String).self) { revisions[name] = revision }
            return revisions
        }
    }

    public func watchAllPoints(userId: String) -> AsyncStream<Void> {
        let changes = watchPoints(userId: userId) { $0.hasPrefix(PostgresWatchers.pointsMark) }
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let task = Task {
            do { for try await _ in changes { continuation.yield() } } catch {}
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    // MARK: - Watching

    /// Yields now, after every (re)connection (what was missed meanwhile), and on each
    /// notification of the user's channel whose payload `matches`, until the stream ends.
    private func watchPoints(userId: String, matching matches: @escaping @Sendable (String) -> Bool) -> AsyncThrowingStream<Void, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Void, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let location = database, actsAsEachUser = session.actsAsEachUser
        let task = Task.detached {
            var delay = 0.1
            while !Task.isCancelled {
                do {
                    let (connection, channel) = try await PostgresWatchers.listening(to: userId, at: location, actingAsEachUser: actsAsEachUser)
                    defer { Task { try? await connection.close() } }
                    // A watcher let go hangs up at once, not at the next notification.
                    try await withTaskCancellationHandler {
                        try await connection.listen(on: channel) { notifications in
                            delay = 0.1
                            continuation.yield()
                            for try await notification in notifications where matches(notification.payload) {
                                continuation.yield()
                            }
                        }
                    } onCancel: {
                        connection.close().whenComplete { _ in }
                    }
                } catch {
                    if Task.isCancelled { break }
                }
                try? await Task.sleep(nanoseconds: UInt64(delay * 1e9))
                delay = min(delay * 2, 2)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
