import Foundation

/// Upstream's key sanitisers: whitespace becomes `_`, anything but letters, digits and `_`
/// goes, runs of `_` collapse, the ends are trimmed, and an empty result is `item`.
///
/// Ours keep to ASCII (accents folded: "Café" -> "cafe"; other letters dropped) and to 64
/// characters, so the lowercase one always returns a valid streak key.
extension String {
    public func sanitizeForDatabaseKeysByConvertingToLowercaseAndRemovingWhitespaceAndSpecialCharacters() -> String {
        lowercased().sanitizedForDatabaseKey()
    }

    public func sanitizeForDatabaseKeysByRemovingWhitespaceAndSpecialCharacters() -> String {
        sanitizedForDatabaseKey()
    }

    private func sanitizedForDatabaseKey() -> String {
        let folded = folding(options: [.diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var result = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) || scalar == "_" {
                result.unicodeScalars.append(scalar)
            } else if CharacterSet.whitespacesAndNewlines.contains(scalar) {
                result += "_"
            }
        }
        let parts = result.split(separator: "_", omittingEmptySubsequences: true)
        let joined = String(parts.joined(separator: "_").prefix(64))
        let trimmed = joined.hasSuffix("_") ? String(joined.dropLast()) : joined
        return trimmed.isEmpty ? "item" : trimmed
    }
}
