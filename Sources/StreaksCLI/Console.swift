import Foundation

/// The command's one seam to the outside world: output, environment, input and the clock.
struct Console: Sendable {
    var environment: [String: String]
    var write: @Sendable (String) -> Void
    var writeError: @Sendable (String) -> Void
    var readStandardInput: @Sendable () -> [UInt8]
    var clock: @Sendable () -> Date

    static let system = Console(
        environment: ProcessInfo.processInfo.environment,
        write: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        writeError: { text in FileHandle.standardError.write(Data(text.utf8)) },
        readStandardInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
        clock: Date.init
    )

    @TaskLocal static var current = Console.system

    func print(_ line: String = "") { write(line + "\n") }
    func warn(_ line: String) { writeError("streaks: warning: " + line + "\n") }
}
