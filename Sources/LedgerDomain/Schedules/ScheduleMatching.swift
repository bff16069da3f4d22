/// When a transaction looks like a scheduled occurrence: the same account and direction, the
/// amount (within ``estimateTolerancePercent`` for an estimated bill), a date within
/// ``windowDays`` of the due date, and a similar name — a word of three or more letters or
/// digits of the schedule's name or payee in the transaction's name, or the other way round.
public enum ScheduleMatching {
  /// How far an estimated bill's amount may be off, in percent either way.
  public static let estimateTolerancePercent: Int64 = 10
  /// How many days before or after its due date a transaction may pay an occurrence.
  public static let windowDays = 7

  /// Whether `amount` is what `terms` expect.
  public static func amountMatches(_ amount: Money, _ terms: ScheduleTerms) -> Bool {
    guard amount.currency == terms.amount.currency else { return false }
    guard terms.estimated else { return amount.units == terms.amount.units }
    let expected = terms.amount.units
    let (slack, overflow) = expected.multipliedReportingOverflow(by: estimateTolerancePercent)
    let tolerance = overflow ? expected : slack / 100
    return abs(amount.units - expected) <= tolerance
  }

  /// Whether a transaction called `name` may be the one `terms` describe.
  public static func namesMatch(_ name: String, _ terms: ScheduleTerms) -> Bool {
    let words = Set(Self.words(name))
    let scheduled = Set(Self.words(terms.name) + Self.words(terms.payee ?? ""))
    return !words.isDisjoint(with: scheduled)
  }

  /// Whether a transaction of `type`, `amount`, `date` and `name` on `account` may pay
  /// `occurrence` (due on `due`, with `terms`).
  public static func matches(
    account: AccountID, type: TransactionType, amount: Money, date: CivilDate, name: String, due: CivilDate,
    terms: ScheduleTerms
  ) -> Bool {
    guard terms.kind != .transfer, account == terms.account, (type == .income) == (terms.kind == .income) else {
      return false
    }
    return abs(date.days(until: due)) <= windowDays && amountMatches(amount, terms) && namesMatch(name, terms)
  }

  /// The lowercased runs of three or more letters or digits in `text`.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    for character in text.lowercased() {
      if character.isLetter || character.isNumber {
        current.append(character)
      } else {
        if current.count >= 3 { words.append(current) }
        current = ""
      }
    }
    if current.count >= 3 { words.append(current) }
    return words
  }
}
