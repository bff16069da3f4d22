/// What an import did (or, in a dry run, would do): the same for every front end — `budget
/// import csv --json` prints it, `POST /api/v1/import/csv` answers with it.
public struct ImportSummary: Sendable, Hashable, Codable {
  /// Rows recorded as new transactions.
  public var added = 0
  /// Rows an earlier import recorded already (their idempotency key is in the log).
  public var skipped = 0
  /// How many of the rows added are refunds — money in, booked to an expense category
  /// (``LedgerDomain/LedgerState/isRefund(_:)``): possible, but a file full of them is more
  /// likely a file of unsigned expenses read as income.
  public var refunds = 0
  /// `true` when the import was cancelled before its last batch: the batches recorded until
  /// then stay (each is all or nothing), and importing the file again adds the rest.
  public var cancelled = false
  /// The bills the rows paid, matched by the import (``Ledger/matchScheduled(account:dueFrom:through:after:partOf:linking:metadata:)``),
  /// and those they may have paid; `nil` when nothing was added or the matching failed.
  /// Not part of the summary's JSON.
  public var bills: MatchReport?
  private var refusals: [Refusal] = []

  /// A row left out, and why.
  private struct Refusal: Sendable, Hashable {
    var line: Int
    var message: String
  }

  public init() {}

  /// The refused rows, as "line N: why", in the file's order (batches settle rows out of it).
  public var rejected: [String] { refusals.sorted { $0.line < $1.line }.map { "line \($0.line): \($0.message)" } }

  /// The exit code of an import that left rows out (0 when every row was added or skipped).
  public static let rowsRejectedExitCode: Int32 = 4

  /// Records that the row at `line` was left out because of `message`.
  public mutating func reject(line: Int, _ message: String) { refusals.append(Refusal(line: line, message: message)) }

  private enum CodingKeys: String, CodingKey { case added, skipped, rejected, refunds, cancelled }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    added = try container.decode(Int.self, forKey: .added)
    skipped = try container.decode(Int.self, forKey: .skipped)
    refunds = try container.decodeIfPresent(Int.self, forKey: .refunds) ?? 0
    cancelled = try container.decodeIfPresent(Bool.self, forKey: .cancelled) ?? false
    for text in try container.decode([String].self, forKey: .rejected) {
      // "line N: why", as encoded.
      let parts = text.split(separator: ":", maxSplits: 1)
      let line = parts.first.flatMap { Int($0.dropFirst("line ".count)) } ?? 0
      refusals.append(Refusal(line: line, message: parts.count > 1 ? String(parts[1].dropFirst()) : text))
    }
  }

  /// Encodes `added`, `skipped`, `rejected` and `refunds` — and `cancelled`, only when it is
  /// `true`, so that a complete import's summary reads as it always did.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(added, forKey: .added)
    try container.encode(skipped, forKey: .skipped)
    try container.encode(rejected, forKey: .rejected)
    try container.encode(refunds, forKey: .refunds)
    if cancelled { try container.encode(cancelled, forKey: .cancelled) }
  }
}
