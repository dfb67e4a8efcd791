import Foundation
import GamificationSupport
import PostgresNIO
import SwiftfulGamificationPostgres

/// The floor under the PostgreSQL writers, measured in the same run as they are: the same
/// eight processes, each committing one row per event on a connection of its own, durable and
/// notified as a store's write is, and nothing else (no history read, no calculation, no
/// summary, no recorded result). The machine's speed moves by a quarter within an hour; the
/// writers' rate as a share of this floor does not.
enum FloorWriters {
    static let table = "bench_floor"

    /// The floor's table, made by the owner and open to the benchmark's login.
    static func prepare(owner: String) throws {
        try Measure.blocking {
            let connection = try await PostgresLocation(url: owner).connect()
            do {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "CREATE TABLE IF NOT EXISTS \(table) (id text PRIMARY KEY, streak text NOT NULL, at_us bigint NOT NULL)"),
                    logger: logger
                )
                try await connection.query(PostgresQuery(unsafeSQL: "GRANT INSERT, SELECT ON \(table) TO PUBLIC"), logger: logger)
            } catch {
                try? await connection.close()
                throw error
            }
            try await connection.close()
        }
    }

    /// `--floor-writer DATABASE COUNT SEED START`: commits COUNT rows from START on; prints when it finished.
    static func writerMain(_ arguments: [String]) -> Int32 {
        guard arguments.count == 4, let count = Int(arguments[1]), let seed = UInt64(arguments[2]), let start = Double(arguments[3]) else {
            FileHandle.standardError.write(Data("usage: benchmarks --floor-writer DATABASE COUNT SEED START\n".utf8))
            return 2
        }
        do {
            try Measure.blocking {
                let connection = try await PostgresLocation(url: arguments[0]).connect()
                try await Task.sleep(for: .seconds(max(0, start - Date().timeIntervalSince1970)))
                var random = SeededGenerator(seed: seed)
                for _ in 0..<count {
                    let streak = "s\(random.next() % UInt64(ConcurrentWriters.streakCount))"
                    try await connection.query(
                        """
                        WITH added AS (INSERT INTO bench_floor (id, streak, at_us) VALUES (\(UUID().uuidString), \(streak), \(Int64(Date().timeIntervalSince1970 * 1e6))))
                        SELECT pg_notify('bench_floor', \(streak))
                        """,
                        logger: logger
                    )
                }
                print(Date().timeIntervalSince1970)
                try await connection.close()
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 1
        }
    }

    private static let logger = Logger(label: "benchmarks.floor")
}
