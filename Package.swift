// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SwiftfulGamification",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "SwiftfulGamification", targets: ["SwiftfulGamification"]),
    ],
    targets: [
        .target(name: "SwiftfulGamification"),
        .testTarget(name: "SwiftfulGamificationTests", dependencies: ["SwiftfulGamification"]),
    ]
)
