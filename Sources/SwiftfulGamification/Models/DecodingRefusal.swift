import Foundation

extension DecodingError {
    /// Runs a rule check on a value being decoded: a broken rule becomes the decoding error
    /// it is (data corrupted at the decoder's path, with the rule's own message).
    static func checking<Result>(_ decoder: any Decoder, _ check: () throws -> Result) throws -> Result {
        do {
            return try check()
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.localizedDescription, underlyingError: error))
        }
    }
}
