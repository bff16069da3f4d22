import EventRecords
import Ledger

extension Wire {
  /// What verifying the ledger found (`GET /verify`, `budget verify --json`): whether the
  /// hash chain, the period seals and the projections hold, over how many events, the chain's
  /// head, and each problem in words.
  public struct Verify: Codable, Sendable, Equatable {
    public var ok: Bool
    public var events: UInt64
    public var head: String
    public var problems: [String]
  }
}

extension Wire.Verify {
  /// What `report` found.
  public init(_ report: VerificationReport) {
    ok = report.isOK
    events = report.events
    head = report.head.hex
    problems = report.problems
  }
}
