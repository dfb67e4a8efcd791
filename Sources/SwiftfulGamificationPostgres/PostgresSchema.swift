import PostgresNIO

/// The tables, created and migrated by the store itself: numbered migrations, each in its
/// own transaction under one advisory lock, so processes starting together apply each once.
///
/// Every table carries `user_id` and is under row-level security: a role sees, changes and
/// is notified about only the rows whose `user_id` is its own name, or the user it acts as
/// (`actingUser`; a role with BYPASSRLS, an app backend, serves many users by id). A row
/// that names a streak carries the streak's owner in its key and foreign key, so it can only
/// name a streak of its own user.
/// Tables are granted to PUBLIC; the policies do the guarding, for the tables' owner too (FORCE).
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
        ] + ownedTables.flatMap(protected),
        // 2: a row that names a streak belongs to that streak's owner. Keys and foreign keys
        // include user_id, so another role can neither plant a row under someone's streak nor
        // probe which ids it holds (its row never meets theirs in a unique index). Rows
        // planted before are removed, and the summaries they touched rebuilt from the events.
        ownedTables.map { "ALTER TABLE \($0) NO FORCE ROW LEVEL SECURITY" } + ["streak_events", "streak_freezes"].map { table in
            """
            WITH planted AS (
                DELETE FROM \(table) AS child USING streaks AS s
                WHERE s.id = child.streak_id AND s.user_id <> child.user_id RETURNING child.streak_id
            )
            UPDATE streak_summaries SET history = '', evaluation = NULL, calculated_us = NULL, valid_until_us = NULL
            WHERE streak_id IN (SELECT streak_id FROM planted)
            """
        } + [
            """
            UPDATE streak_summaries AS m SET user_id = s.user_id, history = '', evaluation = NULL, calculated_us = NULL, valid_until_us = NULL
            FROM streaks AS s WHERE s.id = m.streak_id AND s.user_id <> m.user_id
            """,
            "ALTER TABLE streaks ADD CONSTRAINT streaks_id_owner UNIQUE (id, user_id)",
            "ALTER TABLE streak_events DROP CONSTRAINT streak_events_pkey, ADD PRIMARY KEY (user_id, streak_id, event_id)",
            "ALTER TABLE streak_freezes DROP CONSTRAINT streak_freezes_pkey, ADD PRIMARY KEY (user_id, streak_id, freeze_id)",
            "ALTER TABLE streak_summaries DROP CONSTRAINT streak_summaries_pkey, ADD PRIMARY KEY (user_id, streak_id)",
        ] + ["streak_events", "streak_freezes", "streak_summaries"].flatMap { table in
            [
                "ALTER TABLE \(table) DROP CONSTRAINT \(table)_streak_id_fkey",
                """
                ALTER TABLE \(table) ADD CONSTRAINT \(table)_owned FOREIGN KEY (streak_id, user_id)
                    REFERENCES streaks (id, user_id) ON DELETE CASCADE
                """,
            ]
        } + ownedTables.map { "ALTER TABLE \($0) FORCE ROW LEVEL SECURITY" },
        // 3: every write's result under its operation id, so a retry of a write whose COMMIT
        // reply was lost returns what it did instead of doing it again.
        [
            """
            CREATE TABLE streak_operations (
                user_id text NOT NULL DEFAULT current_user,
                operation_id text NOT NULL,
                result text NOT NULL,
                recorded_us bigint NOT NULL,
                PRIMARY KEY (user_id, operation_id)
            )
            """,
            "CREATE INDEX streak_operations_age ON streak_operations (user_id, recorded_us)",
        ] + protected("streak_operations"),
        // 4: schedules (rule 8; their history rides in goal_history) and skipped days (rule 9).
        [
            "ALTER TABLE streaks ADD COLUMN schedule text NOT NULL DEFAULT 'daily', ADD COLUMN week_start text NOT NULL DEFAULT 'monday'",
            """
            CREATE TABLE streak_skips (
                user_id text NOT NULL DEFAULT current_user,
                streak_id bigint NOT NULL,
                day integer NOT NULL,
                added_us bigint NOT NULL,
                PRIMARY KEY (user_id, streak_id, day),
                CONSTRAINT streak_skips_owned FOREIGN KEY (streak_id, user_id) REFERENCES streaks (id, user_id) ON DELETE CASCADE
            )
            """,
        ] + protected("streak_skips"),
        // 5: how a streak is presented: its title, its group and its place (issue 32).
        ["ALTER TABLE streaks ADD COLUMN title text, ADD COLUMN group_name text, ADD COLUMN position double precision"],
        // 6: a note per streak and calendar date (issue 31), owned like a skip.
        [
            """
            CREATE TABLE streak_notes (
                user_id text NOT NULL DEFAULT current_user,
                streak_id bigint NOT NULL,
                day integer NOT NULL,
                note text NOT NULL,
                changed_us bigint NOT NULL,
                PRIMARY KEY (user_id, streak_id, day),
                CONSTRAINT streak_notes_owned FOREIGN KEY (streak_id, user_id) REFERENCES streaks (id, user_id) ON DELETE CASCADE
            )
            """,
        ] + protected("streak_notes"),
        // 7: amounts, targets and limits (rule 10), exact to 0.001.
        [
            """
            ALTER TABLE streaks ADD COLUMN target_kind text CHECK (target_kind IN ('at_least', 'at_most', 'tracking')),
                ADD COLUMN target_amount numeric(16, 3) CHECK (target_amount >= 0 AND target_amount <= 1000000000),
                ADD COLUMN target_period text CHECK (target_period IN ('day', 'week')),
                ADD COLUMN unit text, ADD COLUMN start_day date
            """,
            "ALTER TABLE streak_events ADD COLUMN amount numeric(16, 3) CHECK (amount >= 0 AND amount <= 1000000000)",
        ],
        // 8: the trash. A deleted streak keeps its row, its key moved aside to '~ID~KEY' (no
        // key has a '~'), so the key is free at once and every lookup by key passes it by.
        ["ALTER TABLE streaks ADD COLUMN deleted_us bigint"],
        // 9: experience points, progress and the points settings (issue 37), owned like a
        // skip: a role reaches only its own rows, whoever writes plain SQL.
        [
            """
            CREATE TABLE experience_events (
                user_id text NOT NULL DEFAULT current_user,
                experience_key text NOT NULL CHECK (experience_key ~ '^[A-Za-z0-9_]{1,64}$'),
                event_id text NOT NULL CHECK (event_id <> ''),
                seq bigint GENERATED ALWAYS AS IDENTITY,
                date_us bigint NOT NULL,
                points integer NOT NULL,
                timezone text,
                metadata text NOT NULL,
                PRIMARY KEY (user_id, experience_key, event_id)
            )
            """,
            "CREATE INDEX experience_events_order ON experience_events (user_id, experience_key, seq)",
            """
            CREATE TABLE progress_items (
                user_id text NOT NULL DEFAULT current_user,
                progress_key text NOT NULL CHECK (progress_key ~ '^[A-Za-z0-9_]{1,64}$'),
                item_id text NOT NULL CHECK (item_id <> ''),
                raw_id text NOT NULL,
                value double precision NOT NULL CHECK (value >= 0 AND value <= 1),
                created_us bigint NOT NULL,
                modified_us bigint NOT NULL,
                metadata text NOT NULL,
                PRIMARY KEY (user_id, progress_key, item_id)
            )
            """,
            """
            CREATE TABLE points_settings (
                user_id text PRIMARY KEY DEFAULT current_user,
                settings text NOT NULL
            )
            """,
        ] + ["experience_events", "progress_items", "points_settings"].flatMap(protected),
        // 10: amounts a month (rule 12). Rolling and monthly schedules ride in `schedule`'s
        // text; a binary older than this migration refuses the database (newerSchema) rather
        // than misread a schedule it does not know.
        [
            """
            ALTER TABLE streaks DROP CONSTRAINT streaks_target_period_check,
                ADD CONSTRAINT streaks_target_period_check CHECK (target_period IN ('day', 'week', 'month'))
            """,
        ],
        // 11: a tracking-only streak's day value (rule 13); NULL sums, as before. Evaluations
        // cached before it drew logged days as rest days: every user's is calculated again.
        [
            "ALTER TABLE streaks ADD COLUMN day_value text CHECK (day_value IN ('last', 'mean', 'min', 'max'))",
            "ALTER TABLE streak_summaries NO FORCE ROW LEVEL SECURITY",
            "UPDATE streak_summaries SET evaluation = NULL, calculated_us = NULL, valid_until_us = NULL",
            "ALTER TABLE streak_summaries FORCE ROW LEVEL SECURITY",
        ],
        // 12: the streak server's bearer tokens (issue 51): the SHA-256 of each secret, never
        // the secret. A role reaches its own tokens; the server finds a presented token's
        // user through `streak_server_token`, which runs as the tables' owner (so RLS is
        // enabled here, not forced) and answers only for an id it is given. A token is
        // never changed, only deleted (revoked).
        [
            """
            CREATE TABLE streak_server_tokens (
                token_id text PRIMARY KEY CHECK (token_id ~ '^[0-9a-f]{12}$'),
                user_id text NOT NULL DEFAULT current_user,
                name text NOT NULL CHECK (length(name) <= 80),
                secret_sha256 text NOT NULL CHECK (secret_sha256 ~ '^[0-9a-f]{64}$'),
                created_us bigint NOT NULL
            )
            """,
            "ALTER TABLE streak_server_tokens ENABLE ROW LEVEL SECURITY",
            "CREATE POLICY own_rows ON streak_server_tokens USING (user_id = current_user) WITH CHECK (user_id = current_user)",
            "GRANT SELECT, INSERT, DELETE ON streak_server_tokens TO PUBLIC",
            """
            CREATE FUNCTION streak_server_token(wanted text) RETURNS TABLE (user_id text, secret_sha256 text)
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS 'SELECT t.user_id, t.secret_sha256 FROM streak_server_tokens t WHERE t.token_id = wanted'
            """,
        ],
        // 13: a login acting as many users (the server) names the user in a setting,
        // `streaks.user`, instead of taking the user's role: PostgreSQL plans a statement
        // under row-level security again whenever the role changes, and a server switching
        // among hundreds of users spent most of each request planning. See `actingUser`; the
        // privilege it asks depends on the server's version, so the policies are made in a
        // block that reads it.
        [
            """
            DO $$
            DECLARE
                acting text := pg_catalog.format(\(literal(actingUser)), \(actingPrivilegeSQL));
                policed text;
            BEGIN
                FOREACH policed IN ARRAY ARRAY[\(policedTables.map(literal).joined(separator: ", "))] LOOP
                    EXECUTE pg_catalog.format('DROP POLICY own_rows ON %I', policed);
                    EXECUTE pg_catalog.format('CREATE POLICY own_rows ON %I USING (user_id = %s) WITH CHECK (user_id = %s)', policed, acting, acting);
                END LOOP;
            END
            $$
            """,
        ],
        // 14: the token lookup of every server request, in PL/pgSQL, which keeps its query's
        // plan for the session; a SQL function planned it again at each call. And a summary's
        // history and evaluation (tens of KB, rewritten by every write) compressed with LZ4
        // where the server has it: pglz took an eighth of PostgreSQL's time under a server's
        // writes. Values already stored keep their compression until rewritten.
        [
            """
            DO $$
            BEGIN
                ALTER TABLE streak_summaries ALTER COLUMN history SET COMPRESSION lz4, ALTER COLUMN evaluation SET COMPRESSION lz4;
            EXCEPTION WHEN feature_not_supported OR syntax_error THEN
                -- A server without LZ4, or before PostgreSQL 14 (no SET COMPRESSION): pglz stays.
                NULL;
            END
            $$
            """,
            """
            CREATE OR REPLACE FUNCTION streak_server_token(wanted text) RETURNS TABLE (user_id text, secret_sha256 text)
            LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path FROM CURRENT
            AS $$
            BEGIN
                RETURN QUERY SELECT t.user_id, t.secret_sha256 FROM streak_server_tokens t WHERE t.token_id = wanted;
            END
            $$
            """,
        ],
        // 15: a server's read of one streak (`GET /v1/streaks/{key}`) in one statement: the
        // token's user and stored hash; when the presented secret's hash is the stored one and
        // the login may act as that user, the user named (as the token lookup names them) and,
        // under row-level security as that user, the streak's stored evaluation. Invoker's
        // rights: the read is the caller's own, after the naming, which only PL/pgSQL orders.
        [
            """
            CREATE FUNCTION streak_token_evaluation(wanted text, presented_sha256 text, wanted_key text, privilege text)
            RETURNS TABLE (token_user text, token_sha256 text, named boolean, found_id bigint, found_evaluation text, found_calculated_us bigint,
                           found_valid_until_us bigint)
            LANGUAGE plpgsql VOLATILE SET search_path FROM CURRENT
            AS $$
            DECLARE
                token record;
            BEGIN
                SELECT t.user_id, t.secret_sha256 INTO token FROM streak_server_token(wanted) AS t;
                IF NOT FOUND THEN
                    RETURN;
                END IF;
                token_user := token.user_id;
                token_sha256 := token.secret_sha256;
                named := token.secret_sha256 = presented_sha256
                    AND coalesce(pg_catalog.pg_has_role(current_user, pg_catalog.to_regrole(pg_catalog.quote_ident(token.user_id)), privilege), false);
                IF named THEN
                    PERFORM pg_catalog.set_config('streaks.user', token.user_id, false);
                    SELECT s.id, m.evaluation, m.calculated_us, m.valid_until_us
                    INTO found_id, found_evaluation, found_calculated_us, found_valid_until_us
                    FROM streaks AS s JOIN streak_summaries AS m ON m.user_id = s.user_id AND m.streak_id = s.id
                    WHERE s.user_id = token.user_id AND s.streak_key = wanted_key AND s.deleted_us IS NULL;
                END IF;
                RETURN NEXT;
            END
            $$
            """,
        ],
    ]

    /// The tables row-level security guards, as migration 1 made them.
    static let ownedTables = ["streaks", "streak_events", "streak_freezes", "streak_summaries", "streak_channels"]

    /// The user a statement acts for, as the policies since migration 13 see it: the role's
    /// own name, or the user named in `streaks.user` when the role may take that user's role
    /// (`actingPrivilegeSQL`: what SET ROLE asks, so nobody reaches a row they could not reach
    /// before); NULL, which matches no row, when it may not, and an error when no such role
    /// exists. Written into each policy rather than a function: a policy is parsed once,
    /// when it is made, every function in it pg_catalog's (a function another role planted in
    /// the search_path with a closer match must not stand in for one); and as a subquery it
    /// is worked out once per statement, not per row. `%L` is the privilege, filled in when
    /// the policies are made.
    static let actingUser = """
        (SELECT CASE WHEN coalesce(pg_catalog.current_setting('streaks.user', true), '') = '' THEN current_user::text \
        WHEN pg_catalog.pg_has_role(current_user, pg_catalog.current_setting('streaks.user', true)::pg_catalog.name, %L) \
        THEN pg_catalog.current_setting('streaks.user', true) END)
        """

    /// `text` as an SQL string literal.
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// The privilege of a user's role that lets another role act as that user, for the server
    /// the statement runs on: up to PostgreSQL 15 any member may SET ROLE to it; from 16 a
    /// membership may be granted without SET, and only `SET` says whether SET ROLE is allowed.
    static let actingPrivilegeSQL = "CASE WHEN pg_catalog.current_setting('server_version_num')::int >= 160000 THEN 'SET' ELSE 'MEMBER' END"

    /// Every table under a row-level security policy (`own_rows`).
    static let policedTables = ownedTables + [
        "streak_operations", "streak_skips", "streak_notes", "experience_events", "progress_items", "points_settings", "streak_server_tokens",
    ]

    /// Row-level security on `table`: a role reaches only rows in its own name.
    static func protected(_ table: String) -> [String] {
        [
            "ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE \(table) FORCE ROW LEVEL SECURITY",
            "CREATE POLICY own_rows ON \(table) USING (user_id = current_user) WITH CHECK (user_id = current_user)",
            "GRANT SELECT, INSERT, UPDATE, DELETE ON \(table) TO PUBLIC",
        ]
    }

    static var latest: Int { migrations.count }

    /// Applies the migrations the database lacks (up to `target`, for tests of old
    /// databases). Cheap when it is current: one read.
    static func migrate(_ connection: PostgresConnection, location: PostgresLocation, upTo target: Int = latest) async throws {
        let logger = PostgresSession.logger
        let current = try await appliedVersion(connection) ?? 0
        if current > latest { throw PostgresStoreError.newerSchema(location.redacted, version: current, known: latest) }
        guard current < target else { return }
        for version in (current + 1)...target {
            let statements = migrations[version - 1]
            do {
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
            } catch where PostgresFailure.sqlState(error) == "42501" {
                // Only the tables' owner may change them; anyone may use them once it has.
                throw PostgresStoreError.needsMigration(location.redacted, version: version, role: location.username)
            }
        }
    }

    /// The highest migration applied, or nil when the schema table does not exist yet (one
    /// statement: a database that has it answers, one that does not says so).
    static func appliedVersion(_ connection: PostgresConnection) async throws -> Int? {
        do {
            let rows = try await connection.query("SELECT coalesce(max(version), 0) FROM streak_schema", logger: PostgresSession.logger)
            for try await version in rows.decode(Int.self) { return version }
            return 0
        } catch where PostgresFailure.sqlState(error) == "42P01" {
            return nil
        }
    }
}
