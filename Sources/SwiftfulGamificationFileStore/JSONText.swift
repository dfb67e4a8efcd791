/// Writes JSON text by hand for the store's own lines (the inverse of `JSONValue.parse`).
enum JSONText {
    static func quoted(_ text: String) -> String {
        var output = "\""
        output.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(format: "%.1f", value) : "\(value)"
    }

    /// `{"a":1,"b":"x"}` from members already written as JSON, in the given order.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }
}
