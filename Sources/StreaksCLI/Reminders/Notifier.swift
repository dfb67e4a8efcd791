import Foundation
import GamificationSupport
import Synchronization
import SwiftfulGamification
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a reminder goes, first that works: a desktop notification (freedesktop, through
/// `notify-send`, else `gdbus`) when a session bus is there; else the terminal (an OSC
/// notification the terminal understands, wrapped for tmux; BEL as the last resort).
struct Notifier {
    let environment: [String: String]

    enum Route: Equatable {
        case desktop(String)
        case terminal(String)
    }

    /// Delivers `message`; the route it took, or nil when nothing could take it.
    func deliver(_ message: ReminderMessage) -> Route? {
        if hasSessionBus {
            if let notifySend = executable("notify-send"),
               run(notifySend, ["--app-name=streaks", "--urgency=\(message.critical ? "critical" : "normal")", message.title, message.body]) {
                return .desktop("notify-send")
            }
            if let gdbus = executable("gdbus"), run(gdbus, gdbusArguments(message)) { return .desktop("gdbus") }
        }
        if let sequence = terminalSequence(message), writeToTerminal(sequence) { return .terminal(sequenceName) }
        return nil
    }

    /// `$DBUS_SESSION_BUS_ADDRESS`, or the bus socket systemd makes in `$XDG_RUNTIME_DIR`.
    var hasSessionBus: Bool {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
        guard let runtime = XDGDirectories(environment: environment).runtimeDirectory else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/bus")
    }

    func executable(_ name: String) -> String? {
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    /// The freedesktop Notify call: app name, no replacement, no icon, title, body, no
    /// actions, urgency (2 critical, 1 normal), the server's default timeout.
    func gdbusArguments(_ message: ReminderMessage) -> [String] {
        [
            "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
            "--method", "org.freedesktop.Notifications.Notify", "streaks", "0", "", message.title, message.body, "[]",
            "{'urgency': <byte \(message.critical ? 2 : 1)>}", "-1",
        ]
    }

    // MARK: Terminal

    /// Which notification sequence the terminal understands: kitty's OSC 99, OSC 777 for
    /// foot, urxvt, WezTerm and VTE terminals, OSC 9 for iTerm2, Windows Terminal, ConEmu,
    /// Ghostty and the rest; none for a console that shows only text (BEL then).
    var sequenceName: String {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if environment["KITTY_WINDOW_ID"] != nil || term.hasPrefix("xterm-kitty") { return "OSC 99" }
        if term.hasPrefix("foot") || term.hasPrefix("rxvt") || program == "WezTerm" || environment["VTE_VERSION"] != nil { return "OSC 777" }
        if term == "linux" || term == "dumb" || term.hasPrefix("vt") || term.isEmpty { return "BEL" }
        return "OSC 9"
    }

    /// The bytes to write: the sequence (inside tmux, wrapped so tmux passes it on), then BEL.
    func terminalSequence(_ message: ReminderMessage) -> String? {
        let text = Self.printable(message.title + ": " + message.body)
        let osc: String
        switch sequenceName {
        case "OSC 99": osc = "\u{1B}]99;i=streaks:d=0;\(Self.printable(message.title))\u{1B}\\\u{1B}]99;i=streaks:d=1:p=body;\(Self.printable(message.body))\u{1B}\\"
        case "OSC 777": osc = "\u{1B}]777;notify;\(Self.printable(message.title).replacingOccurrences(of: ";", with: ","));\(Self.printable(message.body))\u{1B}\\"
        case "OSC 9": osc = "\u{1B}]9;\(text)\u{1B}\\"
        default: return "\u{07}"
        }
        let wrapped = environment["TMUX"].map { _ in "\u{1B}Ptmux;" + osc.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\" } ?? osc
        return wrapped + "\u{07}"
    }

    /// Text safe inside an escape sequence: no control characters.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }.map(Character.init))
    }

    /// Writes to the controlling terminal (a cron job has none).
    private func writeToTerminal(_ sequence: String) -> Bool {
        let descriptor = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(sequence.utf8)
        return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }

    /// Runs a shell command of the user's to its end, with `variables` added: its exit status
    /// and what it wrote (both streams read at once, so neither can fill up and stall it).
    func runCommand(_ command: String, variables: [String: String]) -> (status: Int32, output: Data, errors: Data)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = environment.merging(variables) { _, new in new }
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let readErrors = DispatchQueue(label: "streaks.remind.stderr")
        let written = Mutex(Data())
        let group = DispatchGroup()
        readErrors.async(group: group) { let data = errors.fileHandleForReading.readDataToEndOfFile(); written.withLock { $0 = data } }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, printed, written.withLock { $0 })
    }

    /// Runs a program to its end, quietly; whether it succeeded.
    func run(_ executable: String, _ arguments: [String], extraEnvironment: [String: String] = [:]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment.merging(extraEnvironment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
