import LedgerDomain
import SharedRows

/// A planned income: amount, currency and the source's name.
///
/// Value: amount (8), currency (3), source (2 + UTF-8).
struct IncomeRow: Hashable {
  var amount: Int64
  var currency: String
  var source: String

  init(amount: Int64, currency: String, source: String) {
    self.amount = amount
    self.currency = currency
    self.source = source
  }

  var encoded: [UInt8] {
    var row = RowWriter(capacity: 16 + source.utf8.count)
    row.int(amount)
    row.fixed(currency, width: 3)
    row.text(source)
    return row.bytes
  }

  init?(_ bytes: some Collection<UInt8>) {
    var row = RowReader(bytes)
    guard let amount = row.int(), let currency = row.fixed(width: 3), let source = row.text() else { return nil }
    self.init(amount: amount, currency: currency, source: source)
  }
}
