import ArgumentParser
import Ledger
import LedgerDomain

/// Parses a date option or argument (`transform: dateArgument`). Unlike a failable
/// `ExpressibleByArgument` initialiser, the refusal says why, e.g. "The value '2026-02-30' is
/// invalid for '--date <date>': '2026-02-30' is not a date: February 2026 has 28 days".
@Sendable func dateArgument(_ text: String) throws -> CivilDate { try CivilDate(parsing: text) }

/// Parses a month option (`transform: monthArgument`), saying why a value is refused.
@Sendable func monthArgument(_ text: String) throws -> YearMonth { try YearMonth(parsing: text) }

extension AccountType: ExpressibleByArgument {}
extension AccountRole: ExpressibleByArgument {}
extension CategoryKind: ExpressibleByArgument {}
extension BudgetType: ExpressibleByArgument {}
extension TransactionType: ExpressibleByArgument {}

/// Parses `text` as an amount in `currency`, refusing zero and a sign: `direction` says what
/// gives the direction instead (a transaction's type, a transfer's accounts…).
func positiveAmount(
  _ text: String, currency: Currency, field: String = "amount",
  direction: String = "use --type income or expense for the direction"
) throws -> Money {
  let money = try userFacing { try Money(parsing: text, currency: currency) }
  guard money.isPositive else { throw UserError("\(field) '\(text)' must be more than zero; \(direction)") }
  return money
}

/// Formats money for tables: grouped digits, the currency's minor units, red when negative.
func show(_ money: Money, color: Bool = false) -> String {
  let text = money.formatted(grouping: true)
  return color && money.isNegative ? Console.paint(text, .red) : text
}
