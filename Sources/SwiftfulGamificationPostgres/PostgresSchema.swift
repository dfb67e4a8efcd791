import PostgresNIO

/// The tables, created and migrated by the store itself: numbered migrations, each in its
/// own transaction under one advisory lock, so processes starting together apply each once.
///
/// Every table carries `user_id` and is under row-level security: a role sees, changes and
/// is notified about only the rows whose `user_id` is its own name (a role with BYPASSRLS,
/// an app backend, serves many users by id). Tables are granted to PUBLIC; the policies do
/// the guarding, for the tables' owner too (FORCE).
enum PostgresSchema {
    /// `pg_advisory_xact_lock` key of migrations (any constant other programs do not use).
    static let migrationLock: Int64 = 0x5354_5245_414B_5301

    static let migrations: [[String]] = [
        // 1: streaks, events, freezes, summaries, notification channels.
        [
            """
            CREATE TABLE streaks (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                user_id text NOT NULL DEFAULT current_user,
                streak_key text NOT NULL,
                events_required_per_day integer NOT NULL,
                leeway_hours integer NOT NULL,
                freeze_behavior text NOT NULL,
                use_server_calculation boolean NOT NULL,
                goal_history text NOT NULL,
                archived boolean NOT NULL DEFAULT false,
                created_us bigint NOT NULL,
                UNIQUE (user_id, streak_key)
            )
            """,
            """
            CREATE TABLE streak_events (
                user_id text NOT NULL DEFAULT current_user,
                streak_id bigint NOT NULL REFERENCES streaks (id) ON DELETE CASCADE,
                event_id text NOT NULL,
                seq bigint GENERATED ALWAYS AS IDENTITY,
                date_us bigint NOT NULL,
                timezone text NOT NULL,
                is_freeze boolean NOT NULL,
                freeze_id text,
                metadata text NOT NULL,
                removed_us bigint,
                PRIMARY KEY (streak_id, event_id)
            )
            """,
            "CREATE INDEX streak_events_live ON streak_events (streak_id, seq) WHERE removed_us IS NULL",
            "CREATE INDEX streak_events_by_date ON streak_events (streak_id, date_us) WHERE removed_us IS NULL AND NOT is_freeze",
            """
            CREATE TABLE streak_freezes (
                user_id text NOT NULL DEFAULT current_user,
                streak_id bigint NOT NULL REFERENCES streaks (id) ON DELETE CASCADE,
                freeze_id text NOT NULL,
                seq bigint GENERATED ALWAYS AS IDENTITY,
                earned_us bigint,
                expires_us bigint,
                used_us bigint,
                removed_us bigint,
                PRIMARY KEY (streak_id, freeze_id)
            )
            """,
            """
            CREATE TABLE streak_summaries (
                user_id text NOT NULL DEFAULT current_user,
                streak_id bigint PRIMARY KEY REFERENCES streaks (id) ON DELETE CASCADE,
                history text NOT NULL,
                current_streak integer NOT NULL,
                longest_streak integer NOT NULL,
                live_events bigint NOT NULL,
                revision bigint NOT NULL,
                updated_us bigint NOT NULL,
                evaluation text,
                calculated_us bigint,
                valid_until_us bigint
            )
            """,
            """
            CREATE TABLE streak_channels (
                user_id text PRIMARY KEY DEFAULT current_user,
                channel text NOT NULL UNIQUE
            )
            """,
        ] + ["streaks", "streak_events", "streak_freezes", "streak_summaries", "streak_channels"].flatMap { table in
            [
                "ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY",
                "ALTER TABLE \(table) FORCE ROW LEVEL SECURITY",
                "CREATE POLICY own_rows ON \(table) USING (user_id = current_user) WITH CHECK (user_id = current_user)",
                "GRANT SELECT, INSERT, UPDATE, DELETE ON \(table) TO PUBLIC",
            ]
        },
    ]

    static var latest: Int { migrations.count }

    /// Applies the migrations the database lacks. Cheap when it is current: one read.
    static func migrate(_ connection: PostgresConnection, location: PostgresLocation) async throws {
        let logger = PostgresSession.logger
        if let current = try await appliedVersion(connection), current >= latest {
            if current > latest { throw PostgresStoreError.newerSchema(location.redacted, version: current, known: latest) }
            return
        }
        for (index, statements) in migrations.enumerated() {
            let version = index + 1
            try await connection.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
                try await connection.query(
                    "CREATE TABLE IF NOT EXISTS streak_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
                    logger: logger
                )
                try await connection.query("GRANT SELECT ON streak_schema TO PUBLIC", logger: logger)
                let applied = try await appliedVersion(connection) ?? 0
                guard applied < version else { return }
                for statement in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query("INSERT INTO streak_schema (version) VALUES (\(version))", logger: logger)
            }
        }
    }

    /// The highest migration applied, or nil when the schema table does not exist yet.
    static func appliedVersion(_ connection: PostgresConnection) async throws -> Int? {
        let exists = try await connection.query("SELECT to_regclass('streak_schema') IS NOT NULL", logger: PostgresSession.logger)
        for try await (present) in exists.decode(Bool.self) where !present { return nil }
        let rows = try await connection.query("SELECT coalesce(max(version), 0) FROM streak_schema", logger: PostgresSession.logger)
        for try await (version) in rows.decode(Int.self) { return version }
        return 0
    }
}
