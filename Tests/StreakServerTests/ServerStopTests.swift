import Foundation
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
            let knocking = Task.detached { Self.knockUntilRefused(port: serving.port) }
            try await Task.sleep(for: .milliseconds(5))
            await serving.stop()
            let (connected, refused) = await knocking.value
            #expect(connected > 0 && refused, "connections went on up to the stop and were refused after it")
        }
    }

    /// Opens and closes connections as fast as it can until one is refused (at most 100,000):
    /// how many were taken, and whether one was refused.
    static func knockUntilRefused(port: Int) -> (connected: Int, refused: Bool) {
        var connected = 0
        for _ in 0..<100_000 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { continue }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(socket)
            guard result == 0 else { return (connected, true) }
            connected += 1
        }
        return (connected, false)
    }
}
#endif
