import LedgerDomain
import LedgerWire

/// `export json`: every movement of money, oldest first, each object tagged with its `kind`
/// — `transaction` (the shape of `tx show --json`), `opening` (an account's opening balance,
/// signed) or `transfer` (one object for both legs).
enum ExportJSON {
  static func items(_ state: LedgerState) -> [Item] {
    var items: [Item] = []
    for (id, account) in state.accounts {
      guard let opening = account.openingBalance, !opening.isZero else { continue }
      items.append(
        .opening(
          Opening(
            id: id.description, date: account.openingDate.description, account: account.name,
            amount: opening.formatted(), currency: opening.currency.code)))
    }
    for record in state.transactions.values where !record.isDeleted {
      items.append(.transaction(Wire.Transaction(record, state: state)))
    }
    func name(_ id: AccountID) -> String { state.accounts[id]?.name ?? id.description }
    for transfer in state.transferRecords.values {
      items.append(
        .transfer(
          Transfer(
            id: transfer.transfer.description, date: transfer.date.description, from: name(transfer.from),
            to: name(transfer.to), amount: transfer.amount.formatted(), currency: transfer.amount.currency.code,
            note: transfer.note)))
    }
    return items.sorted { ($0.date, $0.rank, $0.id) < ($1.date, $1.rank, $1.id) }
  }

  /// One exported object.
  enum Item: Encodable {
    case opening(Opening)
    case transaction(Wire.Transaction)
    case transfer(Transfer)

    var date: String {
      switch self {
      case .opening(let o): o.date
      case .transaction(let t): t.date
      case .transfer(let t): t.date
      }
    }

    /// A day's opening balances come first.
    var rank: Int {
      if case .opening = self { return 0 }
      return 1
    }

    var id: String {
      switch self {
      case .opening(let o): o.id
      case .transaction(let t): t.id
      case .transfer(let t): t.id
      }
    }

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .opening(let o): try o.encode(to: encoder)
      case .transaction(let t): try Tagged(kind: "transaction", value: t).encode(to: encoder)
      case .transfer(let t): try t.encode(to: encoder)
      }
    }
  }

  /// An account's opening balance (negative: the account owes, as a card does).
  struct Opening: Encodable {
    var kind = "opening"
    var id, date, account, amount, currency: String
  }

  /// A transfer between two accounts of one currency.
  struct Transfer: Encodable {
    var kind = "transfer"
    var id, date, from, to, amount, currency: String
    var note: String?
  }

  /// `value`'s keys plus `kind`.
  private struct Tagged<Value: Encodable>: Encodable {
    var kind: String
    var value: Value

    private enum Keys: String, CodingKey { case kind }

    func encode(to encoder: any Encoder) throws {
      try value.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(kind, forKey: .kind)
    }
  }
}
