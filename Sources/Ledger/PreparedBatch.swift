import EventLog
import LedgerDomain

/// Rows a ``BulkLoad`` decided and encoded, for ``Ledger/record(_:projecting:)``.
package struct PreparedBatch: Sendable {
  /// What becomes of one row.
  enum Step: Sendable {
    /// Appended unless its key was recorded (then a duplicate).
    case append(LedgerEvent)
    /// A duplicate if its key was recorded, else refused for this.
    case checkKey(LedgerError)
  }

  let rows: [BulkLoad.Row]
  let appends: PreparedAppends
  let plan: [Step]
  let metadata: EventMetadata
  let tracker: BulkLoad.Tracker

  init(
    rows: [BulkLoad.Row], appends: PreparedAppends, plan: [Step], metadata: EventMetadata, tracker: BulkLoad.Tracker
  ) {
    self.rows = rows
    self.appends = appends
    self.plan = plan
    self.metadata = metadata
    self.tracker = tracker
  }

  /// The number of rows.
  package var count: Int { rows.count }
}
