import Foundation
import Testing
@testable import StreakDashboard

/// How a snapshot records styles: the roles (what a colour terminal colours), or the
/// attributes a terminal without colour gets (`NO_COLOR`, vt100).
enum SnapshotStyles {
    case roles
    case attributes
}

/// Compares a grid with `__Snapshots__/NAME.txt` (its text, then its style map). Set
/// RECORD_SNAPSHOTS=1 to write the files anew.
func assertSnapshot(
    _ grid: Grid, named name: String, styles: SnapshotStyles = .roles, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = directory.appendingPathComponent("\(name).txt")
    let styleLines = styles == .roles ? grid.styleLines : attributeLines(grid)
    let heading = styles == .roles ? "--- styles" : "--- attributes without colour (b bold, d dim, u underline, r reverse)"
    let rendered = "size \(grid.width)x\(grid.height)\n" + grid.lines.joined(separator: "\n") + "\n\(heading)\n" + styleLines.joined(separator: "\n") + "\n"
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil
    guard !recording, let stored = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? rendered.write(to: file, atomically: true, encoding: .utf8)
        if !recording { Issue.record("No snapshot \(name).txt: recorded it; run again.", sourceLocation: sourceLocation) }
        return
    }
    if stored != rendered {
        let storedLines = stored.split(separator: "\n", omittingEmptySubsequences: false)
        let renderedLines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(storedLines, renderedLines).enumerated().first { $0.element.0 != $0.element.1 }
        let detail = first.map { "line \($0.offset + 1):\n  expected: \($0.element.0)\n  rendered: \($0.element.1)" } ?? "different length"
        Issue.record("Snapshot \(name).txt differs (RECORD_SNAPSHOTS=1 re-records): \(detail)", sourceLocation: sourceLocation)
    }
}

/// One letter per cell for what a colourless terminal shows: reverse, bold, underline, dim.
func attributeLines(_ grid: Grid) -> [String] {
    let theme = ThemeCatalog.builtIn.theme(named: "default")!
    return (0..<grid.height).map { y in
        var line = String((0..<grid.width).map { x -> Character in
            let cell = grid[x, y]
            let style = ColorCapability.none.resolve(theme.style(for: cell.style.role), cell: cell.style)
            if style.reverse { return "r" }
            if style.bold { return style.underline ? "B" : "b" }
            if style.underline { return "u" }
            if style.dim { return "d" }
            return cell.glyph == " " ? " " : "."
        })
        while line.last == " " { line.removeLast() }
        return line
    }
}
