import LedgerDomain

/// A payoff plan as the CLI's `--json` and the API answer it: money as exact decimal strings.
public struct PayoffPlanReport: Codable, Sendable, Hashable {
  public struct Debt: Codable, Sendable, Hashable {
    public var name: String
    public var payoffMonth: String
    public var interest: String
    public var paid: String
  }

  /// One month: each debt's payment, interest and balance after it, in the order of ``debts``
  /// (arrays rather than objects keyed by name: a 30-year plan of 20 debts has 21,600 of them).
  public struct Month: Codable, Sendable, Hashable {
    public var month: String
    public var payments: [String]
    public var interest: [String]
    public var balances: [String]

    /// Each list element by element as a `String`: `[String]`'s own encoding hands every
    /// element to the encoder as a generic value, which JSONEncoder inspects with dynamic
    /// casts — the larger part of `budget debt plan --json`'s time on a 30-year plan.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(month, forKey: .month)
      for (key, values) in [(CodingKeys.payments, payments), (.interest, interest), (.balances, balances)] {
        var list = container.nestedUnkeyedContainer(forKey: key)
        for value in values { try list.encode(value) }
      }
    }
  }

  public var strategy: String
  public var payoffMonth: String
  public var totalInterest: String
  public var totalPaid: String
  public var currency: String
  public var debts: [Debt]
  public var months: [Month]
  /// With a "debt free by" month: that month, `YYYY-MM`.
  public var by: String?
  /// The smallest extra a month that pays every debt off by ``by``.
  public var extraNeeded: String?
  /// Whether this plan is paid off by ``by``.
  public var onTrack: Bool?

  public init(_ plan: PayoffPlan, target: DebtFreeTarget? = nil) {
    by = target?.by.description
    extraNeeded = target?.extraNeeded.formatted()
    onTrack = target?.onTrack
    strategy = plan.strategy.name
    payoffMonth = plan.payoffMonth.description
    totalInterest = plan.totalInterest.formatted()
    totalPaid = plan.totalPaid.formatted()
    currency = plan.totalPaid.currency.code
    debts = plan.debts.map {
      Debt(
        name: $0.name, payoffMonth: $0.payoffMonth.description, interest: $0.interest.formatted(),
        paid: $0.paid.formatted())
    }
    months = plan.months.map { month in
      Month(
        month: month.month.description, payments: month.payments.map { $0.formatted() },
        interest: month.interest.map { $0.formatted() }, balances: month.balances.map { $0.formatted() })
    }
  }
}

/// A debt as the CLI's `--json` and the API show it.
public struct DebtReport: Codable, Sendable, Hashable {
  public struct Terms: Codable, Sendable, Hashable {
    public var from: String
    public var apr: String
    public var minimum: String
    public var dueDay: Int?
    public var termMonths: Int?
  }

  public var id: String
  public var name: String
  public var kind: String
  public var account: String
  public var owed: String
  public var currency: String
  public var apr: String
  public var minimum: String
  public var terms: [Terms]

  public init(_ debt: DebtSummary) {
    id = debt.id.description
    name = debt.name
    kind = debt.kind.rawValue
    account = debt.accountName
    owed = debt.owed.formatted()
    currency = debt.owed.currency.code
    apr = debt.terms.apr.description
    minimum = debt.terms.minimum.formatted()
    terms = debt.record.terms.map {
      Terms(
        from: $0.from.description, apr: $0.terms.apr.description, minimum: $0.terms.minimum.formatted(),
        dueDay: $0.terms.dueDay, termMonths: $0.terms.termMonths)
    }
  }
}
