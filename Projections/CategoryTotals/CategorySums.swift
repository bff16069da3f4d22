import LedgerDomain

/// Per-category sums built from transactions one by one, for a scope the stored tables do
/// not hold — an expense period, whose days need not be whole months — counted as the
/// projector counts: an expense's postings are spent, an income's received, and a
/// transaction counts once in each category it books (splits to one category merged).
public struct CategorySums: Sendable {
  var rows: [RowKey: Sums] = [:]

  public init() {}

  /// Adds one transaction's postings.
  public mutating func add(type: TransactionType, postings: [Split]) throws {
    var merged: [(category: CategoryID, amount: Money)] = []
    for posting in postings {
      if let index = merged.firstIndex(where: { $0.category == posting.category }) {
        merged[index].amount = try merged[index].amount + posting.amount
      } else {
        merged.append((posting.category, posting.amount))
      }
    }
    for (category, amount) in merged {
      let zero = Money.zero(amount.currency)
      let sums = Sums(
        spent: type == .expense ? amount : zero, received: type == .expense ? zero : amount, count: 1)
      let key = RowKey(category: category, currency: amount.currency.code)
      rows[key] = try rows[key].map { try $0.adding(sums) } ?? sums
    }
  }
}
