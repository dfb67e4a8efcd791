/// The version `streaks --version` prints (raise it with each release).
enum StreaksVersion {
    static let current = "0.9.0"
}
