import Foundation
import SwiftfulGamification

extension FileStreakStore {
    public func freezes(userId: String, streakKey: String) throws -> [StreakFreeze] {
        try readLedger(userId: userId, streakKey: streakKey) { try $0.freezes() }
    }

    /// Adds freezes (a freeze id already in the ledger is skipped).
    @discardableResult
    public func addFreezes(_ freezes: [StreakFreeze], userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        for freeze in freezes { try freeze.validate() }
        return try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            let known = Set(try context.folder.freezes().freezes.map(\.id))
            try context.folder.appendFreezeRecords(freezes.filter { !known.contains($0.id) }.map { .add($0) }, journal: context.journal)
        }
    }

    /// Marks one freeze used. - Throws: `StreakRuleError.freezeNotFound` / `.freezeAlreadyUsed`.
    public func useFreeze(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) throws {
        try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            guard let freeze = try context.folder.freezes().freezes.first(where: { $0.id == id }) else { throw StreakRuleError.freezeNotFound(id) }
            guard !freeze.isUsed else { throw StreakRuleError.freezeAlreadyUsed(id) }
            try context.folder.appendFreezeRecords([.use(id: id, date: now)], journal: context.journal)
        }
    }

    /// Manual mode: bridges the missed days with available freezes, all or nothing.
    /// - Throws: `StreakRuleError.freezesNotManual`, `.nothingToSave` or `.notEnoughFreezes`.
    public func useFreezesManually(userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> (used: [FreezeConsumption], evaluation: StreakEvaluation) {
        var used: [FreezeConsumption] = []
        // Freeze events and the ledger's uses are whole only together.
        let evaluation = try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone, compound: true) { context in
            // From the running history: the log is not read again.
            used = try StreakCalculator.manualFreezeConsumptions(
                for: try self.calculate(context, userId: userId, now: now, timezone: timezone),
                freezes: try context.folder.freezes().freezes, configuration: context.settings.configuration,
                currentDate: now, timezone: timezone
            )
            try self.record(used, in: context)
        }
        return (used, evaluation)
    }

    /// Takes back an unused freeze (given by mistake), recorded in the ledger.
    /// - Throws: `StreakRuleError.freezeNotFound` / `.freezeAlreadyUsed`.
    @discardableResult
    public func removeFreeze(id: String, userId: String, streakKey: String, now: Date, timezone: TimeZone) throws -> StreakEvaluation {
        try write(userId: userId, streakKey: streakKey, now: now, timezone: timezone) { context in
            guard let freeze = try context.folder.freezes().freezes.first(where: { $0.id == id }) else { throw StreakRuleError.freezeNotFound(id) }
            guard !freeze.isUsed else { throw StreakRuleError.freezeAlreadyUsed(id) }
            try context.folder.appendFreezeRecords([.remove(id: id, date: now)], journal: context.journal)
        }
    }
}
