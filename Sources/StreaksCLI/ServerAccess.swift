import Foundation
import SwiftfulGamificationHTTP

/// `--server URL` (or `$STREAKS_SERVER`): the streaks of a streak server, with a token from
/// `--token-file` (a file only its owner can read) or `$STREAKS_TOKEN`; never from the
/// command line, where other users' `ps` would see it.
enum ServerAccess {
    /// The server to use, when one is asked for; nil for a store or a database.
    static func chosen(server: String?, store: String?, database: String?, environment: [String: String]) throws -> URL? {
        let explicit = server ?? ((store == nil && database == nil) ? environment["STREAKS_SERVER"].flatMap { $0.isEmpty ? nil : $0 } : nil)
        guard let text = explicit else { return nil }
        if server != nil, store != nil || database != nil {
            throw CLIError.usage("give --server, --store or --database, one of them", command: "streaks")
        }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false else {
            throw CLIError.usage("--server '\(text.prefix(80))' is not an http:// or https:// URL, such as https://streaks.example.com/v1", command: "streaks")
        }
        return url
    }

    static func token(file: String?, environment: [String: String]) throws -> String {
        guard let file else {
            guard let token = environment["STREAKS_TOKEN"], !token.isEmpty else {
                throw CLIError.usage("no token for the server: set STREAKS_TOKEN or give --token-file (made by 'streaks token create')", command: "streaks")
            }
            return token.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var status = stat()
        guard stat(file, &status) == 0, let data = FileManager.default.contents(atPath: file) else {
            throw CLIError.usage("cannot read the token file \(file)", command: "streaks")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw CLIError.usage("the token file \(file) can be read by others: chmod 600 \(file)", command: "streaks")
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.contains(where: \.isWhitespace) else {
            throw CLIError.usage("the token file \(file) holds no token (one line, as 'streaks token create' prints it)", command: "streaks")
        }
        return token
    }
}
