/// "1 event", "2 events": the one English plural every surface writes (for the package's
/// targets, not the library's API).
package func counted(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
}
