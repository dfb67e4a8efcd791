// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SwiftfulGamification",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "SwiftfulGamification", targets: ["SwiftfulGamification", "StreakStoreKit"]),
        .library(name: "SwiftfulGamificationFileStore", targets: ["SwiftfulGamificationFileStore"]),
        .library(name: "SwiftfulGamificationPostgres", targets: ["SwiftfulGamificationPostgres"]),
        .library(name: "SwiftfulGamificationHTTP", targets: ["SwiftfulGamificationHTTP"]),
        .library(name: "SwiftfulGamificationReplica", targets: ["SwiftfulGamificationReplica"]),
        // Other trackers' files and our own JSON Lines and CSV (`StreakTransfer`), read and written.
        .library(name: "StreakImporters", targets: ["StreakImporters"]),
        .executable(name: "streaks", targets: ["streaks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // The importers' readers: Loop's zip export, its SQLite backup, CSV files.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // The server for apps (`streaks serve`); without its optional configuration support.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // `streaks mcp`: the Model Context Protocol's official SDK (stdio).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: [
        // What every target of the package shares and no streak knows of: hashing, broadcasting,
        // waits on the wall clock, XDG paths, TOML strings, instrumentation (`package` access only).
        .target(name: "GamificationSupport"),
        .target(name: "SwiftfulGamification", dependencies: ["GamificationSupport"]),
        // The store kit: the store protocol, the vocabulary of change, the live feed, the board
        // of managers, and upstream's services over any store.
        .target(name: "StreakStoreKit", dependencies: ["GamificationSupport", "SwiftfulGamification"]),
        .target(name: "SwiftfulGamificationFileStore", dependencies: ["GamificationSupport", "StreakStoreKit", "SwiftfulGamification"]),
        .target(
            name: "SwiftfulGamificationPostgres",
            dependencies: [
                "GamificationSupport",
                "StreakStoreKit", "SwiftfulGamification", .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // A server's streaks with a copy on this machine: offline writes queued and pushed.
        .target(name: "SwiftfulGamificationReplica", dependencies: ["GamificationSupport", "StreakStoreKit", "SwiftfulGamification", "SwiftfulGamificationFileStore"]),
        // Other trackers' files (harsh, dijo, Loop, Beaver) read into streaks, and written back; our own JSON Lines and CSV.
        .target(
            name: "StreakImporters",
            dependencies: [
                "GamificationSupport",
                "StreakStoreKit", "SwiftfulGamification",
                // Our own JSON Lines format (StreakTransfer) reads lines as the store's log does.
                "SwiftfulGamificationFileStore",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
        // The streak server for apps: an HTTP API over any store, bearer tokens, live events.
        // The client of `streaks serve`: a store over HTTP (URLSession; FoundationNetworking on Linux).
        .target(name: "SwiftfulGamificationHTTP", dependencies: ["GamificationSupport", "StreakStoreKit", "SwiftfulGamification"]),
        .target(
            name: "StreakServer",
            dependencies: [
                "StreakStoreKit", "SwiftfulGamification", "SwiftfulGamificationFileStore", "SwiftfulGamificationPostgres", "SwiftfulGamificationHTTP", "StreakPresentation",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.embedInCode("openapi.yaml")]
        ),
        .target(
            name: "StreaksCLI",
            dependencies: [
                "GamificationSupport",
                "StreakStoreKit", "SwiftfulGamification",
                "SwiftfulGamificationFileStore",
                "SwiftfulGamificationPostgres",
                "SwiftfulGamificationReplica",
                "StreakDashboard",
                "StreakDashboardRuntime",
                "StreakPresentation",
                "StreakImporters",
                "StreakServer",
                "SwiftfulGamificationHTTP",
                "CProcessArguments",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
        // The C runtime's argv, for when /proc (where Swift's CommandLine looks) is missing.
        .target(name: "CProcessArguments"),
        // The words every surface shares: situations, progress, counts, times.
        .target(name: "StreakPresentation", dependencies: ["GamificationSupport", "StreakStoreKit", "SwiftfulGamification"]),
        .target(
            name: "StreakDashboard",
            dependencies: ["GamificationSupport", "StreakStoreKit", "SwiftfulGamification", "StreakPresentation"],
            resources: ["default", "light", "high-contrast", "colorblind"].map { .embedInCode("themes/\($0).toml") }
        ),
        // The dashboard running: its loop on a terminal (ncurses), writes to the store, live updates.
        .target(
            name: "StreakDashboardRuntime",
            dependencies: ["GamificationSupport", "StreakStoreKit", "SwiftfulGamification", "SwiftfulGamificationReplica", "StreakDashboard", "StreakPresentation", "CNcurses"]
        ),
        .target(name: "DashboardDemo", dependencies: ["GamificationSupport", "StreakDashboard", "SwiftfulGamification"]),
        .executableTarget(name: "screenshots", dependencies: ["DashboardDemo", "StreakDashboard", "SwiftfulGamification"]),
        .executableTarget(
            name: "benchmarks",
            dependencies: [
                "GamificationSupport",
                "StreakStoreKit", "SwiftfulGamification", "SwiftfulGamificationFileStore", "SwiftfulGamificationPostgres", "SwiftfulGamificationReplica",
                "StreakDashboard", "StreakPresentation", "DashboardDemo", .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            exclude: ["RESULTS.md"]
        ),
        .executableTarget(name: "streaks", dependencies: ["StreaksCLI"]),
        // Helpers every test target shares: pinned clocks, stream waits.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The throwaway database of the tests that need PostgreSQL.
        .target(
            name: "PostgresTestSupport", dependencies: ["SwiftfulGamificationPostgres", .product(name: "PostgresNIO", package: "postgres-nio")],
            path: "Tests/PostgresTestSupport"
        ),
        .testTarget(name: "GamificationSupportTests", dependencies: ["GamificationSupport"]),
        .testTarget(name: "SwiftfulGamificationTests", dependencies: ["GamificationSupport", "StreakStoreKit", "SwiftfulGamification", "TestSupport"]),
        .testTarget(
            name: "SwiftfulGamificationFileStoreTests",
            dependencies: ["GamificationSupport", "StreakStoreKit", "SwiftfulGamificationFileStore", "SwiftfulGamification", "StreakImporters", "TestSupport"]
        ),
        .testTarget(
            name: "SwiftfulGamificationPostgresTests",
            dependencies: [
                "GamificationSupport",
                "StreakStoreKit", "SwiftfulGamificationPostgres", "SwiftfulGamificationFileStore", "SwiftfulGamificationReplica", "SwiftfulGamification", "TestSupport",
                "PostgresTestSupport",
            ]
        ),
        .testTarget(
            name: "SwiftfulGamificationReplicaTests",
            dependencies: ["StreakStoreKit", "SwiftfulGamificationReplica", "SwiftfulGamificationFileStore", "SwiftfulGamification", "TestSupport"]
        ),
        .testTarget(name: "StreaksCLITests", dependencies: ["GamificationSupport", "StreaksCLI", "streaks", "StreakDashboardRuntime", "StreakPresentation", "SwiftfulGamification", "SwiftfulGamificationFileStore", "TestSupport", .product(name: "MCP", package: "swift-sdk")]),
        .testTarget(
            name: "StreakServerTests",
            dependencies: [
                "StreakStoreKit", "StreakServer", "SwiftfulGamification", "SwiftfulGamificationFileStore", "SwiftfulGamificationPostgres", "TestSupport", "PostgresTestSupport",
                "SwiftfulGamificationHTTP", "SwiftfulGamificationReplica", .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "StreakImportersTests",
            dependencies: ["GamificationSupport", "StreakImporters", "SwiftfulGamification", "SwiftfulGamificationFileStore", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        // Code written against upstream SwiftfulGamification's public API, compiled against ours.
        .testTarget(name: "UpstreamCompatibilityTests", dependencies: ["SwiftfulGamification"]),
        .testTarget(
            name: "StreakDashboardTests",
            dependencies: ["GamificationSupport", "StreakStoreKit", "StreakDashboard", "StreakPresentation", "DashboardDemo", "SwiftfulGamification", "SwiftfulGamificationFileStore"],
            exclude: ["__Snapshots__"]
        ),
    ]
)
