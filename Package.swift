// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SwiftfulGamification",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "SwiftfulGamification", targets: ["SwiftfulGamification"]),
        .library(name: "SwiftfulGamificationFileStore", targets: ["SwiftfulGamificationFileStore"]),
        .library(name: "SwiftfulGamificationPostgres", targets: ["SwiftfulGamificationPostgres"]),
        .library(name: "SwiftfulGamificationReplica", targets: ["SwiftfulGamificationReplica"]),
        .executable(name: "streaks", targets: ["streaks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        .target(name: "SwiftfulGamification"),
        .target(name: "SwiftfulGamificationFileStore", dependencies: ["SwiftfulGamification"]),
        .target(
            name: "SwiftfulGamificationPostgres",
            dependencies: [
                "SwiftfulGamification", .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // A server's streaks with a copy on this machine: offline writes queued and pushed.
        .target(name: "SwiftfulGamificationReplica", dependencies: ["SwiftfulGamification", "SwiftfulGamificationFileStore"]),
        .target(
            name: "StreaksCLI",
            dependencies: [
                "SwiftfulGamification",
                "SwiftfulGamificationFileStore",
                "SwiftfulGamificationPostgres",
                "SwiftfulGamificationReplica",
                "StreakDashboard",
                "CNcurses",
                "CProcessArguments",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
        // The C runtime's argv, for when /proc (where Swift's CommandLine looks) is missing.
        .target(name: "CProcessArguments"),
        .target(name: "StreakDashboard", dependencies: ["SwiftfulGamification"]),
        .target(name: "DashboardDemo", dependencies: ["StreakDashboard", "SwiftfulGamification"]),
        .executableTarget(name: "screenshots", dependencies: ["DashboardDemo", "StreakDashboard", "SwiftfulGamification"]),
        .executableTarget(
            name: "benchmarks",
            dependencies: [
                "SwiftfulGamification", "SwiftfulGamificationFileStore", "SwiftfulGamificationPostgres", "SwiftfulGamificationReplica",
                "StreakDashboard", "DashboardDemo",
            ],
            exclude: ["RESULTS.md"]
        ),
        .executableTarget(name: "streaks", dependencies: ["StreaksCLI"]),
        // Helpers every test target shares: pinned clocks, stream waits.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "SwiftfulGamificationTests", dependencies: ["SwiftfulGamification", "TestSupport"]),
        .testTarget(
            name: "SwiftfulGamificationFileStoreTests",
            dependencies: ["SwiftfulGamificationFileStore", "SwiftfulGamification", "TestSupport"]
        ),
        .testTarget(
            name: "SwiftfulGamificationPostgresTests",
            dependencies: ["SwiftfulGamificationPostgres", "SwiftfulGamificationFileStore", "SwiftfulGamificationReplica", "SwiftfulGamification", "TestSupport"]
        ),
        .testTarget(
            name: "SwiftfulGamificationReplicaTests",
            dependencies: ["SwiftfulGamificationReplica", "SwiftfulGamificationFileStore", "SwiftfulGamification", "TestSupport"]
        ),
        .testTarget(name: "StreaksCLITests", dependencies: ["StreaksCLI", "streaks"]),
        // Code written against upstream SwiftfulGamification's public API, compiled against ours.
        .testTarget(name: "UpstreamCompatibilityTests", dependencies: ["SwiftfulGamification"]),
        .testTarget(
            name: "StreakDashboardTests",
            dependencies: ["StreakDashboard", "DashboardDemo", "SwiftfulGamification", "SwiftfulGamificationFileStore"],
            exclude: ["__Snapshots__"]
        ),
    ]
)
