import Foundation

/// A side file of JSON lines (the freeze and skip ledgers): each line handed to `body`; a
/// line it cannot take is skipped with a warning naming the file and line.
enum RecordFile {
    static func forEachLine(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> [String] {
        guard let bytes = try POSIXFile.read(path, role: .user) else { return [] }
        var warnings: [String] = []
        var number = 0
        let name = (path as NSString).lastPathComponent
        let complete = bytes.withUnsafeBufferPointer { buffer in
            TextLines.forEach(buffer) { line in
                number += 1
                guard !TextLines.isBlank(line) else { return }
                do {
                    try body(line)
                } catch let problem as EventJSON.Problem {
                    warnings.append("\(name):\(number): \(problem.reason); line skipped")
                } catch {
                    warnings.append("\(name):\(number): \(error.localizedDescription); line skipped")
                }
            }
        }
        if complete < bytes.count { warnings.append("\(name): incomplete last line ignored") }
        return warnings
    }
}
