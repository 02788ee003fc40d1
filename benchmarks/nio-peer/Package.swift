// swift-tools-version:6.1
// nio-peer: a minimal SwipeDeck room-broadcast server on SwiftNIO, used only as a yardstick by
// `swipe-bench load --against nio`. A separate package: the main package never depends on it.
import PackageDescription

let package = Package(
    name: "nio-peer",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.65.0"),
    ],
    targets: [
        .executableTarget(
            name: "nio-peer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Sources/nio-peer"),
    ]
)
