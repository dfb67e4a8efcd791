/// Themes by name: the built-ins, plus any the user adds; resolves `inherits`.
public struct ThemeCatalog: Sendable {
    private var parsed: [String: ThemeParser.Parsed] = [:]
    public private(set) var names: [String] = []

    /// The built-in themes (their sources are tested to parse).
    public static let builtIn: ThemeCatalog = {
        var catalog = ThemeCatalog()
        for name in BuiltInThemes.names {
            // The sources are constants covered by tests; a failure here is a programmer error.
            try! catalog.add(BuiltInThemes.sources[name]!, source: "\(name).toml")
        }
        return catalog
    }()

    /// Adds (or replaces) a theme from TOML text. - Throws: `ThemeError` naming the line.
    @discardableResult
    public mutating func add(_ text: String, source: String) throws -> String {
        var theme = try ThemeParser.parse(text, source: source)
        if theme.name.isEmpty { theme.name = source.split(separator: "/").last.map { String($0).replacingOccurrences(of: ".toml", with: "") } ?? source }
        if let parent = theme.inherits, parsed[parent] == nil, parent != theme.name {
            throw ThemeError(source: source, line: 1, reason: "inherits unknown theme '\(parent)'")
        }
        if parsed[theme.name] == nil { names.append(theme.name) }
        parsed[theme.name] = theme
        return theme.name
    }

    public func theme(named name: String) -> Theme? {
        guard let own = parsed[name] else { return nil }
        var styles = [Role: ThemeStyle]()
        if let parent = own.inherits, parent != name, let inherited = theme(named: parent) { styles = inherited.styles }
        styles.merge(own.styles) { _, new in new }
        return Theme(name: name, styles: styles)
    }
}
