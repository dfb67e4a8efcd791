import Foundation
import SwiftfulGamification
import Synchronization

/// The command's one seam to the outside world: output, environment, input and the clock.
struct Console: Sendable {
    var environment: [String: String]
    var write: @Sendable (String) -> Void
    var writeError: @Sendable (String) -> Void
    /// - Throws: `CLIError.cannotRead` when standard input is closed or fails.
    var readStandardInput: @Sendable () throws -> [UInt8]
    var clock: @Sendable () -> Date
    /// One line of standard input without its newline; nil at its end (a walk's answers).
    var readLine: @Sendable () -> String? = { Swift.readLine(strippingNewline: true) }
    /// Whether standard input is a terminal (its typing is echoed by the terminal, not us).
    var inputIsTerminal: @Sendable () -> Bool = { isatty(STDIN_FILENO) == 1 }
    /// Whether standard output is a terminal (where a line may be dimmed).
    var outputIsTerminal: @Sendable () -> Bool = { isatty(STDOUT_FILENO) == 1 }
    /// Why standard output did not take everything written to it, if it did not.
    var outputFailure: @Sendable () -> String? = { nil }
    /// What the command has saved so far, so that any later failure can say so.
    let saved = SavedWork()

    static let system = Console(
        environment: ProcessInfo.processInfo.environment,
        write: { StandardStreams.output.write($0) },
        writeError: { StandardStreams.error.write($0) },
        readStandardInput: { try StandardStreams.readInput() },
        clock: Date.init,
        outputFailure: { StandardStreams.output.failure }
    )

    @TaskLocal static var current = Console.system

    func print(_ line: String = "") { write(line + "\n") }

    /// Whether lines may be styled: a terminal that is not "dumb", and no NO_COLOR.
    var stylesText: Bool {
        outputIsTerminal() && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
    func warn(_ line: String) { writeError("streaks: warning: " + line + "\n") }
}

/// What a command has saved, named the way its message would name it ("the event of
/// 2024-01-05 09:30 EST"), so a failure after the save says exactly what a retry would
/// repeat.
final class SavedWork: Sendable {
    private let items = Mutex<[String]>([])

    func note(_ item: String) { items.withLock { $0.append(item) } }

    /// For a failure whose own message says what was saved.
    func forget() { items.withLock { $0.removeAll() } }

    var summary: String? {
        items.withLock { $0.isEmpty ? nil : $0.joined(separator: ", ") }
    }
}
