// swift-tools-version: 6.1
import PackageDescription

/// Settings shared by every Swift target. Swift 6 language mode gives complete strict
/// concurrency checking; the upcoming features keep existentials and imports explicit.
let swiftSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "budget-ledger",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "budget", targets: ["budget"]),
    .library(name: "EventLog", targets: ["EventLog"]),
    .library(name: "LMDB", targets: ["LMDB"]),
    .library(name: "LedgerDomain", targets: ["LedgerDomain"]),
    .library(name: "LedgerCodec", targets: ["LedgerCodec"]),
    .library(name: "Ledger", targets: ["Ledger"]),
    .library(name: "BudgetServer", targets: ["BudgetServer"]),
    // For the benchmark package in Tools/, which depends on this one by path.
    .library(name: "CLMDB", targets: ["CLMDB"]),
    .library(name: "ProjectionEngine", targets: ["ProjectionEngine"]),
    .library(name: "RunningBalances", targets: ["RunningBalances"]),
    .library(name: "CategoryTotals", targets: ["CategoryTotals"]),
    .library(name: "BudgetVsActual", targets: ["BudgetVsActual"]),
    .library(name: "TransactionIndex", targets: ["TransactionIndex"]),
    .library(name: "Schedules", targets: ["Schedules"]),
    .library(name: "Notifications", targets: ["Notifications"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
  ],
  targets: [
    // MARK: Domain
    // Byte-level helpers (varints, hex and ASCII eight bytes at a time) for the codecs.
    .target(name: "Bytes", swiftSettings: swiftSettings),
    .target(name: "LedgerDomain", dependencies: ["Bytes"], swiftSettings: swiftSettings),
    .target(
      name: "LedgerCodec",
      // The ledger's stored forms written and read fast: the direct codec of the commonest
      // events, the rules' state snapshot and the schedules' binary timeline. The domain
      // declares the stored form; this is how the log, the engine and the read models go fast.
      dependencies: ["LedgerDomain", "Bytes"],
      swiftSettings: swiftSettings
    ),

    // MARK: Storage
    .systemLibrary(
      name: "CLMDB",
      path: "Sources/CLMDB",
      pkgConfig: "lmdb",
      providers: [.apt(["liblmdb-dev"])]
    ),
    .target(name: "LMDB", dependencies: ["CLMDB"], swiftSettings: swiftSettings),
    // The `budget` executable's allocator (see Sources/budget/Support/Allocator.swift).
    .systemLibrary(
      name: "CJemalloc",
      path: "Sources/CJemalloc",
      pkgConfig: "jemalloc",
      providers: [.apt(["libjemalloc-dev"])]
    ),
    // SHA-256 for the hash chain: SHA-NI where the CPU has it, portable C elsewhere; no allocation.
    .target(name: "CSHA256", path: "Sources/CSHA256"),
    .target(
      name: "EventRecords",
      // The log's vocabulary — recorded event, metadata, chain hash, idempotency key — without
      // the log: what the front ends may name. CSHA256 computes the chain hash.
      dependencies: ["CSHA256"],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "EventLog",
      dependencies: ["LMDB", "CSHA256", "EventRecords"],
      swiftSettings: swiftSettings
    ),

    // MARK: Projections
    .target(
      name: "QueryResults",
      // What the read models answer (balances, totals, budget lines, transaction rows, history)
      // and the projectors' status and progress: what the front ends may name.
      dependencies: ["LedgerDomain"],
      path: "Projections/QueryResults",
      swiftSettings: swiftSettings
    ),
    .target(
      name: "ProjectionEngine",
      dependencies: ["LedgerDomain", "LedgerCodec", "EventLog", "LMDB", "QueryResults"],
      path: "Projections/ProjectionEngine",
      swiftSettings: swiftSettings
    ),

    .target(
      name: "SharedRows",
      // Row codecs, totals and category rows that the category-totals and budget-vs-actual
      // projectors both write (each into tables of its own).
      dependencies: ["ProjectionEngine", "LedgerDomain", "EventLog"],
      path: "Projections/SharedRows",
      swiftSettings: swiftSettings
    ),

    .target(
      name: "RunningBalances",
      dependencies: ["ProjectionEngine", "LedgerDomain", "EventLog", "QueryResults"],
      path: "Projections/RunningBalances",
      swiftSettings: swiftSettings
    ),

    .target(
      name: "CategoryTotals",
      dependencies: ["ProjectionEngine", "LedgerDomain", "EventLog", "SharedRows", "QueryResults"],
      path: "Projections/CategoryTotals",
      swiftSettings: swiftSettings
    ),

    .target(
      name: "BudgetVsActual",
      dependencies: ["ProjectionEngine", "LedgerDomain", "EventLog", "SharedRows", "QueryResults"],
      path: "Projections/BudgetVsActual",
      swiftSettings: swiftSettings
    ),

    .target(
      name: "TransactionIndex",
      dependencies: ["ProjectionEngine", "LedgerDomain", "EventLog", "Bytes", "QueryResults"],
      path: "Projections/TransactionIndex",
      swiftSettings: swiftSettings
    ),

    .target(
      name: "Schedules",
      dependencies: ["ProjectionEngine", "LedgerDomain", "LedgerCodec", "EventLog", "QueryResults"],
      path: "Projections/Schedules",
      swiftSettings: swiftSettings
    ),

    .target(
      name: "Notifications",
      dependencies: ["ProjectionEngine", "LedgerDomain", "EventLog", "SharedRows", "QueryResults"],
      path: "Projections/Notifications",
      swiftSettings: swiftSettings
    ),

    .target(
      name: "EntityHistory",
      dependencies: ["LedgerDomain", "LedgerCodec", "EventLog", "QueryResults"],
      path: "Projections/EntityHistory",
      swiftSettings: swiftSettings
    ),

    // MARK: Application
    .target(
      name: "Ledger",
      dependencies: [
        "LedgerDomain", "LedgerCodec", "EventLog", "LMDB", "ProjectionEngine", "RunningBalances", "CategoryTotals",
        "BudgetVsActual", "TransactionIndex", "EntityHistory", "Schedules", "Notifications",
      ],
      swiftSettings: swiftSettings
    ),

    .target(
      name: "Interchange",
      // File formats only: CSV read into rows a ledger imports, CSV and hledger written from
      // what a ledger answers.
      dependencies: ["LedgerDomain"],
      swiftSettings: swiftSettings
    ),

    // MARK: Front ends
    .target(
      name: "LedgerWire",
      // The JSON form of every resource and answer the front ends emit, and the name
      // resolution and history kinds they share: the CLI's --json and the API say the same.
      dependencies: ["Ledger", "LedgerDomain", "EventRecords", "QueryResults"],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "SyncClient",
      // A device's side of sync: pulls a hub's events into its replica, pushes its outbox, and
      // keeps its working ledger; over HTTP(S) with async-http-client.
      dependencies: [
        "Ledger", "LedgerDomain", "EventRecords",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
      ],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "BudgetServer",
      dependencies: [
        "Ledger", "LedgerDomain", "LedgerWire", "Interchange", "EventRecords", "QueryResults",
        .product(name: "Hummingbird", package: "hummingbird"),
        // A pipe read by an event loop: the ledger's copy streamed to a new device.
        .product(name: "NIOPosix", package: "swift-nio"),
        // HMAC for the web app's session cookie.
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      // The web app's files, embedded on every build by EmbedFilesPlugin.
      exclude: ["Web/static"],
      swiftSettings: swiftSettings,
      plugins: ["EmbedFilesPlugin"]
    ),
    // Writes the web app and docs/openapi.yaml into the server as string literals.
    .executableTarget(name: "embed-files", path: "Sources/EmbedFiles", swiftSettings: swiftSettings),
    .plugin(
      name: "EmbedFilesPlugin", capability: .buildTool(), dependencies: ["embed-files"],
      path: "Sources/EmbedFilesPlugin"),
    .executableTarget(
      name: "budget",
      dependencies: [
        "Ledger", "LedgerDomain", "LedgerWire", "Interchange", "EventRecords", "QueryResults", "BudgetServer",
        "SyncClient", "CJemalloc",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: swiftSettings
    ),

    // MARK: Tests
    // The benchmarks (ledger-bench, ledger-scale-bench) are a package of their own in Tools/, so
    // that `swift build` and `make test` do not build them; what stays here is what tests run.
    .executableTarget(
      name: "eventlog-torture",
      // The crash-safety test's child process: appends batches until it is killed.
      dependencies: ["EventLog"],
      path: "Tests/EventLogTorture",
      swiftSettings: swiftSettings
    ),
    .target(
      name: "FuzzHarness",
      // The fuzz targets' functions: ReliabilityTests replays the committed corpus through them,
      // and Tools/Fuzz/fuzz.sh links them into a libFuzzer binary.
      dependencies: ["EventLog", "LedgerDomain", "LedgerCodec", "Ledger", "Interchange"],
      path: "Tests/FuzzHarness",
      swiftSettings: swiftSettings
    ),
    .target(
      name: "LedgerTesting",
      dependencies: ["EventLog", "LMDB", "LedgerDomain", "Ledger", "ProjectionEngine"],
      path: "Tests/LedgerTesting",
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LedgerDomainTests",
      dependencies: ["LedgerDomain", "LedgerCodec", "LedgerTesting"],
      // Frozen event bytes, read from the source tree (see GoldenEventBytesTests), and the
      // dateutil script the recurrence tests run from it (RecurrenceReferenceTests).
      exclude: ["Fixtures", "Schedules/rrule_reference.py", "Debts/payoff_reference.py"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LedgerTests",
      dependencies: [
        "Ledger", "LedgerDomain", "LedgerCodec", "EventLog", "LMDB", "LedgerTesting", "ProjectionEngine",
        "RunningBalances", "CategoryTotals", "BudgetVsActual", "TransactionIndex", "Schedules", "Interchange", "EventRecords",
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "ProjectionTests",
      dependencies: [
        "ProjectionEngine", "RunningBalances", "TransactionIndex", "EntityHistory", "CategoryTotals", "BudgetVsActual",
        "SharedRows", "LedgerDomain", "EventLog", "LMDB", "LedgerTesting", "Schedules", "Notifications",
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "CLITests",
      // The CLI is a dependency so that `swift build --build-tests` builds the binary under test.
      // Interchange: its CSV reader parses what `export csv` writes. BudgetServer: the web
      // sessions `budget sessions` lists, made as the server makes them.
      dependencies: ["LedgerTesting", "budget", "Interchange", "BudgetServer"],
      // Ledgers written by earlier releases, read from the source tree (see UpgradeTests).
      exclude: ["Fixtures"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "BudgetServerTests",
      // EventLog: how much of the ledger's file is in use (a stalled download must not grow it).
      dependencies: ["BudgetServer", "Ledger", "LedgerDomain", "LedgerTesting", "ProjectionEngine", "EventLog"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "SyncTests",
      // A hub and devices on loopback: replication, the outbox, conflicts, devices' tokens, and
      // faults between them. The CLI is a dependency so that the tests can run and kill it.
      dependencies: [
        "SyncClient", "BudgetServer", "Ledger", "LedgerDomain", "EventLog", "LMDB", "LedgerTesting", "budget",
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LedgerWireTests",
      // Every shape against its schema in docs/openapi.yaml, and the shared name resolution.
      dependencies: ["LedgerWire", "Ledger", "LedgerDomain", "QueryResults", "LedgerTesting"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "LMDBTests",
      dependencies: ["LMDB", "CLMDB", "LedgerTesting"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "EventLogTests",
      // The torture tool is a dependency so that `swift build --build-tests` always builds the
      // child process the crash-safety test kills.
      dependencies: [
        "EventLog", "LMDB", "LedgerTesting", "eventlog-torture", "CSHA256",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "ReliabilityTests",
      // Crash, disk-full, stale-reader, concurrency, hostile-input and fuzz-corpus tests; the
      // CLI is a dependency so that `swift build --build-tests` builds the binary they kill.
      dependencies: [
        "LedgerTesting", "budget", "FuzzHarness", "Ledger", "LedgerDomain", "EventLog", "LMDB", "ProjectionEngine",
        "RunningBalances",
      ],
      swiftSettings: swiftSettings
    ),
  ]
)
