import CNcurses
import Foundation

/// Restores the terminal however the process ends: normal exit, or a fatal signal
/// (re-raised afterwards so the crash report survives).
package enum TerminalSafety {
    package static func install() {
        atexit { endwin() }
        for number in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT] {
            signal(number) { caught in
                endwin()
                signal(caught, SIG_DFL)
                raise(caught)
            }
        }
    }
}
