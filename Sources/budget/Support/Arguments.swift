import ArgumentParser
import EventLog
import Ledger
import LedgerDomain
import ProjectionEngine
import RunningBalances

extension CivilDate: ExpressibleByArgument {
  public init?(argument: String) {
    guard let date = try? CivilDate(parsing: argument) else { return nil }
    self = date
  }
}

extension YearMonth: ExpressibleByArgument {
  public init?(argument: String) {
    guard let month = try? YearMonth(parsing: argument) else { return nil }
    self = month
  }
}

extension AccountType: ExpressibleByArgument {}
extension CategoryKind: ExpressibleByArgument {}
extension BudgetType: ExpressibleByArgument {}
extension TransactionType: ExpressibleByArgument {}

/// Parses `text` as an amount in `currency`, refusing a sign: the transaction type gives it.
func positiveAmount(_ text: String, currency: Currency, field: String = "amount") throws -> Money {
  let money = try userFacing { try Money(parsing: text, currency: currency) }
  guard money.isPositive else {
    throw UserError("\(field) '\(text)' must be more than zero; use --type income or expense for the direction")
  }
  return money
}

/// Formats money for tables: grouped digits, the currency's minor units, red when negative.
func show(_ money: Money, color: Bool = false) -> String {
  let text = money.formatted(grouping: true)
  return color && money.isNegative ? Console.paint(text, .red) : text
}
