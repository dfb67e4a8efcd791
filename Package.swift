// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SwiftfulGamification",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "SwiftfulGamification", targets: ["SwiftfulGamification"]),
        .library(name: "SwiftfulGamificationFileStore", targets: ["SwiftfulGamificationFileStore"]),
    ],
    targets: [
        .target(name: "SwiftfulGamification"),
        .target(name: "SwiftfulGamificationFileStore", dependencies: ["SwiftfulGamification"]),
        .testTarget(name: "SwiftfulGamificationTests", dependencies: ["SwiftfulGamification"]),
        .testTarget(
            name: "SwiftfulGamificationFileStoreTests",
            dependencies: ["SwiftfulGamificationFileStore", "SwiftfulGamification"]
        ),
    ]
)
