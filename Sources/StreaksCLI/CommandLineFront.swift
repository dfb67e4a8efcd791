import Foundation

/// What happens to the words of a command line before the parser sees them: the shared
/// options may come before the subcommand (`streaks --store ~/s log`, as with git), and a word
/// that is no subcommand is reported with the nearest one instead of reaching the dashboard.
enum CommandLineFront {
    /// The shared options that take a value (`GlobalOptions`).
    static let sharedOptionsWithValue: Set<String> = ["--store", "--database", "--user", "--now", "--timezone"]

    /// The arguments with leading shared options moved after the subcommand they precede.
    /// - Throws: `CLIError.unknownCommand` for a first word that is not a subcommand.
    /// - Parameter nested: the subcommands of a subcommand (`freeze add`), after which the
    ///   shared options go.
    static func normalize(_ arguments: [String], subcommands: [String], nested: [String: [String]] = [:]) throws -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            guard sharedOptionsWithValue.contains(name) else { break }
            let takesNext = !word.contains("=")
            leading += arguments[index..<min(arguments.count, index + (takesNext ? 2 : 1))]
            index += takesNext ? 2 : 1
        }
        guard index < arguments.count else { return arguments }
        let word = arguments[index]
        if word.hasPrefix("-") { return arguments }
        guard subcommands.contains(word) else {
            throw CLIError.unknownCommand(word, suggestion: nearest(to: word, in: subcommands))
        }
        var command = [word]
        if let inner = nested[word], index + 1 < arguments.count, inner.contains(arguments[index + 1]) {
            command.append(arguments[index + 1])
            index += 1
        }
        return command + leading + arguments[(index + 1)...]
    }

    /// The subcommand closest to a mistyped word, when it is close enough to be meant.
    static func nearest(to word: String, in names: [String]) -> String? {
        let scored = names.map { ($0, distance(word.lowercased(), $0)) }.min { $0.1 < $1.1 }
        guard let (name, score) = scored else { return nil }
        if name.hasPrefix(word.lowercased()) && word.count >= 2 { return name }
        return score <= max(1, name.count / 3) ? name : nil
    }

    /// Edit distance with transpositions (optimal string alignment): "stauts" is one step
    /// from "status".
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
