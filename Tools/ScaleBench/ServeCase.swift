/// `budget serve` started `runs.count` times on one ledger: medians of the runs.
struct ServeCase: Codable, Sendable {
  var transactions: Int
  var runs: [ServeStartup.Run]
  /// From starting the process to the first write's answer, median.
  var firstWriteMs: Double
  /// From starting the process to the port's accepting a connection, median.
  var listeningMs: Double
  var residentAfterStartBytes: Int64
  var residentAfterWriteBytes: Int64
}
