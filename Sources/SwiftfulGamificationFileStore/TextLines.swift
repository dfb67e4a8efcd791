#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits bytes into lines the same way for every file the store reads: a line ends at
/// `\n`, and a `\r` before it belongs to the line end (files written on Windows read the
/// same). Splitting a `String` on "\n" would not do: "\r\n" is one `Character`.
package enum TextLines {
    /// Calls `body` with each complete line (without its line end), in order, and returns
    /// the offset just past the last `\n`; bytes after it are an unterminated last line.
    @discardableResult
    package static func forEach(_ buffer: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var start = 0
        while start < buffer.count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) {
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var end = newline
            if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            try body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
            start = newline + 1
        }
        return start
    }

    /// True for a line of nothing but spaces and tabs.
    package static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
