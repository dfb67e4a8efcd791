import Foundation
import PostgresNIO
import SwiftfulGamification

extension PostgresStreakStore {
    /// A write in two statements and no transaction of its own, for a change that is only a
    /// batch of events: one statement reads the state (and whether this operation committed
    /// already; a new session's schema check folded in), the calculation runs here, and one
    /// statement applies everything if the summary's revision is still the one read (a
    /// single statement is atomic; PostgreSQL re-checks the revision on the newest row when
    /// another writer updated it meanwhile). Another write in between, or a reply lost,
    /// makes it read again. Nil when the change needs the locked write: the streak is
    /// missing, the user has no channel yet, the calculation consumed freezes, or another
    /// write kept getting in.
    func unlockedWrite<Output: Codable & Sendable>(
        _ plan: WritePlan, adding eventIds: [String], _ change: @escaping @Sendable (WriteContext) async throws -> Output
    ) async throws -> Written<Output>? {
        for _ in 0..<Self.conflictRetries {
            // One connection for both statements; run again whole if the connection breaks
            // (the recorded operation then answers).
            let attempt: UnlockedAttempt<Output> = try await session.run(as: plan.userId, readingSchemaVersion: { connection in
                let state = try await self.writeState(connection, plan, eventIds: eventIds)
                // A schema not known current yet: nothing written; the session migrates and asks again.
                guard state.schemaVersion == PostgresSchema.latest else { return (.needsLock, state.schemaVersion) }
                if let recorded = state.recorded { return (.written(try self.recordedWrite(recorded, plan, as: Output.self)), state.schemaVersion) }
                guard let row = state.row, state.channel != nil else { return (.needsLock, state.schemaVersion) }
                let context = try await self.context(connection, state: state, row: row, plan: plan, unlocked: true)
                context.announcedIds = Set(eventIds)
                let written: Written<Output>
                do {
                    written = try await self.apply(change, in: context, plan, connection: connection)
                } catch is NeedsLock {
                    return (.needsLock, state.schemaVersion)
                }
                return (try await self.finish(context, written, plan) ? .written(written) : .conflict, state.schemaVersion)
            })
            switch attempt {
            case .written(let written): return written
            case .needsLock: return nil
            case .conflict: continue
            }
        }
        return nil
    }

    enum UnlockedAttempt<Output: Sendable>: Sendable {
        case written(Written<Output>)
        case needsLock
        case conflict
    }
}
