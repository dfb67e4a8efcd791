import Foundation
import MCP

/// A tool `streaks mcp` offers an agent: a command of `streaks` whose words are made from the
/// tool's arguments, so the agent gets exactly what the command line does (its checks, its
/// messages, its JSON) and nothing a command could not do.
struct AgentTool: Sendable {
    let name: String
    let description: String
    /// The command's words before any argument (`["status"]`), which a `chooser` argument may pick.
    let command: @Sendable ([String: Value]) -> [String]
    let parameters: [Parameter]
    /// Adds `--json`: the command answers in the JSON scripts read.
    let json: Bool
    let readOnly: Bool

    struct Parameter: Sendable {
        enum Kind: Sendable { case string, integer, number, boolean }
        enum Place: Sendable, Equatable {
            /// An argument of the command, in the order the parameters are listed.
            case positional
            /// `--flag=value`, or `--flag` alone for a boolean that is true.
            case option(String)
            /// Read by `command` (a boolean choosing the subcommand), not passed on.
            case chooser
        }
        let name: String
        let kind: Kind
        let place: Place
        let required: Bool
        let description: String

        init(_ name: String, _ kind: Kind, _ place: Place, required: Bool = false, _ description: String) {
            self.name = name
            self.kind = kind
            self.place = place
            self.required = required
            self.description = description
        }
    }

    /// What an agent is told the tool takes (JSON Schema).
    var tool: Tool {
        var properties: [String: Value] = [:]
        for parameter in parameters {
            let type = switch parameter.kind {
            case .string: "string"
            case .integer: "integer"
            case .number: "number"
            case .boolean: "boolean"
            }
            properties[parameter.name] = .object(["type": .string(type), "description": .string(parameter.description)])
        }
        let schema: Value = .object([
            "type": "object",
            "properties": .object(properties),
            "required": .array(parameters.filter(\.required).map { .string($0.name) }),
            "additionalProperties": false,
        ])
        return Tool(name: name, description: description, inputSchema: schema, annotations: .init(readOnlyHint: readOnly, destructiveHint: false))
    }

    /// The words of the command line the arguments ask for. Option values ride in `--flag=value`
    /// and positional ones after `--`, so no argument can be read as an option (say `--store`).
    /// - Throws: `AgentToolError` for an argument the tool does not take, a missing one, or a value of the wrong kind.
    func words(for arguments: [String: Value]) throws -> [String] {
        let known = Set(parameters.map(\.name))
        if let unknown = arguments.keys.sorted().first(where: { !known.contains($0) }) {
            throw AgentToolError("\(name) takes no argument '\(unknown)'; it takes \(parameters.map(\.name).joined(separator: ", "))")
        }
        var options: [String] = []
        var positionals: [String] = []
        for parameter in parameters {
            guard let value = arguments[parameter.name], value != .null else {
                if parameter.required { throw AgentToolError("\(name) needs '\(parameter.name)': \(parameter.description)") }
                continue
            }
            let text = try self.text(of: value, for: parameter)
            switch parameter.place {
            case .positional:
                positionals.append(text)
            case .option(let flag):
                if parameter.kind == .boolean {
                    if text == "true" { options.append(flag) }
                } else {
                    options.append("\(flag)=\(text)")
                }
            case .chooser:
                break
            }
        }
        return command(arguments) + options + (json ? ["--json"] : []) + ["--"] + positionals
    }

    /// A value as the command line writes it; numbers sent as strings are taken as numbers.
    private func text(of value: Value, for parameter: Parameter) throws -> String {
        let wrong = AgentToolError("\(name): '\(parameter.name)' must be \(parameter.kind.article), not \(value)")
        switch (parameter.kind, value) {
        case (.string, .string(let text)):
            return text
        case (.boolean, .bool(let flag)):
            return flag ? "true" : "false"
        case (.integer, .int(let number)):
            return String(number)
        case (.integer, .double(let number)) where number.rounded() == number && abs(number) < 1e15:
            return String(Int(number))
        case (.integer, .string(let text)) where Int(text) != nil:
            return text
        case (.number, .int(let number)):
            return String(number)
        case (.number, .double(let number)) where number.isFinite:
            return number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case (.number, .string(let text)) where Double(text)?.isFinite == true:
            return text
        default:
            throw wrong
        }
    }
}

extension AgentTool.Parameter.Kind {
    var article: String {
        switch self {
        case .string: "a string"
        case .integer: "a whole number"
        case .number: "a number"
        case .boolean: "true or false"
        }
    }
}

/// A tool call that does not read, in a sentence.
struct AgentToolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
