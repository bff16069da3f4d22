import LedgerDomain
import QueryResults

/// What `budget bills` shows on a day: what is overdue, what falls due in the next days, the
/// reminders whose day has come, and what was paid this month — each with totals per
/// currency (no currency is added to another).
public struct BillsOverview: Sendable, Hashable {
  public var today: CivilDate
  /// How many days ahead ``dueSoon`` looks.
  public var days: Int
  /// Open occurrences due before today (looking back ``Ledger/scheduleLookbackDays``).
  public var overdue: [OccurrenceInfo]
  /// Open occurrences due from today through `today + days`.
  public var dueSoon: [OccurrenceInfo]
  /// Open occurrences whose reminder shows today (overdue ones included).
  public var reminders: [OccurrenceInfo]
  /// Occurrences due this month that are paid.
  public var paidThisMonth: [OccurrenceInfo]

  /// The signed total of `occurrences` per currency (expenses and transfers negative).
  public static func totals(_ occurrences: [OccurrenceInfo]) -> [Money] {
    var units: [Currency: Int64] = [:]
    for occurrence in occurrences {
      let amount = occurrence.payment?.amount ?? occurrence.terms.amount
      let signed = occurrence.terms.kind == .income ? amount.units : -amount.units
      units[amount.currency, default: 0] &+= signed
    }
    return units.sorted { $0.key.code < $1.key.code }.map { Money(units: $0.value, currency: $0.key) }
  }
}

/// What posting the waiting autopay occurrences did.
public struct AutopayReport: Sendable, Hashable {
  /// Posted now: each occurrence with the transaction (or transfer) that paid it.
  public var posted: [(occurrence: OccurrenceInfo, entry: EntityID)]
  /// Posted before (their key is recorded: by another process, or a run that was cut short).
  public var alreadyPosted: Int
  /// Refused by the rules (an account closed since, a category archived…), with the reason.
  public var refused: [(occurrence: OccurrenceInfo, reason: String)]
  /// The day posting went through; earlier than asked when the request reached past today.
  public var through: CivilDate
  /// Whether the day asked for was past today and was capped to it.
  public var capped: Bool
  /// What the postings made now recorded, in order, for ``Ledger/warnings(after:)``.
  public var outcomes: [CommandOutcome] = []

  public static func == (a: Self, b: Self) -> Bool {
    a.posted.map(\.entry) == b.posted.map(\.entry) && a.alreadyPosted == b.alreadyPosted
      && a.refused.map(\.reason) == b.refused.map(\.reason) && a.through == b.through && a.capped == b.capped
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(posted.map(\.entry))
    hasher.combine(through)
  }
}
