/// The bars of `budget serve`'s start: a fixed time, and resident memory at a third of what the
/// binary of 2026-11-27 (`32f2e9e`) used on the 1 M-transaction ledger (docs/benchmarks.md).
enum ServeTargets {
  static let firstWriteMs = 1_000.0
  /// VmRSS of `32f2e9e` once the port accepts, and after the first write (medians of 10 starts).
  static let baselineAfterStartBytes: Int64 = 0
  static let baselineAfterWriteBytes: Int64 = 0
  static var afterStartBytes: Int64 { baselineAfterStartBytes / 3 }
  static var afterWriteBytes: Int64 { baselineAfterWriteBytes / 3 }
}
