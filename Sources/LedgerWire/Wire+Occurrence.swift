import LedgerDomain
import QueryResults

extension Wire {
  /// One occurrence of a schedule: `date` is its nominal date (its identity, the `{date}` of
  /// the pay and skip routes and commands), `due` the day it is due after the weekend shift,
  /// `status` where it stands on the day asked for.
  public struct Occurrence: Codable, Sendable, Equatable {
    public var schedule, name, date, due, status, amount, currency, kind, account: String
    public var category: String?
    public var estimated, autopay, remind: Bool
    public var transaction, transfer, paidOn, source, skipReason: String?
  }
}

extension Wire.Occurrence {
  /// `occurrence` with names for its ids; its amount is what was paid, once paid.
  public init(_ occurrence: OccurrenceInfo, names: some WireNames) {
    schedule = occurrence.schedule.description
    name = occurrence.terms.name
    date = occurrence.nominal.description
    due = occurrence.due.description
    status = occurrence.status.rawValue
    let amount = occurrence.payment?.amount ?? occurrence.terms.amount
    self.amount = amount.formatted()
    currency = amount.currency.code
    kind = occurrence.terms.kind.rawValue
    account = names.accountName(occurrence.terms.account)
    category = occurrence.terms.category.map(names.categoryName)
    estimated = occurrence.terms.estimated
    autopay = occurrence.terms.autopay
    remind = occurrence.remind
    transaction = occurrence.payment?.transaction?.description
    transfer = occurrence.payment?.transfer?.description
    paidOn = occurrence.payment?.paidOn.description
    source = occurrence.payment?.source.rawValue
    skipReason = occurrence.skipReason
  }
}
