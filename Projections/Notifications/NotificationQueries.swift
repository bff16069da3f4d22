import EventLog
import LedgerDomain
import ProjectionEngine
import QueryResults
import SharedRows

/// Reads the notifications read model.
public struct NotificationQueries {
  let reader: ProjectionReader
  let name = NotificationsProjector.name

  public init(_ reader: ProjectionReader) { self.reader = reader }

  /// Every budget notice standing as known at `asKnownAt`: newest first, then by threshold
  /// (highest first), month (latest first) and category.
  /// With `reachedWithin`, only those reached at those positions (a write's own).
  public func budgetNotices(
    asKnownAt: UInt64 = .max, reachedWithin: ClosedRange<UInt64>? = nil
  ) throws
    -> [BudgetNotice]
  {
    let currency =
      try reader.value(name, "settings", key: NotificationKeys.settings, asKnownAt: asKnownAt)
      .flatMap { try? Currency(code: String(decoding: $0, as: UTF8.self)) } ?? .eur
    var notices: [BudgetNotice] = []
    try reader.scan(
      name, "alerts", from: [UInt8](repeating: 0, count: NotificationKeys.alertSize),
      to: [UInt8](repeating: 0xFF, count: NotificationKeys.alertSize), asKnownAt: asKnownAt
    ) { key, value in
      var row = RowReader(value)
      guard let position = row.word(), let hasCause = row.byte(), let cause = row.id(), let crossing = row.word(),
        let month = KeyPart.month(index: KeyPart.u32(key, at: 16)),
        let threshold = BudgetThreshold(rawValue: key[20]), reachedWithin?.contains(position) ?? true
      else { return .continue }
      notices.append(
        BudgetNotice(
          category: CategoryID(raw: KeyPart.id(key, at: 0)), month: month, threshold: threshold, position: position,
          transaction: hasCause == 1 ? TransactionID(raw: cause) : nil, crossing: Int(crossing),
          actual: .zero(currency), available: .zero(currency)))
      return .continue
    }
    // The month's figures as they stood when each was reached: its row as known then.
    for index in notices.indices {
      let key = NotificationKeys.month(notices[index].category, KeyPart.month(notices[index].month))
      guard
        let row = try reader.value(name, "months", key: key, asKnownAt: notices[index].position)
          .flatMap(BudgetMonthRow.init)
      else { continue }
      notices[index].actual = Money(units: row.net, currency: currency)
      notices[index].available = Money(units: row.available(in: currency), currency: currency)
    }
    return notices.sorted {
      ($0.position, $0.threshold, $0.month, $0.category.raw.high, $0.category.raw.low)
        > ($1.position, $1.threshold, $1.month, $1.category.raw.high, $1.category.raw.low)
    }
  }
}
