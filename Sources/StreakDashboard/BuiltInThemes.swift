/// The built-in themes, identical to the files in `themes/` (a test keeps them so).
public enum BuiltInThemes {
    public static let names = ["default", "light", "high-contrast", "colorblind"]

    public static let sources: [String: String] = [
        "default": """
        # streaks theme: default (dark terminals)
        name = "default"

        [roles]
        background = "default"
        text = "252"
        muted = "244"
        accent = "#5fafff bold"
        streak = "#ffaf00 bold"
        heat0 = "238"
        heat1 = "#005f00"
        heat2 = "#008700"
        heat3 = "#00af00"
        heat4 = "#5fff5f bold"
        partial = "#d7af5f"
        missed = "#875f5f"
        frozen = "#87d7ff"
        warning = "#ffd75f"
        success = "#5fd75f"
        danger = "#ff5f5f bold"
        cursor = "reverse"
        today = "#ffffff bold underline"
        """ + "\n",
        "light": """
        # streaks theme: light (light terminals)
        name = "light"

        [roles]
        background = "default"
        text = "235"
        muted = "243"
        accent = "#005faf bold"
        streak = "#af5f00 bold"
        heat0 = "252"
        heat1 = "#afd7af"
        heat2 = "#5faf5f"
        heat3 = "#008700"
        heat4 = "#005f00 bold"
        partial = "#d78700"
        missed = "#af8787"
        frozen = "#0087af"
        warning = "#af8700"
        success = "#008700"
        danger = "#d70000 bold"
        cursor = "reverse"
        today = "#000000 bold underline"
        """ + "\n",
        "high-contrast": """
        # streaks theme: high contrast (bright colours and bold text)
        name = "high-contrast"

        [roles]
        background = "default"
        text = "bright-white"
        muted = "white"
        accent = "bright-cyan bold"
        streak = "bright-yellow bold"
        heat0 = "white dim"
        heat1 = "green"
        heat2 = "green bold"
        heat3 = "bright-green"
        heat4 = "bright-green bold"
        partial = "yellow"
        missed = "red dim"
        frozen = "bright-cyan bold"
        warning = "bright-yellow bold"
        success = "bright-green bold"
        danger = "bright-red bold"
        cursor = "reverse bold"
        today = "bright-white bold underline"
        """ + "\n",
        "colorblind": """
        # streaks theme: colour-blind safe (blue for progress, orange for warnings)
        name = "colorblind"
        inherits = "default"

        [roles]
        heat1 = "#08306b"
        heat2 = "#2171b5"
        heat3 = "#4292c6"
        heat4 = "#9ecae1 bold"
        partial = "#fdae6b"
        missed = "#969696"
        success = "#4292c6"
        warning = "#fd8d3c"
        danger = "#e6550d bold"
        streak = "#fd8d3c bold"
        frozen = "#bcbddc"
        """ + "\n",
    ]
}
