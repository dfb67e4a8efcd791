import Foundation

/// A file an importer refuses, with where and why: nothing is written after one.
public struct ImportFormatError: Error, LocalizedError, Equatable {
    /// The file (or a file inside an archive) and, where known, the line or field.
    public var place: String
    public var reason: String

    public init(_ file: String, line: Int? = nil, field: String? = nil, _ reason: String) {
        var place = file
        if let line { place += " line \(line)" }
        if let field { place += " (\(field))" }
        self.place = place
        self.reason = reason
    }

    public var errorDescription: String? { "\(place): \(reason)" }
}
