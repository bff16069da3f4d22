// swift-tools-version: 6.1
import PackageDescription

/// The benchmarks, kept out of the product package so that `swift build` and `make test` there
/// do not build them; they use the ledger's libraries through the package one directory up.
/// Tools/bench.sh and Tools/scale-bench.sh build them (`make bench`, `make bench-scale`).
let swiftSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// A library product of the ledger's package.
func ledger(_ name: String) -> Target.Dependency { .product(name: name, package: "budget-ledger") }

let package = Package(
  name: "budget-ledger-tools",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "ledger-bench", targets: ["ledger-bench"]),
    .executable(name: "ledger-scale-bench", targets: ["ledger-scale-bench"]),
  ],
  dependencies: [
    .package(name: "budget-ledger", path: "..")
  ],
  targets: [
    .target(
      name: "BenchSupport",
      // What both benchmark tools report about the run (commit, CPU use, load).
      path: "BenchSupport",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "ledger-bench",
      dependencies: [ledger("EventLog"), ledger("LMDB"), ledger("CLMDB"), "BenchSupport"],
      path: "Bench",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "ledger-scale-bench",
      dependencies: [
        ledger("Ledger"), ledger("LedgerDomain"), ledger("EventLog"), ledger("LMDB"), ledger("CLMDB"),
        ledger("ProjectionEngine"), ledger("RunningBalances"), ledger("CategoryTotals"), ledger("BudgetVsActual"),
        ledger("TransactionIndex"), "BenchSupport",
      ],
      path: "ScaleBench",
      exclude: ["baseline"],
      swiftSettings: swiftSettings
    ),
  ]
)
