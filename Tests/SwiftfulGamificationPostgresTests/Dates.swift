import Foundation

func date(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text)!
}
