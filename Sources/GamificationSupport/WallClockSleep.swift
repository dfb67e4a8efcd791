import Dispatch
import Foundation
import Synchronization

/// Sleeps until `deadline` on the wall clock, or until the task is cancelled.
///
/// For waits that end at a wall-clock instant (a feed's next boundary, a dashboard's next
/// minute): `Task.sleep` counts a duration, so a clock set by NTP or by hand while it waits
/// moves the instant it wakes at; a wall-clock dispatch timer wakes at the instant itself.
package func sleep(untilWallClock deadline: Date) async {
    let waiter = WallClockWaiter()
    await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            guard waiter.wait(continuation) else { return }
            let seconds = deadline.timeIntervalSince1970
            let whole = seconds.rounded(.down)
            let wake = DispatchWallTime(timespec: timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9)))
            DispatchQueue.global().asyncAfter(wallDeadline: wake) { waiter.wake() }
        }
    } onCancel: {
        waiter.wake()
    }
}

/// Resumes a sleeper once, whichever comes first: its deadline or its cancellation.
private final class WallClockWaiter: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Void, Never>?, woken: Bool)>((nil, false))

    /// Keeps the continuation; false (after resuming it) when the wake came first.
    func wait(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
        let woken = state.withLock { state in
            if !state.woken { state.continuation = continuation }
            return state.woken
        }
        if woken { continuation.resume() }
        return !woken
    }

    func wake() {
        let continuation = state.withLock { state in
            defer { state = (nil, true) }
            return state.continuation
        }
        continuation?.resume()
    }
}
