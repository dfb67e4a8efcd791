import Foundation
import GamificationSupport
import Synchronization
import StreakDashboard
import SwiftfulGamification

/// For the benchmarks (hidden `--trace-file`): a line per key and per frame with a
/// monotonic time, the calculations run and store files read so far in this process, and
/// the selected streak's event count, so a harness can measure a key's cost to the frame
/// that shows its result.
package final class DashboardTrace: Sendable {
    private let handle: Mutex<FileHandle>

    package init?(path: String?) {
        guard let path, FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else { return nil }
        self.handle = Mutex(handle)
    }

    func key() {
        write("key \(DispatchTime.now().uptimeNanoseconds)")
    }

    /// A write has returned (before its outcome reaches the screen): reads after it are the
    /// screen's own.
    func written() {
        write("written \(DispatchTime.now().uptimeNanoseconds) reads=\(Instrumentation.value(.fileRead))")
    }

    func frame(after event: AppEvent?, state: DashboardState) {
        let kind = event?.name ?? "start"
        let total = state.view?.streak.totalEvents ?? -1
        write("frame \(DispatchTime.now().uptimeNanoseconds) calculations=\(Instrumentation.value(.calculation)) reads=\(Instrumentation.value(.fileRead)) events=\(total) after=\(kind)")
    }

    private func write(_ line: String) {
        handle.withLock { try? $0.write(contentsOf: Data((line + "\n").utf8)) }
    }
}
