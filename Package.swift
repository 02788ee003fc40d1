// swift-tools-version:6.1
// SwipeDeck: group swiping in the terminal.
// Dependencies flow one way: client → core ← server (see docs/ARCHITECTURE.md).
import PackageDescription

/// The server's hot path, in release builds only: no run-time exclusivity checks. They were 11 % of
/// the server's instructions per vote under callgrind (docs/BENCHMARKS.md); debug builds, and so
/// the whole test suite, keep them and would trap on a conflicting access.
let serverReleaseSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "SwipeDeck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "swipe-server", targets: ["swipe-server"]),
        .executable(name: "swipe", targets: ["swipe"]),
        .executable(name: "swipe-bench", targets: ["swipe-bench"]),
        .library(name: "SwipeCore", targets: ["SwipeCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),   // LogHandler.log(event:) (JSONLogHandler)
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
        // GET /metrics: counters and histograms in the Prometheus text format (docs/OPERATIONS.md).
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // Shared, pure Swift: geometry, cards, decks, layouts, drag physics, animations.
        .target(name: "SwipeCore", path: "Sources/SwipeCore", swiftSettings: serverReleaseSettings),
        // Shared, pure Swift: the JSON wire protocol both ends speak.
        .target(name: "SwipeProtocol", dependencies: ["SwipeCore"], path: "Sources/SwipeProtocol", swiftSettings: serverReleaseSettings),
        // System libraries: each a module map over a shim header (docs/ARCHITECTURE.md, "C from Swift").
        .systemLibrary(
            name: "CLibWebSockets", path: "Sources/CLibWebSockets",
            pkgConfig: "libwebsockets", providers: [.apt(["libwebsockets-dev"])]),
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite",
            pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // ncursesw.pc and libutf8proc.pc only add -D flags SwiftPM refuses ("prohibited flag(s)"
        // warnings): their headers are on the default include path, so no pkgConfig for them
        // (apt: libncurses-dev, libutf8proc-dev; scripts/setup.sh installs both).
        .systemLibrary(name: "CNCursesW", path: "Sources/CNCursesW"),
        .systemLibrary(name: "CUTF8Proc", path: "Sources/CUTF8Proc"),
        // The client's signal handlers: a C target, so their state exists once per process.
        .target(name: "CTerminalSignals", path: "Sources/CTerminalSignals", linkerSettings: [.linkedLibrary("ncursesw")]),
        // Redis for rooms shared by several nodes (--store redis://…), on the lws libev loop. Its
        // headers are under /usr/include/hiredis (apt: libhiredis-dev); hiredis.pc adds a -D flag
        // SwiftPM refuses, so no pkgConfig.
        .systemLibrary(name: "CHiredis", path: "Sources/CHiredis"),
        // libcurl for the webhooks' POSTs (apt: libcurl4-openssl-dev; scripts/setup.sh installs it).
        .systemLibrary(
            name: "CCurl", path: "Sources/CCurl",
            pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(
            name: "CFriBidi", path: "Sources/CFriBidi",
            pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),

        // Card pictures: PNG and JPEG headers and pixels (libpng, libjpeg-turbo; apt: libpng-dev,
        // libjpeg62-turbo-dev), a C target because libjpeg reports errors by longjmp.
        .target(name: "CPictureCodecs", path: "Sources/CPictureCodecs", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]),
        .target(name: "SwipePictures", dependencies: ["SwipeCore", "CPictureCodecs"], path: "Sources/SwipePictures"),
        // chafa draws pictures as coloured symbols, kitty or sixel graphics (apt: libchafa-dev, libglib2.0-dev).
        .systemLibrary(
            name: "CChafa", path: "Sources/CChafa",
            pkgConfig: "chafa", providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),

        // A blocking HTTP GET for the command-line tools (swipe decks, swipe-server export).
        .target(name: "SwipeHTTPClient", path: "Sources/SwipeHTTPClient"),

        // The server's durable append-only log (SQLite in WAL mode).
        .target(name: "SwipeStore", dependencies: ["CSQLite"], path: "server/SwipeStore"),

        // The room engine: rooms, votes, decisions, the registry and the deck library; pure (no C
        // module, no clock, no socket: time is an input), so the compiler keeps I/O out of it.
        .target(
            name: "SwipeRooms",
            dependencies: ["SwipeCore", "SwipeProtocol", "SwipePictures"],
            path: "server/SwipeRooms",
            swiftSettings: serverReleaseSettings),

        // What a store is (RoomStore for one machine's rooms, SharedStore for a log several nodes
        // share) and the values both sides read: no lws, no store, no driver. Each store is a
        // target on it alone; the driver holds the backends, the host and the sessions.
        .target(
            name: "SwipeBackend",
            dependencies: ["SwipeRooms", "SwipeProtocol", "SwipeCore", "SwipePictures", .product(name: "Logging", package: "swift-log")],
            path: "server/SwipeBackend",
            swiftSettings: serverReleaseSettings),
        // The one room driver: the registry, the room timers, members' connections and the order
        // "store the records, then deliver the effects", for every store (no lws, no store inside);
        // with LocalBackend, the rooms this process orders over any RoomStore, and SharedLogBackend,
        // the rooms a log several nodes share orders over any SharedStore.
        .target(
            name: "SwipeRoomDriver",
            dependencies: ["SwipeBackend", "SwipeRooms", "SwipeProtocol", "SwipeCore", "SwipePictures",
                           .product(name: "Logging", package: "swift-log")],
            path: "server/SwipeRoomDriver",
            swiftSettings: serverReleaseSettings),
        // A RoomStore: this machine's rooms in the SQLite log (--data).
        .target(
            name: "SwipeSQLiteStore",
            dependencies: ["SwipeBackend", "SwipeRooms", "SwipeProtocol", "SwipeStore", "SwipePictures"],
            path: "server/SwipeSQLiteStore",
            swiftSettings: serverReleaseSettings),
        // A RoomStore in memory: the third implementation, the one the driver's tests run over.
        .target(
            name: "SwipeMemoryStore",
            dependencies: ["SwipeBackend", "SwipeRooms", "SwipeProtocol"],
            path: "server/SwipeMemoryStore",
            swiftSettings: serverReleaseSettings),
        // Rooms in Redis shared by the nodes of a cluster (--store redis://…, Sentinel).
        .target(
            name: "SwipeRedisStore",
            dependencies: ["SwipeBackend", "SwipeRooms", "SwipeProtocol", "SwipeCore", "SwipePictures", "SwipeStore", "CHiredis",
                           .product(name: "Logging", package: "swift-log")],
            path: "server/SwipeRedisStore",
            swiftSettings: serverReleaseSettings),

        // Rooms' webhooks (create's notify): the allow list, bodies, the delivery outbox (pure), their
        // store beside the room log, and the sender on a thread of its own over libcurl.
        .target(name: "SwipeNotify", dependencies: ["CCurl", "SwipeStore"], path: "server/SwipeNotify"),

        // The server module: the lws transport, admission, HTTP and metrics over one room driver;
        // it imports no store: the executable wires one (StoreChoice, SwipeStoreChoice).
        .target(
            name: "SwipeServer",
            dependencies: [
                "SwipeRooms", "SwipeCore", "SwipeProtocol", "CLibWebSockets", "SwipePictures",
                "SwipeBackend", "SwipeRoomDriver", "SwipeNotify",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            path: "server/SwipeServer",
            swiftSettings: serverReleaseSettings),
        // Where rooms live, chosen from the flags and wired for the server: the one target that
        // knows every store (swipe-server, swipe demo, the benchmarks and tests use it).
        .target(
            name: "SwipeStoreChoice",
            dependencies: ["SwipeServer", "SwipeBackend", "SwipeRoomDriver", "SwipeSQLiteStore", "SwipeRedisStore", "SwipeNotify", "SwipeStore"],
            path: "server/SwipeStoreChoice"),
        .executableTarget(
            name: "swipe-server",
            dependencies: [
                "SwipeServer", "SwipeStoreChoice", "SwipeRooms", "SwipeStore", "SwipeProtocol", "SwipeHTTPClient", "SwipePictures",
                "SwipeBackend", "SwipeSQLiteStore", "SwipeRedisStore", "SwipeNotify",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "server/swipe-server",
            swiftSettings: serverReleaseSettings,
            // recv is exported so that libwebsockets' calls reach RecvInterposer.swift (unmasked frames).
            // SSL_read likewise for wss:// (TLSReadInterposer.swift).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=recv", "-Xlinker", "--export-dynamic-symbol=SSL_read"])]),

        // The terminal client's core: model, update, view, motion, text measure, the picture values.
        // Pure by construction: no lws, no curses, no chafa, no HTTP, so `update` can do no I/O; it
        // returns effects (scripts/check-imports.py keeps it so).
        .target(
            name: "SwipeClientCore",
            dependencies: ["SwipeCore", "SwipeProtocol", "SwipePictures", "CUTF8Proc", "CFriBidi"],
            path: "client/SwipeClientCore"),
        // The terminal client's shells: the lws client, curses session and painter, the picture
        // threads (HTTP, disk cache, chafa), the main loop that carries out the core's effects.
        .target(
            name: "SwipeClient",
            dependencies: ["SwipeClientCore", "SwipeCore", "SwipeProtocol", "CLibWebSockets", "CNCursesW", "CTerminalSignals",
                           "SwipePictures", "CChafa", "SwipeHTTPClient"],
            path: "client/SwipeClient"),
        .executableTarget(
            name: "swipe",
            dependencies: [
                "SwipeClient", "SwipeCore", "SwipeProtocol", "SwipeHTTPClient",
                "SwipeServer", "SwipeStoreChoice",  // only for `swipe demo`, which hosts a room in-process
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "client/swipe"),

        // The load generator and render benchmark (docs/BENCHMARKS.md).
        .executableTarget(
            name: "swipe-bench",
            dependencies: [
                "SwipeClient", "SwipeServer", "SwipeStoreChoice", "SwipeRooms", "SwipeStore", "SwipeProtocol", "SwipeCore", "SwipePictures", "SwipeSQLiteStore", "SwipeRoomDriver",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            path: "benchmarks/swipe-bench"),

        .testTarget(name: "SwipeCoreTests", dependencies: ["SwipeCore"]),
        .testTarget(name: "SwipeProtocolTests", dependencies: ["SwipeProtocol", "SwipeCore"]),
        .testTarget(name: "SwipePicturesTests", dependencies: ["SwipePictures", "SwipeCore"], exclude: ["Fixtures"]),
        .testTarget(name: "SwipeRoomsTests", dependencies: ["SwipeRooms", "SwipeProtocol", "SwipeCore", "SwipePictures"]),
        .testTarget(name: "SwipeServerTests", dependencies: ["SwipeServer", "SwipeStoreChoice", "SwipeBackend", "SwipeRoomDriver", "SwipeSQLiteStore", "SwipeRedisStore", "SwipeRooms",
                                                            "SwipeProtocol", "SwipeCore", "SwipePictures",
                                                            .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "SwipeStoreTests", dependencies: ["SwipeStore"]),
        .testTarget(name: "SwipeNotifyTests", dependencies: ["SwipeNotify", "SwipeStore"]),
        .testTarget(name: "SwipeRoomDriverTests", dependencies: ["SwipeRoomDriver", "SwipeBackend", "SwipeRooms", "SwipeProtocol", "SwipeCore",
                                                             "SwipeMemoryStore", "SwipeSQLiteStore", "SwipeStore", "SwipePictures",
                                                             .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "SwipeBackendTests", dependencies: ["SwipeBackend", "SwipePictures"]),
        // Both RoomStores against one table of what a store must do.
        .testTarget(name: "SwipeSQLiteStoreTests", dependencies: ["SwipeSQLiteStore", "SwipeMemoryStore", "SwipeBackend", "SwipeRooms", "SwipeProtocol",
                                                                 "SwipeCore", "SwipePictures", "SwipeStore"]),
        .testTarget(name: "SwipeRedisStoreTests", dependencies: ["SwipeRedisStore", "SwipeBackend", "SwipeRooms", "SwipeProtocol", "SwipeCore",
                                                                  "SwipePictures"]),
        .testTarget(name: "SwipeBenchTests", dependencies: ["swipe-bench", "SwipeProtocol"]),
        // Golden frames are read through #filePath, not bundled.
        .testTarget(name: "SwipeClientTests", dependencies: ["SwipeClient", "SwipeClientCore", "SwipePictures", "SwipeProtocol", "SwipeCore",
                                                            "CLibWebSockets"]),
        // The core's tests; picture frames are drawn with the shell's chafa (SwipeClient) as the
        // picture thread would. Golden frames are read through #filePath, not bundled.
        .testTarget(name: "SwipeClientCoreTests", dependencies: ["SwipeClientCore", "SwipeClient", "SwipePictures", "SwipeProtocol", "SwipeCore"],
                    exclude: ["Golden"]),
        .testTarget(name: "EndToEndTests", dependencies: ["SwipeClient", "SwipeServer", "SwipeSQLiteStore", "SwipeRooms", "SwipeStore", "SwipeProtocol", "SwipeCore"]),
    ]
)
