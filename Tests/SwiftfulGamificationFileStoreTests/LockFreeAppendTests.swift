import Foundation
import Testing
@testable import SwiftfulGamificationFileStore

/// Appends without a lock (`POSIXFile.appendLines`: the server's token file, a replica's
/// outbox): two writers that both find no file both keep their lines, and the one that lost
/// the create never undoes the other's file.
struct LockFreeAppendTests {
    let directory = NSTemporaryDirectory() + "streaks-append-\(UUID().uuidString)"

    init() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    @Test func aWriterThatLostTheCreateUndoesNothingOfTheOthersFile() throws {
        let path = directory + "/lines.jsonl"
        let journal = WriteJournal()
        try journal.willCreate(path)
        try Data("theirs\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(journal.withdrawCreation(path))
        #expect(journal.undo().isEmpty)
        #expect(FileManager.default.contents(atPath: path) == Data("theirs\n".utf8), "the other writer's file stays")
        // A journal on disk belongs to a writer holding the user's lock: no other creates meanwhile.
        let locked = WriteJournal(directory: directory)
        try locked.willCreate(directory + "/other.jsonl")
        #expect(!locked.withdrawCreation(directory + "/other.jsonl"))
        _ = locked.undo()
    }

    @Test func writersRacingToCreateTheFileEachKeepEveryLine() async throws {
        for round in 0..<20 {
            let path = directory + "/round-\(round).jsonl"
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask {
                        for line in 0..<5 { try POSIXFile.appendLines(["w\(writer)-\(line)"], to: path) }
                    }
                }
                try await group.waitForAll()
            }
            let lines = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self).split(separator: "\n")
            #expect(lines.count == 40 && Set(lines).count == 40, "round \(round): \(lines.count) lines")
        }
    }
}
