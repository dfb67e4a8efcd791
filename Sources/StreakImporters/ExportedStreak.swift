import Foundation
import SwiftfulGamification

/// A streak as the exporters write it: its settings and what its days hold.
public struct ExportedStreak: Sendable {
    public var configuration: StreakConfiguration
    public var archived: Bool
    public var events: [StreakEvent]
    public var skips: [CalendarDay]
    public var notes: [StreakNote]

    public init(configuration: StreakConfiguration, archived: Bool, events: [StreakEvent], skips: [CalendarDay], notes: [StreakNote]) {
        self.configuration = configuration
        self.archived = archived
        self.events = events
        self.skips = skips
        self.notes = notes
    }

    public var name: String { configuration.displayName }

    /// Each day with events, and the sum of their amounts (each event's own day, in its own zone).
    public func dayTotals(defaultZone: TimeZone) -> [CalendarDay: Double] {
        var totals: [CalendarDay: Int64] = [:]
        var zones: [String: TimeZone] = [:]
        for event in events where !event.isFreeze {
            let zone = zones[event.timezone] ?? TimeZone(identifier: event.timezone) ?? defaultZone
            zones[event.timezone] = zone
            totals[CalendarDay(containing: event.dateCreated, in: zone), default: 0] += StreakAmount.thousandths(event.countedAmount)
        }
        return totals.mapValues { StreakAmount.value(thousandths: $0) }
    }
}

/// Writing export files into a folder: never over files already there.
enum ExportFolder {
    static func prepare(_ folder: String, files: [String]) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw ImportFormatError(folder, "is a file; give a folder to write the export into") }
            for file in files where FileManager.default.fileExists(atPath: "\(folder)/\(file)") {
                throw ImportFormatError("\(folder)/\(file)", "exists already; give an empty folder (an export never writes over files)")
            }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ImportFormatError(folder, "cannot be made: \(error.localizedDescription)")
            }
        }
    }

    static func write(_ text: String, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            throw ImportFormatError(path, "cannot be written: \(error.localizedDescription)")
        }
    }
}
