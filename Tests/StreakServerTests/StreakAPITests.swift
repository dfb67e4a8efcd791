import Foundation
import StreakStoreKit
import Synchronization
import Testing
@testable import StreakServer
import SwiftfulGamification
import SwiftfulGamificationFileStore

/// The server's API on a file store, request by request (no network): tokens, one user's
/// streaks kept from another's, changes answered with what they produced and applied once,
/// bad input refused with a status and a sentence and nothing written, the document matching
/// the routes.
struct StreakAPITests {
    static let now = ISODate.parse("2024-01-05T12:00:00Z")!
    let root = NSTemporaryDirectory() + "streaks-api-\(UUID().uuidString)"
    let store: any StreakStore
    let tokens: FileTokenBook
    let api: StreakAPI

    init() async throws {
        store = FileStreakStore(rootPath: root).onOwnThreads
        tokens = FileTokenBook(storeRoot: root)
        api = StreakAPI(store: store, tokens: tokens, zone: TimeZone(identifier: "UTC")!, bodyLimit: 4_096) { Self.now }
        for (user, key) in [("ana", "run"), ("ana", "read"), ("bob", "secret")] {
            let event = StreakEvent(id: "\(key)-1", dateCreated: Self.now.addingTimeInterval(-3_600), timezone: "UTC")
            try await store.apply(.addEvents([event], creating: StreakConfiguration(streakKey: key)), to: StreakRef(userId: user, key: key), at: Self.now, timezone: TimeZone(identifier: "UTC")!)
        }
    }

    private func token(_ user: String) async throws -> String {
        try tokens.create(userId: user, name: "test", now: Self.now).token
    }

    private func ask(
        _ method: String, _ path: String, token: String?, query: [String: String] = [:], body: String = "", headers: [String: String] = [:]
    ) async -> (status: Int, json: [String: Any], response: APIResponse) {
        await StreakServerTests.ask(api, method, path, token: token, query: query, body: body, headers: headers)
    }

    private func message(_ json: [String: Any]) -> String { errorMessage(json) }

    /// Everything the store holds for both users, to check that a refusal wrote nothing.
    private func everything() async throws -> [String] {
        var lines: [String] = []
        for user in ["ana", "bob"] {
            for key in try await store.streakKeys(userId: user, includingArchived: true) {
                lines.append("\(user)/\(key): " + (try await store.events(userId: user, streakKey: key)).map(\.id).sorted().joined(separator: ","))
            }
        }
        return lines
    }

    @Test func everyRouteButTheDocumentNeedsALiveToken() async throws {
        let good = try await token("ana")
        for path in ["/v1/streaks", "/v1/streaks/run", "/v1/streaks/run/days"] {
            let missing = await ask("GET", path, token: nil)
            #expect(missing.status == 401)
            #expect(missing.response.header("WWW-Authenticate") == "Bearer")
            #expect(await ask("GET", path, token: "stk_000000000000_" + String(repeating: "a", count: 43)).status == 401)
            #expect(await ask("GET", path, token: String(good.dropLast()) + (good.hasSuffix("a") ? "b" : "a")).status == 401, "one character changed")
            #expect(await ask("GET", path, token: good).status == 200)
        }
        #expect(await ask("POST", "/v1/changes", token: nil, body: #"{"change": "reset", "key": "run"}"#).status == 401)
        #expect(await ask("GET", "/v1/openapi.yaml", token: nil).status == 200)
        let id = String(good.dropFirst(4).prefix(12))
        #expect(try tokens.revoke(id: id, now: Self.now)?.userId == "ana")
        #expect(await ask("GET", "/v1/streaks", token: good).status == 401, "revoked")
        #expect(try await everything().contains("ana/run: run-1"), "the refused reset wrote nothing")
    }

    @Test func aTokenReachesItsOwnUsersStreaksAndNoOneElses() async throws {
        let ana = try await token("ana"), bob = try await token("bob")
        let list = await ask("GET", "/v1/streaks", token: ana)
        #expect((list.json["streaks"] as? [[String: Any]])?.compactMap { $0["streak_id"] as? String }.sorted() == ["read", "run"])
        let theirs = await ask("GET", "/v1/streaks/secret", token: ana), nobodys = await ask("GET", "/v1/streaks/nothing", token: ana)
        #expect(theirs.status == 404 && nobodys.status == 404)
        #expect(message(theirs.json) == "no streak 'secret'" && message(nobodys.json) == "no streak 'nothing'", "the same answer: nothing says it exists")
        #expect(await ask("GET", "/v1/streaks/secret/days", token: ana).status == 404)
        let before = try await everything()
        for change in [
            #"{"change": "log", "key": "secret", "events": [{"id": "x", "date_created": "2024-01-05T11:00:00Z", "timezone": "UTC"}]}"#,
            #"{"change": "delete", "key": "secret"}"#, #"{"change": "rename", "key": "secret", "to": "mine"}"#, #"{"change": "reset", "key": "secret"}"#,
        ] {
            let answer = await ask("POST", "/v1/changes", token: ana, body: change)
            #expect(answer.status == 404, "\(change): \(message(answer.json))")
        }
        #expect(try await everything() == before)
        #expect(await ask("GET", "/v1/streaks/secret", token: bob).status == 200)
    }

    @Test func aChangeIsAnsweredWithWhatItProducedAndAnOperationAppliesOnce() async throws {
        let ana = try await token("ana")
        let log = #"{"change": "log", "key": "run", "operation": "op-1", "events": [{"id": "e2", "date_created": "2024-01-05T11:30:00Z", "timezone": "UTC"}]}"#
        let first = await ask("POST", "/v1/changes", token: ana, body: log)
        #expect(first.status == 200)
        #expect(first.json["added"] as? [String] == ["e2"])
        #expect((first.json["streak"] as? [String: Any])?["today_event_count"] as? Int == 2)
        let again = await ask("POST", "/v1/changes", token: ana, body: log)
        #expect(again.response.bytes == first.response.bytes, "the same answer")
        let reused = await ask("POST", "/v1/changes", token: ana, body: log.replacingOccurrences(of: "e2", with: "e3"))
        #expect(reused.status == 422)
        let byHeader = await ask(
            "POST", "/v1/changes", token: ana, body: #"{"change": "remove_event", "key": "run", "id": "e2"}"#, headers: ["Idempotency-Key": "op-2"]
        )
        #expect(byHeader.json["removed"] as? String == "e2")
        let removedAgain = await ask("POST", "/v1/changes", token: ana, body: #"{"change": "remove_event", "key": "run", "id": "e2"}"#)
        #expect(removedAgain.status == 200 && removedAgain.json["already_applied"] as? Bool == true)
        #expect(try await store.events(userId: "ana", streakKey: "run").map(\.id) == ["run-1"])
        let days = await ask("GET", "/v1/streaks/run/days", token: ana, query: ["from": "2024-01-04", "to": "2024-01-05"])
        #expect((days.json["days"] as? [[String: Any]])?.map { $0["state"] as? String } == ["before_history", "kept"])
    }

    @Test func badInputIsRefusedWithAStatusAndASentenceAndNothingIsWritten() async throws {
        let ana = try await token("ana")
        let before = try await everything()
        let cases: [(String, String, [String: String], String, Int)] = [
            ("POST", "/v1/changes", [:], "{", 400),
            ("POST", "/v1/changes", [:], "", 400),
            ("POST", "/v1/changes", [:], #"{"change": "log", "key": "run", "evnts": []}"#, 400),
            ("POST", "/v1/changes", [:], #"{"change": "skip", "key": "run", "days": "2024-01-05"}"#, 400),
            ("POST", "/v1/changes", [:], #"{"change": "note", "key": "run", "day": "2024-01-05", "text": 5}"#, 400),
            ("POST", "/v1/changes", [:], #"{"change": "lgo", "key": "run"}"#, 400),
            ("POST", "/v1/changes", [:], #"{"change": "reset", "key": "Bad Key"}"#, 422),
            ("POST", "/v1/changes", [:], #"{"change": "log", "key": "run", "events": [{"id": "f", "date_created": "2030-01-01T00:00:00Z", "timezone": "UTC"}]}"#, 422),
            ("POST", "/v1/changes", [:], #"{"change": "log", "key": "run", "events": [{"id": "z", "date_created": "2024-01-05T10:00:00Z", "timezone": "Mars/Base"}]}"#, 422),
            ("POST", "/v1/changes", [:], #"{"change": "configure", "key": "run", "goal": -3}"#, 422),
            ("POST", "/v1/changes", [:], #"{"change": "reset", "key": "ghost"}"#, 404),
            ("POST", "/v1/changes", [:], #"{"change": "rename", "key": "run", "to": "read"}"#, 409),
            ("POST", "/v1/changes", [:], "{\"change\": \"note\", \"key\": \"run\", \"day\": \"2024-01-05\", \"text\": \"" + String(repeating: "x", count: 5_000) + "\"}", 413),
            ("POST", "/v1/changes", ["tz": "Nowhere/City"], #"{"change": "reset", "key": "run"}"#, 400),
            ("GET", "/v1/streaks/run/days", ["from": "2024-13-01"], "", 400),
            ("GET", "/v1/streaks/run/days", ["from": "2024-01-05", "to": "2024-01-01"], "", 400),
            ("GET", "/v1/streaks/run/days", ["from": "1990-01-01"], "", 400),
            ("GET", "/v1/streaks", ["tz": "+05:00"], "", 400),
            ("GET", "/v1/nothing", [:], "", 404),
            ("GET", "/streaks", [:], "", 404),
            ("DELETE", "/v1/streaks/run", [:], "", 405),
            ("GET", "/v1/changes", [:], "", 405),
        ]
        for (method, path, query, body, status) in cases {
            let answer = await ask(method, path, token: ana, query: query, body: body)
            #expect(answer.status == status, "\(method) \(path) \(query) \(body.prefix(80)): \(message(answer.json))")
            #expect(!message(answer.json).isEmpty, "a sentence says what is wrong")
            #expect(answer.response.header("Content-Type") == "application/json")
        }
        #expect(try await everything() == before)
    }

    @Test func theDocumentDescribesEveryRouteTheAPIAnswersAndNoOther() async throws {
        let ana = try await token("ana")
        var documented: [(method: String, path: String)] = []
        var path: String?
        for line in OpenAPIDocument.yaml.split(separator: "\n") {
            if line.hasPrefix("  /") { path = String(line.dropFirst(2).dropLast()) }
            if line.hasPrefix("components:") { path = nil }
            if let path, line.count > 4, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                documented.append((String(line.dropFirst(4).dropLast()).uppercased(), path))
            }
        }
        #expect(documented.map { "\($0.method) \($0.path)" }.sorted() == StreakAPI.routes.sorted())
        // A streak in the trash, for its route.
        let trashed = try await store.apply(.delete, to: StreakRef(userId: "ana", key: "read"), at: Self.now, timezone: TimeZone(identifier: "UTC")!).trashed
        for route in documented {
            let inTrash = route.path.hasPrefix("/v1/trash/")
            let concrete = route.path.replacingOccurrences(of: "{key}", with: inTrash ? "read" : "run")
            let body = route.method == "POST" ? #"{"change": "skip", "key": "run", "days": ["2024-01-04"]}"# : ""
            let query = inTrash ? ["deleted": ISODate.format(try #require(trashed).dateDeleted)] : [:]
            let answer = await ask(route.method, concrete, token: ana, query: query, body: body)
            // The file store keeps no revisions: the route says so (PostgresServingTests answers it).
            let expected = ["/v1/revisions", "/v1/points/revisions"].contains(route.path) ? 404 : 200
            #expect(answer.status == expected, "\(route.method) \(concrete): \(message(answer.json))")
            for other in ["GET", "POST", "PUT", "DELETE"] where !documented.contains(where: { $0.method == other && $0.path == route.path }) {
                #expect(await ask(other, concrete, token: ana).status == 405, "\(other) \(concrete)")
            }
        }
        for stray in ["/v1", "/v1/", "/v1/streaks/run/events", "/v1/streaks/run/days/x", "/v2/streaks", "/v1/openapi.json"] {
            #expect(await ask("GET", stray, token: ana).status == 404, "\(stray)")
        }
    }

    @Test func tokensAreKeptHashedAndEachWriterKeepsItsOwn() async throws {
        let made = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<8 { group.addTask { try FileTokenBook(storeRoot: root).create(userId: "u\(index)", name: "n\(index)", now: Self.now).token } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        let text = try String(contentsOfFile: root + "/server/tokens.jsonl", encoding: .utf8)
        for token in made {
            #expect(!text.contains(String(token.dropFirst(17))), "the secret is not on disk")
            #expect(try tokens.user(presenting: token) != nil)
        }
        #expect(try tokens.list(userId: nil).count == 8)
        #expect(try tokens.list(userId: "u3").map(\.name) == ["n3"])
        let attributes = try FileManager.default.attributesOfItem(atPath: root + "/server/tokens.jsonl")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try tokens.revoke(id: "nosuchtoken0", now: Self.now) == nil)
        // A revoked token stays revoked even if its line is written again (a restored backup, a replay).
        let revoked = made[0], id = String(revoked.dropFirst(4).prefix(12))
        #expect(try tokens.revoke(id: id, now: Self.now) != nil)
        let createdLine = try #require(text.split(separator: "\n").first { $0.contains("\"id\":\"\(id)\"") })
        let handle = try #require(FileHandle(forWritingAtPath: root + "/server/tokens.jsonl"))
        handle.seekToEndOfFile()
        handle.write(Data((createdLine + "\n").utf8))
        try handle.close()
        #expect(try tokens.user(presenting: revoked) == nil)
        #expect(throws: (any Error).self) { try tokens.create(userId: "bad user/..", name: "", now: Self.now) }
    }

    @Test func theStreamStartsWithEveryStreakAndCarriesEachChange() async throws {
        let ana = try await token("ana")
        let opened = await ask("GET", "/v1/stream", token: ana)
        #expect(opened.status == 200 && opened.response.header("Content-Type") == "text/event-stream")
        guard case .stream(let events) = opened.response.body else { Issue.record("not a stream"); return }
        var iterator = events.makeAsyncIterator()
        let keys = await nextEvent(&iterator)
        #expect(keys?.name == "keys" && keys?.json["keys"] as? [String] == ["read", "run"])
        var seen: [String: Int] = [:]
        for _ in 0..<2 {
            let event = await nextEvent(&iterator)
            #expect(event?.name == "streak")
            if let key = event?.json["streak_id"] as? String { seen[key] = event?.json["today_event_count"] as? Int }
        }
        #expect(seen == ["read": 1, "run": 1], "bob's streak is not in ana's stream")
        let log = #"{"change": "log", "key": "run", "events": [{"id": "live", "date_created": "2024-01-05T11:45:00Z", "timezone": "UTC"}]}"#
        #expect(await ask("POST", "/v1/changes", token: ana, body: log).status == 200)
        let changed = await nextEvent(&iterator)
        #expect(changed?.name == "streak" && changed?.json["streak_id"] as? String == "run" && changed?.json["today_event_count"] as? Int == 2)
        #expect(changed.map { EventStream.isEventId($0.id) } == true)
        // A resumed stream starts with the whole state again: nothing between is lost.
        let resumed = await ask("GET", "/v1/stream", token: ana, headers: ["Last-Event-ID": changed?.id ?? ""])
        guard case .stream(let again) = resumed.response.body else { Issue.record("not a stream"); return }
        var second = again.makeAsyncIterator()
        #expect(await nextEvent(&second)?.name == "keys")
        #expect(await ask("GET", "/v1/stream", token: ana, headers: ["Last-Event-ID": "yesterday"]).status == 400)
        #expect(await ask("GET", "/v1/stream", token: nil).status == 401)
    }

    @Test func anIdleStreamSaysItIsAlive() async throws {
        let quick = StreakAPI(store: store, tokens: tokens, zone: TimeZone(identifier: "UTC")!, heartbeat: .milliseconds(50)) { Self.now }
        let ana = try await token("ana")
        let response = await quick.handle(APIRequest(method: "GET", path: "/v1/stream", headers: ["Authorization": "Bearer \(ana)"]))
        guard case .stream(let events) = response.body else { Issue.record("not a stream"); return }
        var heartbeats = 0
        for await chunk in events {
            if String(decoding: chunk, as: UTF8.self).hasPrefix(": heartbeat") { heartbeats += 1 }
            if heartbeats == 2 { break }
        }
        #expect(heartbeats == 2)
    }

    /// Each experience or progress stream holds a watch on the store: a user keeps a bounded
    /// number open (429 past it), and one that ends gives its place back.
    @Test func experienceAndProgressStreamsAreBoundedPerUser() async throws {
        let ana = try await token("ana"), bob = try await token("bob")
        var open: [AsyncStream<[UInt8]>] = []
        for index in 0..<16 {
            let answer = await ask("GET", "/v1/stream", token: ana, query: index % 2 == 0 ? ["experience": "main"] : ["progress": "worlds"])
            guard answer.status == 200, case .stream(let events) = answer.response.body else {
                Issue.record("stream \(index): \(answer.status) \(message(answer.json))")
                return
            }
            var iterator = events.makeAsyncIterator()
            let first = await nextEvent(&iterator)
            #expect(first?.name == (index % 2 == 0 ? "experience" : "progress") && first?.json["key"] as? String == (index % 2 == 0 ? "main" : "worlds"))
            open.append(events)
        }
        let refused = await ask("GET", "/v1/stream", token: ana, query: ["experience": "main"])
        #expect(refused.status == 429 && message(refused.json).contains("at most 16"), "\(refused.status) \(message(refused.json))")
        #expect(await ask("GET", "/v1/stream", token: bob, query: ["experience": "main"]).status == 200, "another user's count is their own")
        #expect(await ask("GET", "/v1/stream", token: ana, query: ["experience": "main", "progress": "worlds"]).status == 400)
        #expect(await ask("GET", "/v1/stream", token: ana, query: ["experience": "no such key!"]).status == 400)
        open.removeLast()  // the stream ends with its last holder: its place is given back
        var given = false
        for _ in 0..<100 where !given {
            given = await ask("GET", "/v1/stream", token: ana, query: ["experience": "main"]).status == 200
            if !given { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(given)
    }

    /// A book that reads a streak with the token (PostgreSQL's does, in one statement) hands
    /// the route its result, and the route asks the store nothing more; a request the book
    /// cannot answer that way (a bad zone, a key no store keeps) still has its token checked
    /// first.
    @Test func aStreaksRouteTakesTheResultItsTokenBookReadWithTheToken() async throws {
        let book = ReadingBook(tokens, store: store)
        let api = StreakAPI(store: store, tokens: book, zone: TimeZone(identifier: "UTC")!) { Self.now }
        let good = try await token("ana")
        let answer = await StreakServerTests.ask(api, "GET", "/v1/streaks/run", token: good, query: ["form": "library"])
        #expect(answer.status == 200)
        #expect((answer.json["configuration"] as? [String: Any])?["streak_id"] as? String == "read", "the book's result, as it read it")
        #expect(book.reads.withLock { $0 } == ["run"])
        #expect(await StreakServerTests.ask(api, "GET", "/v1/streaks/run", token: nil, query: ["tz": "Nowhere/City"]).status == 401)
        #expect(await StreakServerTests.ask(api, "GET", "/v1/streaks/run", token: good, query: ["tz": "Nowhere/City"]).status == 400)
        #expect(await StreakServerTests.ask(api, "GET", "/v1/streaks/~1~run", token: nil).status == 401)
        #expect(await StreakServerTests.ask(api, "GET", "/v1/streaks/~1~run", token: good).status == 404)
        #expect(book.reads.withLock { $0 } == ["run"], "only a request it can answer reads with the token")
    }

    /// The file store's book, answering a read of any streak with ana's "read" (so a test
    /// can tell its result from the store's).
    final class ReadingBook: TokenBook {
        let book: FileTokenBook
        let store: any StreakStore
        let reads = Mutex<[String]>([])

        init(_ book: FileTokenBook, store: any StreakStore) {
            self.book = book
            self.store = store
        }

        func user(presenting token: String) async throws -> String? { try book.user(presenting: token) }
        func user(presenting token: String, readingFresh key: String, now: Date, timezone: TimeZone) async throws -> (userId: String, fresh: StreakEvaluation?)? {
            reads.withLock { $0.append(key) }
            guard let user = try book.user(presenting: token) else { return nil }
            return (user, try await store.evaluate(userId: "ana", streakKey: "read", now: now, timezone: timezone))
        }
        func create(userId: String, name: String, now: Date) async throws -> (token: String, record: APIToken) { try book.create(userId: userId, name: name, now: now) }
        func list(userId: String?) async throws -> [APIToken] { try book.list(userId: userId) }
        func revoke(id: String, now: Date) async throws -> APIToken? { try book.revoke(id: id, now: now) }
    }
}
