import Foundation
import StreakPresentation
import StreakStoreKit
import SwiftfulGamification
import SwiftfulGamificationHTTP
import Synchronization

/// The streak server's API over any store, apart from HTTP: each request is read, its bearer
/// token turned into the user it belongs to, and answered in the command line's `--json`
/// words. Every route but the description needs a token; a streak the user does not have is
/// 404 whoever has it, so a token never tells that another user's streak exists.
///
/// - `GET /v1/streaks`: every streak's status, in display order.
/// - `GET /v1/streaks/{key}`: one streak's status.
/// - `GET /v1/streaks/{key}/days?from=YYYY-MM-DD&to=YYYY-MM-DD`: the calendar, day by day.
/// - `POST /v1/changes`: one change of the vocabulary (`StreakChangeRequest`), answered with
///   what it produced; an operation id (`operation`, or the `Idempotency-Key` header) sent
///   again is answered as the first time and not applied twice.
/// - `GET /v1/stream`: server-sent events of every change to the user's streaks (`EventStream`).
/// - `GET /v1/openapi.yaml`: this API described.
///
/// - `GET /v1/streaks/{key}/record`, `GET /v1/trash`, `GET /v1/trash/{key}?deleted=`,
///   `GET /v1/revisions`: a streak whole, the trash and each streak's revision, for
///   `HTTPStreakStore` and an offline copy of it.
///
/// Every route takes `tz` (an IANA zone) for "today"; the server's zone otherwise.
/// `form=library` asks for the library's own JSON of a streak or a change's result
/// (`StreakEvaluation`, `AppliedChange`: what `HTTPStreakStore` reads); `form=keys` lists keys.
public struct StreakAPI: Sendable {
    let store: any StreakStore
    let tokens: any TokenBook
    let clock: @Sendable () -> Date
    let zone: TimeZone
    /// The largest request body read (larger: 413).
    public let bodyLimit: Int
    /// Every route, as `METHOD /path` (`openapi.yaml` is checked against this list and the
    /// answers).
    static let routes = [
        "GET /v1/streaks", "GET /v1/streaks/{key}", "GET /v1/streaks/{key}/days", "GET /v1/streaks/{key}/record", "POST /v1/changes", "GET /v1/stream",
        "GET /v1/trash", "GET /v1/trash/{key}", "GET /v1/revisions", "GET /v1/experience", "GET /v1/experience/{key}", "GET /v1/progress",
        "GET /v1/progress/{key}", "GET /v1/points", "GET /v1/points/revisions", "GET /v1/openapi.yaml",
    ]
    /// The longest calendar one request returns, in days.
    static let dayLimit = 3_700
    private let answered = AnsweredOperations()
    /// Open streams of experience or progress keys, by user: each holds a watch on the store
    /// (on PostgreSQL a connection of its own), so a user may keep at most `ledgerStreamLimit`.
    private let ledgerStreams = OpenStreams(limit: 16)

    /// How often an open stream says it is alive.
    let heartbeat: Duration

    public init(
        store: any StreakStore, tokens: any TokenBook, zone: TimeZone = .current, bodyLimit: Int = 1 << 20, heartbeat: Duration = .seconds(15),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.tokens = tokens
        self.zone = zone
        self.bodyLimit = bodyLimit
        self.heartbeat = heartbeat
        self.clock = clock
    }

    public func handle(_ request: APIRequest) async -> APIResponse {
        do {
            return try await route(request)
        } catch let error as APIError {
            return error.response
        } catch {
            return Self.refusal(error).response
        }
    }

    private func route(_ request: APIRequest) async throws -> APIResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard parts.first == "v1" else { throw APIError(404, "no such route: \(request.path) (the API is under /v1)") }
        let route = Array(parts.dropFirst())
        if route == ["openapi.yaml"] {
            try allow(request, "GET")
            return APIResponse(status: 200, headers: [("Content-Type", "application/yaml")], body: .bytes(Array(OpenAPIDocument.yaml.utf8)))
        }
        switch route {
        case ["streaks"]:
            try allow(request, "GET")
            return try await streaks(as: try await user(request), request)
        case let path where path.count == 2 && path[0] == "streaks":
            try allow(request, "GET")
            return try await streak(path[1], request)
        case let path where path.count == 3 && path[0] == "streaks" && path[2] == "days":
            try allow(request, "GET")
            return try await days(of: path[1], as: try await user(request), request)
        case let path where path.count == 3 && path[0] == "streaks" && path[2] == "record":
            try allow(request, "GET")
            return try await record(of: path[1], as: try await user(request))
        case ["revisions"]:
            try allow(request, "GET")
            return try await revisions(as: try await user(request))
        case ["trash"]:
            try allow(request, "GET")
            return try await trash(as: try await user(request))
        case let path where path.count == 2 && path[0] == "trash":
            try allow(request, "GET")
            return try await trashed(path[1], as: try await user(request), request)
        case let path where (1...2).contains(path.count) && Ledger(rawValue: path[0]) != nil:
            try allow(request, "GET")
            let (ledger, userId) = (Ledger(rawValue: path[0])!, try await user(request))
            let points = try pointsStore()
            guard path.count == 2 else { return try APIResponse.library(["keys": try await ledger.keys(points, userId: userId)]) }
            try Self.ledgerKey(path[1])
            return try APIResponse.library(try await ledger.record(points, userId: userId, key: path[1]))
        case ["points"]:
            try allow(request, "GET")
            let userId = try await user(request)
            return try APIResponse.library(try await pointsStore().pointsSettings(userId: userId))
        case ["points", "revisions"]:
            try allow(request, "GET")
            return try await pointsRevisions(as: try await user(request))
        case ["changes"]:
            try allow(request, "POST")
            return try await change(as: try await user(request), request)
        case ["stream"]:
            try allow(request, "GET")
            return try await stream(as: try await user(request), request)
        default:
            throw APIError(404, "no such route: \(request.path)")
        }
    }

    private func allow(_ request: APIRequest, _ method: String) throws {
        guard request.method == method else { throw APIError(405, "\(request.path) answers \(method), not \(request.method)") }
    }

    /// The user whose bearer token the request carries.
    private func user(_ request: APIRequest) async throws -> String {
        try await user(request) { token in try await self.tokens.user(presenting: token).map { ($0, nil) } }.userId
    }

    /// The user whose bearer token the request carries, and `key`'s evaluation when the
    /// token book reads it in the same step and it holds (else nil: ask the store).
    private func user(_ request: APIRequest, readingFresh key: String, now: Date, timezone: TimeZone) async throws -> (userId: String, fresh: StreakEvaluation?) {
        try await user(request) { token in try await self.tokens.user(presenting: token, readingFresh: key, now: now, timezone: timezone) }
    }

    private func user(
        _ request: APIRequest, presenting: (String) async throws -> (userId: String, fresh: StreakEvaluation?)?
    ) async throws -> (userId: String, fresh: StreakEvaluation?) {
        guard let header = request.headers["authorization"] else {
            throw APIError(401, "no token: send 'Authorization: Bearer TOKEN' (made by 'streaks token create')")
        }
        let words = header.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2, words[0].lowercased() == "bearer", let found = try await presenting(String(words[1])) else {
            throw APIError(401, "the token is not valid (unknown, revoked or mistyped)")
        }
        return found
    }

    private func timezone(_ request: APIRequest) throws -> TimeZone {
        guard let name = request.query["tz"] else { return zone }
        guard let zone = TimeZone(identifier: name) else { throw APIError(400, "tz: '\(name)' is not an IANA time zone such as Europe/Paris") }
        return zone
    }

    /// `form`: absent (the command line's words), or one of `allowed`.
    private func form(_ request: APIRequest, _ allowed: [String]) throws -> String? {
        guard let form = request.query["form"] else { return nil }
        guard allowed.contains(form) else { throw APIError(400, "form: '\(form.prefix(20))' is not one of \(allowed.joined(separator: ", "))") }
        return form
    }

    private func streaks(as userId: String, _ request: APIRequest) async throws -> APIResponse {
        if try form(request, ["keys"]) != nil {
            let archived = request.query["archived"] == "true"
            return .json(["keys": try await store.streakKeys(userId: userId, includingArchived: archived)])
        }
        let zone = try timezone(request), now = clock()
        var evaluations: [StreakEvaluation] = []
        for key in try await store.streakKeys(userId: userId) {
            evaluations.append(try await store.evaluate(userId: userId, streakKey: key, now: now, timezone: zone))
        }
        let ordered = StatusJSON.inDisplayOrder(evaluations) { $0.configuration }
        return .json(["streaks": ordered.map { StatusJSON.statusObject($0, configuration: $0.configuration, now: now, zone: zone) }])
    }

    /// One streak: its stored result read with the token where the book can (one statement
    /// on PostgreSQL), else evaluated. The token is checked first, whatever else is wrong.
    private func streak(_ key: String, _ request: APIRequest) async throws -> APIResponse {
        let now = clock()
        let (userId, fresh): (String, StreakEvaluation?)
        if let asked = try? timezone(request), (try? Self.existingKey(key)) != nil {
            (userId, fresh) = try await user(request, readingFresh: key, now: now, timezone: asked)
        } else {
            (userId, fresh) = (try await user(request), nil)
        }
        let zone = try timezone(request)
        let library = try form(request, ["library"]) != nil
        let evaluation: StreakEvaluation
        if let fresh { evaluation = fresh } else { evaluation = try await evaluate(key, userId, now, zone) }
        if library { return try APIResponse.library(evaluation) }
        return .json(StatusJSON.statusObject(evaluation, configuration: evaluation.configuration, now: now, zone: zone))
    }

    private func record(of key: String, as userId: String) async throws -> APIResponse {
        try Self.existingKey(key)
        let (batch, archived) = try await store.wholeStreak(userId: userId, streakKey: key)
        return try APIResponse.library(StreakRecord(batch, archived: archived))
    }

    /// Each streak's revision (archived ones too), for an offline copy to know what to read
    /// again; a store that keeps none (the file store) is 404.
    private func revisions(as userId: String) async throws -> APIResponse {
        guard let store = store as? any RevisionedStreakStore else {
            throw APIError(404, "this server's store keeps no revisions (an offline copy needs a server on PostgreSQL)")
        }
        return try APIResponse.library(["revisions": try await store.revisions(userId: userId)])
    }

    /// The store's experience points and progress (upstream's services'), when it keeps them.
    /// Each experience and progress ledger's revision and the settings', for an offline
    /// copy to know which to read again; a store that keeps none (the file store) is 404.
    private func pointsRevisions(as userId: String) async throws -> APIResponse {
        try APIResponse.library(["revisions": try await revisionedPoints().pointsRevisions(userId: userId)])
    }

    /// The store, when it keeps revisions of points (what an offline copy follows); else 404.
    private func revisionedPoints() throws -> any RevisionedPointsStore {
        guard let points = store as? any RevisionedPointsStore else {
            throw APIError(404, "this server's store keeps no revisions of points (an offline copy needs a server on PostgreSQL)")
        }
        return points
    }

    private func pointsStore() throws -> any PointsStore {
        guard let points = store as? any PointsStore else { throw APIError(404, "this server's store keeps no experience points or progress") }
        return points
    }

    private func trash(as userId: String) async throws -> APIResponse {
        try APIResponse.library(["trashed": try await store.trashedStreaks(userId: userId, now: clock())])
    }

    private func trashed(_ key: String, as userId: String, _ request: APIRequest) async throws -> APIResponse {
        guard let text = request.query["deleted"], let deleted = ISODate.parse(text) else {
            throw APIError(400, "deleted: the instant the streak was deleted (ISO 8601, as GET /v1/trash gives it)")
        }
        try Self.existingKey(key)
        let (batch, archived) = try await store.trashedStreak(userId: userId, streakKey: key, dateDeleted: deleted)
        return try APIResponse.library(StreakRecord(batch, archived: archived))
    }

    private func days(of key: String, as userId: String, _ request: APIRequest) async throws -> APIResponse {
        let zone = try timezone(request), now = clock()
        func day(_ name: String) throws -> CalendarDay? {
            guard let text = request.query[name] else { return nil }
            guard let day = CalendarDay(parsing: text) else { throw APIError(400, "\(name): '\(text)' is not a date (YYYY-MM-DD)") }
            return day
        }
        let evaluation = try await evaluate(key, userId, now, zone)
        let to = try day("to") ?? evaluation.today
        let from = try day("from") ?? CalendarDay(dayNumber: to.dayNumber - 29)
        guard from <= to else { throw APIError(400, "from (\(from)) is after to (\(to))") }
        guard to.dayNumber - from.dayNumber < Self.dayLimit else {
            throw APIError(400, "from \(from) to \(to) is more than \(Self.dayLimit) days: ask for less at a time")
        }
        let days = evaluation.days(from: from, through: to).map { day -> [String: Any] in
            [
                "day": "\(day.day)", "state": day.state.rawValue, "event_count": day.eventCount, "goal": day.goal,
                "amount": day.amount, "frozen_by": day.consumedFreezeId.map { $0 as Any } ?? NSNull(), "target_amount": day.targetAmount.map { $0 as Any } ?? NSNull(),
                "over_limit": day.isOverLimit, "note": evaluation.note(on: day.day).map { $0.text as Any } ?? NSNull(),
            ]
        }
        return .json(["key": key, "from": "\(from)", "to": "\(to)", "today": "\(evaluation.today)", "days": days])
    }

    private func evaluate(_ key: String, _ userId: String, _ now: Date, _ zone: TimeZone) async throws -> StreakEvaluation {
        try Self.existingKey(key)
        return try await store.evaluate(userId: userId, streakKey: key, now: now, timezone: zone)
    }

    private func change(as userId: String, _ request: APIRequest) async throws -> APIResponse {
        guard request.body.count <= bodyLimit else { throw APIError(413, "the body is \(request.body.count) bytes; at most \(bodyLimit)") }
        guard !request.body.isEmpty else { throw APIError(400, "no change in the body: send one JSON object such as {\"change\": \"log\", \"key\": \"run\", ...}") }
        var change: StreakChangeRequest
        do {
            change = try StreakChangeRequest.decode(Data(request.body))
        } catch {
            throw APIError(400, StreakStoreError.sentence(error))
        }
        if let key = request.headers["idempotency-key"] {
            if let operation = change.operation, operation != key {
                throw APIError(400, "the Idempotency-Key header and the body's operation differ")
            }
            change.operation = key
        }
        let zone = try timezone(request), now = clock()
        let library = try form(request, ["library"]) != nil
        // The same operation asked in the other form is answered in that form.
        let answerKey = change.operation.map { library ? $0 + "\u{0}library" : $0 }
        if let operation = answerKey, let earlier = answered.answer(userId: userId, operation: operation) {
            guard earlier.body == request.body else { throw APIError(422, "operation '\(change.operation ?? operation)' was used for another change") }
            return earlier.response
        }
        let applied = try await change.apply(on: store, userId: userId, at: now, timezone: zone)
        let response = library
            ? try APIResponse.library(AppliedChange(applied.produced, alreadyApplied: applied.alreadyApplied, revisions: applied.revisions))
            : APIResponse.json(StatusJSON.changeResult(
                key: change.key, summary: change.change.summary(of: change.key), applied.produced, alreadyApplied: applied.alreadyApplied,
                now: now, zone: zone
            ))
        if let operation = answerKey { answered.record(userId: userId, operation: operation, body: request.body, response: response) }
        return response
    }

    private func stream(as userId: String, _ request: APIRequest) async throws -> APIResponse {
        if let last = request.headers["last-event-id"], !EventStream.isEventId(last) {
            throw APIError(400, "Last-Event-ID '\(last.prefix(40))' is not an id this server gave (NUMBER-NUMBER)")
        }
        let events: AsyncStream<[UInt8]>
        let followed = Ledger.allCases.compactMap { ledger in request.query[ledger.rawValue].map { (ledger, $0) } }
        let allPoints = request.query["points"]
        guard followed.count + (allPoints == nil ? 0 : 1) < 2 else {
            throw APIError(400, "a stream follows the streaks, one experience key, one progress key or all points: give one of experience, progress and points")
        }
        if let allPoints {
            guard allPoints == "all" else { throw APIError(400, "points: '\(allPoints.prefix(20))' is not 'all' (every experience and progress key and the points settings)") }
            let points = try revisionedPoints()
            let onEnd = try openLedgerStream(userId)
            events = EventStream.signals(Self.throwing(points.watchAllPoints(userId: userId)), name: "points", key: "all", heartbeat: heartbeat, onEnd: onEnd)
        } else if let (ledger, key) = followed.first {
            try Self.ledgerKey(key)
            let points = try pointsStore()
            let onEnd = try openLedgerStream(userId)
            events = EventStream.signals(ledger.watch(points, userId: userId, key: key), name: ledger.rawValue, key: key, heartbeat: heartbeat, onEnd: onEnd)
        } else {
            let zone = try timezone(request)
            let updates = store.watchStreaks(userId: userId, now: clock, timezone: { zone })
            events = EventStream.events(of: updates, heartbeat: heartbeat, now: clock, zone: zone)
        }
        return APIResponse(
            status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"), ("X-Accel-Buffering", "no")], body: .stream(events)
        )
    }

    private static func throwing(_ signals: AsyncStream<Void>) -> AsyncThrowingStream<Void, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Void, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let forwarding = Task {
            for await _ in signals { continuation.yield(()) }
            continuation.finish()
        }
        continuation.onTermination = { _ in forwarding.cancel() }
        return stream
    }

    /// Counts a user's new experience or progress stream, refusing one over the limit; what to
    /// call when it ends.
    private func openLedgerStream(_ userId: String) throws -> @Sendable () -> Void {
        let streams = ledgerStreams
        guard streams.open(userId) else {
            throw APIError(429, "at most \(streams.limit) experience and progress streams at once per user: close one first")
        }
        return { streams.close(userId) }
    }

    /// A key in a path that no streak can have is a streak the user does not have.
    static func existingKey(_ key: String) throws {
        guard (try? StreakValidation.validateStreakKey(key)) != nil else { throw APIError.noStreak(key) }
    }

    /// An experience or progress key in a path or a query that no store can keep.
    static func ledgerKey(_ key: String) throws {
        do {
            try StreakValidation.validateLedgerKey(key)
        } catch {
            throw APIError(400, StreakStoreError.sentence(error))
        }
    }

    /// A store's or a rule's refusal as an answer.
    static func refusal(_ error: any Error) -> APIError {
        let sentence = StreakStoreError.sentence(error)
        switch error {
        case StreakStoreError.unknownStreak(let key, _), StreakStoreError.notInTrash(let key, _):
            // Not the keys it has: the same answer whoever asks.
            return .noStreak(key)
        case StreakStoreError.streakExists, StreakStoreError.restoreKeyTaken:
            return APIError(409, sentence)
        case is StreakRuleError, is StreakStoreError, is ProgressError:
            return APIError(422, sentence)
        default:
            return APIError(500, sentence)
        }
    }
}

/// Answers to operations this server gave lately, so that an operation sent again (a reply
/// lost) gets the same answer; the change itself is safe to apply again in every store.
final class AnsweredOperations: Sendable {
    struct Answer {
        let body: [UInt8]
        let response: APIResponse
    }

    static let kept = 10_000
    private let answers = Mutex<(byKey: [String: Answer], order: [String])>(([:], []))

    func answer(userId: String, operation: String) -> Answer? {
        answers.withLock { $0.byKey[userId + "\u{0}" + operation] }
    }

    func record(userId: String, operation: String, body: [UInt8], response: APIResponse) {
        let key = userId + "\u{0}" + operation
        answers.withLock { answers in
            if answers.byKey.updateValue(Answer(body: body, response: response), forKey: key) == nil { answers.order.append(key) }
            if answers.order.count > Self.kept { answers.byKey[answers.order.removeFirst()] = nil }
        }
    }
}

/// The two ledgers beside the streaks, read and followed alike: experience points and progress.
enum Ledger: String, CaseIterable {
    case experience, progress

    func keys(_ points: any PointsStore, userId: String) async throws -> [String] {
        switch self {
        case .experience: try await points.experienceKeys(userId: userId)
        case .progress: try await points.progressKeys(userId: userId)
        }
    }

    /// The key's events (in the order added) or items.
    func record(_ points: any PointsStore, userId: String, key: String) async throws -> LedgerRecord {
        switch self {
        case .experience: LedgerRecord(key: key, events: try await points.experienceEvents(userId: userId, experienceKey: key))
        case .progress: LedgerRecord(key: key, items: try await points.progressItems(userId: userId, progressKey: key))
        }
    }

    func watch(_ points: any PointsStore, userId: String, key: String) -> AsyncThrowingStream<Void, any Error> {
        switch self {
        case .experience: points.watchExperience(userId: userId, experienceKey: key)
        case .progress: points.watchProgress(userId: userId, progressKey: key)
        }
    }
}

/// Streams open at once, by user, up to a limit each.
final class OpenStreams: Sendable {
    let limit: Int
    private let counts = Mutex<[String: Int]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one more for `userId`; false (nothing counted) at the limit.
    func open(_ userId: String) -> Bool {
        counts.withLock { counts in
            guard counts[userId, default: 0] < limit else { return false }
            counts[userId, default: 0] += 1
            return true
        }
    }

    func close(_ userId: String) {
        counts.withLock { counts in
            let left = counts[userId, default: 1] - 1
            counts[userId] = left > 0 ? left : nil
        }
    }
}
