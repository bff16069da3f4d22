/// The bars of `budget serve`'s start on the 1 M-transaction ledger: a fixed time to the first
/// answered write, and resident memory at a third of what the binary of `32f2e9e` used there
/// (2026-11-27, medians of 10 starts; docs/benchmarks.md, "Current figures").
enum ServeTargets {
  static let firstWriteMs = 1_000.0
  /// VmRSS of `32f2e9e` once the port accepted: 1,763 MiB.
  static let baselineAfterStartBytes: Int64 = 1_763 << 20
  /// VmRSS of `32f2e9e` after the first write was answered: 1,765 MiB.
  static let baselineAfterWriteBytes: Int64 = 1_765 << 20
  /// A third of ``baselineAfterStartBytes``, rounded down to a MiB.
  static let afterStartBytes: Int64 = 587 << 20
  /// A third of ``baselineAfterWriteBytes``, rounded down to a MiB.
  static let afterWriteBytes: Int64 = 588 << 20
}
