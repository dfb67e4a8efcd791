import Foundation
import StreakDashboard

/// What the dashboard's run loop needs of a terminal: its size and character set, a frame
/// drawn, and its input (keys, resizes, the end of the session) delivered as events.
/// `NcursesBackend` is the real one; `MemoryBackend` runs the key-to-frame path in tests.
@MainActor
package protocol TerminalBackend: AnyObject {
    var size: (width: Int, height: Int) { get }
    var isUTF8: Bool { get }
    /// Starts delivering input to `deliver`; `redraw` asks for the frame again (after the
    /// process was suspended and continued).
    func start(deliver: @escaping @MainActor (AppEvent) -> Void, redraw: @escaping @MainActor () -> Void)
    func draw(_ grid: Grid, theme: Theme)
    /// Stops the input and gives the terminal back as it was.
    func stop()
}

/// A terminal in memory: frames kept, keys pressed by the test.
@MainActor
package final class MemoryBackend: TerminalBackend {
    package let size: (width: Int, height: Int)
    package let isUTF8 = true
    package private(set) var frames: [Grid] = []
    private var deliver: (@MainActor (AppEvent) -> Void)?

    package init(width: Int, height: Int) {
        size = (width, height)
    }

    package func start(deliver: @escaping @MainActor (AppEvent) -> Void, redraw: @escaping @MainActor () -> Void) {
        self.deliver = deliver
    }

    package func draw(_ grid: Grid, theme: Theme) { frames.append(grid) }

    package func stop() { deliver = nil }

    package func press(_ key: Key) { deliver?(.key(key)) }
}
