/// The built-in themes: the files in `themes/`, compiled into the binary (no resource
/// bundle to find at run time), which people copy to start a theme of their own.
public enum BuiltInThemes {
    public static let names = ["default", "light", "high-contrast", "colorblind"]

    public static let sources: [String: String] = [
        "default": String(decoding: PackageResources.default_toml, as: UTF8.self),
        "light": String(decoding: PackageResources.light_toml, as: UTF8.self),
        "high-contrast": String(decoding: PackageResources.high_contrast_toml, as: UTF8.self),
        "colorblind": String(decoding: PackageResources.colorblind_toml, as: UTF8.self),
    ]
}
