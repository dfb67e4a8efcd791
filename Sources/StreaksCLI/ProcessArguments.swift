import CProcessArguments
import Foundation

/// The command line this process was started with. Swift's `CommandLine` on Linux reads it
/// through /proc and is empty where /proc is not mounted; the C runtime's own copy, kept
/// before `main`, is asked then.
enum ProcessArguments {
    /// The program's name and arguments; empty only when neither source has them.
    static var current: [String] {
        if !CommandLine.arguments.isEmpty { return CommandLine.arguments }
        guard let vector = process_arguments_vector() else { return [] }
        return (0..<Int(process_arguments_count())).compactMap { vector[$0].map { String(cString: $0) } }
    }
}
