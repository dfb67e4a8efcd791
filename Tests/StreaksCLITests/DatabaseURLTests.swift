import Foundation
import Testing
@testable import StreaksCLI

/// A database URL's password never reaches the output, in any form a URL carries it, and a
/// huge argument is not echoed back whole. (No server is needed: every URL here fails
/// before or while connecting.)
struct DatabaseURLTests {
    static let huge = "postgres://alice:SECRET@/" + String(repeating: "x", count: 10_000) + "?port=0"

    @Test(arguments: [
        "postgres://alice:SECRET@/streaks?host=/nonexistent-dir&port=0",
        "postgres://alice@/streaks?host=/nonexistent-dir&password=SECRET&port=0",
        "postgresql://alice@/streaks?PassWord=SECRET&port=0",
        "postgres://alice@/streaks?sslpassword=SECRET&port=0",
        "postgres://alice:SE@CR/ET@[/streaks",
        "postgres://alice:SE@CR/ET@localhost/streaks",
        "postgres://alice:SECRET@[/streaks?password=SECRET",
        "postgres://alice:SECRET@/streaks?host=/nonexistent-dir",
        "postgres://alice@/streaks?host=/nonexistent-dir&password=SECRET",
        "mysql://alice:SECRET@db/streaks",
        huge,
    ])
    func noPasswordInAnyOutput(url: String) async throws {
        let result = await CLIHarness().run(["status", "--database", url])
        #expect(result.code != 0)
        #expect(!result.errors.isEmpty)
        for secret in ["SECRET", "CR/ET", "SE@"] {
            #expect(!(result.output + result.errors).contains(secret), "\(result.errors)")
        }
        #expect(result.errors.count < 400, "\(result.errors.count) characters")
        #expect(result.errors.split(separator: "\n").count == 1)
    }
}
