import Foundation
import Synchronization
import Testing
@testable import StreakServer
import SwiftfulGamification
import SwiftfulGamificationFileStore
#if os(Linux)
import Glibc

/// Stopping a server while clients keep connecting: every connection accepted in the window
/// between the listener closing and the connection's activation must be wound down, not
/// dropped (a dropped one traps the whole process, apple/swift-nio#2813).
struct ServerStopTests {
    @Test func aServerStoppedWhileClientsConnectStopsCleanly() async throws {
        let root = NSTemporaryDirectory() + "streaks-stop-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let api = StreakAPI(store: FileStreakStore(rootPath: root).onOwnThreads, tokens: FileTokenBook(storeRoot: root), zone: TimeZone(identifier: "UTC")!)
        for _ in 0..<20 {
            let serving = try await StreakHTTPServer(api: api, host: "127.0.0.1", port: 0).start()
            let port = serving.port
            let knocks = Atomic<Int>(0)
            let knocking = Task { await Self.offThePool { Self.knockUntilRefused(port: port, counting: knocks) } }
            // Stop once the knocking has begun (on a busy machine its thread can start late).
            for _ in 0..<1_000 where knocks.load(ordering: .relaxed) == 0 { try await Task.sleep(for: .milliseconds(5)) }
            await serving.stop()
            let (connected, refused) = await knocking.value
            #expect(connected > 0 && refused, "connections went on up to the stop and were refused after it")
        }
    }

    /// A client that stops mid-request (headers unfinished, or a body shorter than it said) is
    /// cut off after the idle timeout, and holds no one else up meanwhile.
    @Test func aStalledClientIsCutOffAndHoldsNoOneUp() async throws {
        let root = NSTemporaryDirectory() + "streaks-stall-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let api = StreakAPI(store: FileStreakStore(rootPath: root).onOwnThreads, tokens: FileTokenBook(storeRoot: root), zone: TimeZone(identifier: "UTC")!)
        let serving = try await StreakHTTPServer(api: api, host: "127.0.0.1", port: 0, idleTimeout: .seconds(1)).start()
        let partial = [
            "GET /v1/streaks HTTP/1.1\r\nHost: x\r\n",
            "POST /v1/changes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"change\"",
            "",
        ]
        let port = serving.port
        for sent in partial {
            // The sockets block: they are worked off the tasks' threads, which the server needs.
            let (otherAnswer, answer, waited) = await Self.offThePool { () -> (String, String, Double) in
                guard let socket = Self.connect(port: port), let other = Self.connect(port: port) else { return ("", "", -1) }
                defer { close(socket) }
                _ = sent.withCString { send(socket, $0, strlen($0), 0) }
                let began = Date()
                // Meanwhile another client is answered at once.
                let request = "GET /v1/openapi.yaml HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                _ = request.withCString { send(other, $0, strlen($0), 0) }
                let otherAnswer = Self.readAll(other)
                close(other)
                let answer = Self.readAll(socket)
                return (otherAnswer, answer, Date().timeIntervalSince(began))
            }
            #expect(otherAnswer.hasPrefix("HTTP/1.1 200"), "a stalled client holds no one up (\(sent.prefix(20)))")
            #expect(waited >= 0.5 && waited < 10, "cut off after the idle timeout, not at once and not never: \(waited) s for \(sent.prefix(20))")
            #expect(!answer.contains("200 OK"), "nothing was answered as if it had come whole: \(answer.prefix(80))")
        }
        await serving.stop()
    }

    /// `work` on a thread of its own, not one of the few that run the tests' and the server's tasks.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    static func connect(port: Int) -> Int32? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(socket)
            return nil
        }
        return socket
    }

    /// Everything the server sends until it closes the connection (at most 20 s).
    static func readAll(_ socket: Int32) -> String {
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Opens and closes connections as fast as it can until one is refused (at most 100,000):
    /// how many were taken, and whether one was refused.
    static func knockUntilRefused(port: Int, counting knocks: borrowing Atomic<Int>) -> (connected: Int, refused: Bool) {
        var connected = 0
        for _ in 0..<100_000 {
            guard let socket = connect(port: port) else { return (connected, true) }
            close(socket)
            connected += 1
            knocks.wrappingAdd(1, ordering: .relaxed)
        }
        return (connected, false)
    }
}
#endif
