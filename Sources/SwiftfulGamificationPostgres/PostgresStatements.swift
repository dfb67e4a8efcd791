import Foundation
import PostgresNIO
import Synchronization
import SwiftfulGamification

/// The two statements every write sends, each a fixed text with numbered parameters.
///
/// A statement's first run on a connection goes as an unnamed statement (one round trip, all
/// a one-shot command needs); from its second run on that connection it is prepared, so
/// PostgreSQL stops parsing and planning it on every write of a long-lived store (the
/// dashboard, an app, a busy writer). Preparing costs one more round trip, once.
enum ReusedStatements {
    private struct Use: Hashable {
        let connection: ObjectIdentifier
        let name: String
    }

    /// Statements run once on an open connection (`PostgresSession` forgets a connection it
    /// closes).
    private static let used = Mutex<Set<Use>>([])

    static func forget(_ connection: PostgresConnection) {
        let closed = ObjectIdentifier(connection)
        used.withLock { $0 = $0.filter { $0.connection != closed } }
    }

    static func rows<Statement: PostgresPreparedStatement>(
        _ statement: Statement, on connection: PostgresConnection
    ) async throws -> [Statement.Row] {
        let firstUse = used.withLock { $0.insert(Use(connection: ObjectIdentifier(connection), name: Statement.name)).inserted }
        var rows: [Statement.Row] = []
        if firstUse {
            let query = PostgresQuery(unsafeSQL: Statement.sql, binds: try statement.makeBindings())
            for try await row in try await connection.query(query, logger: PostgresSession.logger) { rows.append(try statement.decodeRow(row)) }
        } else {
            for try await row in try await connection.execute(statement, logger: PostgresSession.logger) { rows.append(row) }
        }
        return rows
    }
}

/// Inserting a batch of events into one streak, in order, skipping ids it holds: parameters
/// $1 user, $2 streak, then the events' ids, instants, zones, freeze marks, freeze ids and
/// metadata as arrays, and their amounts ('' for none) in the parameter `sql` names.
enum EventInsertion {
    /// The statement; `gate` names a relation that must have a row for anything to go in.
    /// `amounts` numbers the parameter of the amounts (after the statement's own, when it
    /// is part of a larger one).
    static func sql(gate: String? = nil, amounts: Int = 9) -> String {
        """
        INSERT INTO streak_events (user_id, streak_id, event_id, date_us, timezone, is_freeze, freeze_id, metadata, amount)
        SELECT $1, $2, e.id, e.date_us, e.zone, e.is_freeze, NULLIF(e.freeze_id, ''), e.metadata, NULLIF(e.amount, '')::numeric
        FROM unnest($3::text[], $4::bigint[], $5::text[], $6::boolean[], $7::text[], $8::text[], $\(amounts)::text[])
            WITH ORDINALITY AS e(id, date_us, zone, is_freeze, freeze_id, metadata, amount, n)
        \(gate.map { "WHERE EXISTS (SELECT FROM \($0))" } ?? "")
        ORDER BY e.n
        ON CONFLICT (user_id, streak_id, event_id) DO NOTHING
        """
    }

    static func bindings(_ events: [StreakEvent], userId: String, streakId: Int64) throws -> PostgresBindings {
        var binds = PostgresBindings(capacity: 8)
        binds.append(userId)
        binds.append(streakId)
        binds.append(events.map(\.id))
        binds.append(events.map { Int64($0.dateCreated.microsecondsSince1970) })
        binds.append(events.map(\.timezone))
        binds.append(events.map(\.isFreeze))
        binds.append(events.map { $0.freezeId ?? "" })
        binds.append(events.map { PostgresStreakStore.json($0.metadata) })
        return binds
    }

    /// The amounts' parameter ('' for an event without one), appended last.
    static func appendAmounts(of events: [StreakEvent], to binds: inout PostgresBindings) {
        binds.append(events.map { $0.amount.map(StreakAmount.text) ?? "" })
    }
}
