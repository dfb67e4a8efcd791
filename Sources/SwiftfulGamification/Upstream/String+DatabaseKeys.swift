import Foundation

/// Upstream's key sanitisers, to the letter: whitespace becomes `_`, anything but letters
/// (any script), digits and `_` goes, runs of `_` collapse, the ends are trimmed, and an empty
/// result is `item`. Distinct names stay distinct ("日本" and "中国" are two progress ids), so
/// the result is not always a valid streak key: `StreakValidation.validateStreakKey` says.
extension String {
    public func sanitizeForDatabaseKeysByConvertingToLowercaseAndRemovingWhitespaceAndSpecialCharacters() -> String {
        lowercased().sanitizedForDatabaseKey()
    }

    public func sanitizeForDatabaseKeysByRemovingWhitespaceAndSpecialCharacters() -> String {
        sanitizedForDatabaseKey()
    }

    private func sanitizedForDatabaseKey() -> String {
        var result = ""
        for character in self {
            if character == " " || character == "\t" || character == "\n" {
                result.append("_")
            } else if character.isLetter || character.isNumber || character == "_" {
                result.append(character)
            }
        }
        let joined = result.split(separator: "_", omittingEmptySubsequences: true).joined(separator: "_")
        return joined.isEmpty ? "item" : joined
    }
}
