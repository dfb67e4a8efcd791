import Foundation
import GamificationSupport
import SwiftfulGamification

/// `streaks remind --install`: a systemd user service and timer (`Persistent=true`: a run
/// missed while the machine slept happens on wake), enabled when `systemctl --user` works;
/// else the crontab line to add. `--uninstall` takes them away. Both say what they did.
struct ReminderInstall {
    let environment: [String: String]
    let notifier: Notifier

    static let service = "streaks-remind.service"
    static let timer = "streaks-remind.timer"

    var unitDirectory: String {
        XDGDirectories(environment: environment).configHome + "/systemd/user"
    }

    /// The environment the runs need (where the streaks are), kept in the service.
    static let carried = ["STREAKS_DATABASE", "STREAKS_HOME", "STREAKS_USER", "XDG_DATA_HOME", "XDG_STATE_HOME", "STREAKS_REPLICA"]

    func serviceUnit(command: [String]) -> String {
        var lines = [
            "[Unit]", "Description=streaks: remind about streaks at risk", "", "[Service]", "Type=oneshot",
            // The desktop's notification server is on the user's session bus.
            "Environment=DBUS_SESSION_BUS_ADDRESS=unix:path=%t/bus",
        ]
        for name in Self.carried {
            if let value = environment[name], !value.isEmpty { lines.append("Environment=\(Self.quoted("\(name)=\(value)"))") }
        }
        lines.append("ExecStart=" + command.map(Self.quoted).joined(separator: " "))
        return lines.joined(separator: "\n") + "\n"
    }

    func timerUnit(_ schedule: ReminderSchedule, calendar: String) -> String {
        [
            "[Unit]", "Description=streaks: remind every \(schedule.minutes) minutes", "", "[Timer]", "OnCalendar=\(calendar)", "Persistent=true",
            "", "[Install]", "WantedBy=timers.target",
        ].joined(separator: "\n") + "\n"
    }

    /// Whether a binary lives where a build puts it (SwiftPM's `.build` or a `.build-*`
    /// scratch folder, Xcode's DerivedData): the next build may replace or remove it.
    static func isInBuildFolder(_ binary: String) -> Bool {
        binary.split(separator: "/").dropLast().contains { $0.hasPrefix(".build") || $0 == "DerivedData" }
    }

    /// A word for systemd: quoted, with `\`, `"` and `%` escaped.
    static func quoted(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "%", with: "%%") + "\""
    }

    /// A word for a crontab line's shell: single-quoted, `%` escaped (cron ends the command at one).
    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "%", with: "\\%") + "'"
    }

    /// Installs; the lines to print.
    func install(_ schedule: ReminderSchedule, command: [String]) throws -> [String] {
        guard let calendar = schedule.onCalendar, let cron = schedule.cronFields else {
            throw CLIError.usage("--every must divide an hour (5m, 10m, 15m, 20m, 30m) or a day in whole hours (1h, 2h, 3h, 4h, 6h, 8h, 12h, 24h)", command: "streaks remind")
        }
        if let systemctl = notifier.executable("systemctl"), notifier.run(systemctl, ["--user", "show-environment"]) {
            try FileManager.default.createDirectory(atPath: unitDirectory, withIntermediateDirectories: true)
            try write(serviceUnit(command: command), to: unitDirectory + "/" + Self.service)
            try write(timerUnit(schedule, calendar: calendar), to: unitDirectory + "/" + Self.timer)
            if notifier.run(systemctl, ["--user", "daemon-reload"]), notifier.run(systemctl, ["--user", "enable", "--now", Self.timer]) {
                return [
                    "Installed \(Self.timer) (every \(schedule.minutes) minutes\(window(schedule))) and \(Self.service) in \(unitDirectory); enabled.",
                    "`systemctl --user list-timers` shows the next run; `streaks remind --uninstall` takes it away.",
                ]
            }
            try? FileManager.default.removeItem(atPath: unitDirectory + "/" + Self.service)
            try? FileManager.default.removeItem(atPath: unitDirectory + "/" + Self.timer)
        }
        return [
            "systemctl --user is not available here: add this line to your crontab (`crontab -e`):",
            "\(cron) \(command.map(Self.shellQuoted).joined(separator: " "))",
        ]
    }

    /// Uninstalls; the lines to print.
    func uninstall() -> [String] {
        let paths = [Self.timer, Self.service].map { unitDirectory + "/" + $0 }
        let present = paths.filter { FileManager.default.fileExists(atPath: $0) }
        guard !present.isEmpty else {
            return ["No \(Self.timer) in \(unitDirectory): nothing to remove (a crontab line, if you added one, is removed with `crontab -e`)."]
        }
        let systemctl = notifier.executable("systemctl")
        if let systemctl { _ = notifier.run(systemctl, ["--user", "disable", "--now", Self.timer]) }
        for path in present { try? FileManager.default.removeItem(atPath: path) }
        if let systemctl { _ = notifier.run(systemctl, ["--user", "daemon-reload"]) }
        return ["Removed \(present.map { ($0 as NSString).lastPathComponent }.joined(separator: " and ")) from \(unitDirectory); no more reminders."]
    }

    private func window(_ schedule: ReminderSchedule) -> String {
        guard let from = schedule.from, let to = schedule.to else { return "" }
        return ", \(ReminderSchedule.text(from))-\(ReminderSchedule.text(to))"
    }

    /// Unit files may name a database URL with its password: the owner's alone.
    private func write(_ text: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CLIError.cannotRead(path, reason: "cannot write it")
        }
    }
}
