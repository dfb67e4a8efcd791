import Foundation
@testable import StreakServer

/// A request to an API as a test makes it: the status, the body as JSON, the whole response.
func ask(
    _ api: StreakAPI, _ method: String, _ path: String, token: String?, query: [String: String] = [:], body: String = "", headers: [String: String] = [:]
) async -> (status: Int, json: [String: Any], response: APIResponse) {
    var headers = headers
    if let token { headers["Authorization"] = "Bearer \(token)" }
    let response = await api.handle(APIRequest(method: method, path: path, query: query, headers: headers, body: Array(body.utf8)))
    let json = (try? JSONSerialization.jsonObject(with: Data(response.bytes))) as? [String: Any] ?? [:]
    return (response.status, json, response)
}

/// An error answer's sentence.
func errorMessage(_ json: [String: Any]) -> String {
    ((json["error"] as? [String: Any])?["message"] as? String) ?? ""
}

/// The next event of a stream that is not a heartbeat, as (name, id, JSON object).
func nextEvent(_ iterator: inout AsyncStream<[UInt8]>.Iterator) async -> (name: String, id: String, json: [String: Any])? {
    while let chunk = await iterator.next() {
        let text = String(decoding: chunk, as: UTF8.self)
        var name = "", id = "", data = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
            if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
            if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
        }
        guard !name.isEmpty else { continue }
        return (name, id, (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:])
    }
    return nil
}
