import LedgerDomain

/// The kind of text a dataset's transactions carry.
enum DatasetShape: String, Codable, Sendable, CaseIterable {
  /// Payees of two made-up words, a quarter with a description of vocabulary words.
  case household
  /// A bank statement's: every name carries a reference number (so the text has about as
  /// many distinct words as transactions) and a channel — "CARD 4411 REWE MARKT 500017",
  /// "SEPA DD STADTWERKE MREF 731204" — and the description says category and kind of
  /// booking ("Food purchase", "Rent direct debit"). 23 categories (one more custom one,
  /// "Fees"), the same 3 accounts.
  case bank
}

extension DatasetWorld {
  /// The last four digits of each account's card, as statements print them.
  static let bankCards = ["4411", "7302", "9015"]

  /// Merchants of the main categories; the others get two made-up words.
  static let bankMerchants: [String: [String]] = [
    "Food": [
      "REWE MARKT", "ALDI SUED", "LIDL", "EDEKA CENTER", "PENNY MARKT", "NETTO FILIALE", "KAUFLAND", "DM DROGERIE",
    ],
    "Restaurants": ["MCDONALDS", "BURGER KING", "VAPIANO", "PIZZERIA ROMA", "STARBUCKS", "SUBWAY"],
    "Transport": ["DB VERTRIEB", "SHELL", "ARAL STATION", "MVG TICKET", "UBER TRIP", "BVG APP"],
    "Shopping": ["AMAZON MKTPLACE", "ZALANDO", "IKEA", "MEDIAMARKT", "SATURN", "OTTO VERSAND"],
    "Entertainment": ["NETFLIX COM", "SPOTIFY", "CINEMAXX", "STEAM GAMES"],
    "Health": ["APOTHEKE AM MARKT", "PRAXIS DR MUELLER", "FIELMANN"],
    "Sport": ["MCFIT", "DECATHLON", "URBAN SPORTS"],
    "Bills": ["TELEKOM", "VODAFONE", "STADTWERKE"],
    "Rent": ["HAUSVERWALTUNG MEIER"],
    "Childcare": ["KITA SONNENSCHEIN", "STADT KITA GEBUEHR"],
    "Income": ["ACME GMBH GEHALT", "LOHN ACME"],
  ]

  /// Turns the household world into the bank-like one: adds the "Fees" category and gives
  /// every category merchants for payees.
  mutating func makeBankLike(seed: UInt64) {
    isBank = true
    var random = SeededGenerator(seed: seed ^ 0xBA4C)
    categories.append(
      Category(
        id: CategoryID(raw: EntityID.random(using: &random)), name: "Fees", kind: .expense, budgetType: .variable,
        isCustom: true, sortOrder: 100 + categories.count, weight: 1, low: 1, high: 15, payees: [],
        budget: 10 * Self.unit))
    for index in categories.indices {
      let name = categories[index].name
      categories[index].payees =
        Self.bankMerchants[name]
        ?? (0..<4).map { _ in
          (vocabulary[random.below(vocabulary.count)] + " " + vocabulary[random.below(vocabulary.count)]).uppercased()
        }
    }
  }

  /// A bank statement's name and description of a transaction in category number `category`.
  func bankText(category: Int, account: AccountID, payee: String, reference: Int) -> (name: String, description: String)
  {
    let record = categories[category]
    switch (record.kind, record.budgetType) {
    case (.income, _):
      return ("SEPA CT \(payee) \(reference)", "\(record.name) transfer")
    case (_, .fixed), (_, .quarterly):
      return ("SEPA DD \(payee) MREF \(reference)", "\(record.name) direct debit")
    default:
      let card = Self.bankCards[accounts.firstIndex { $0.id == account } ?? 0]
      return ("CARD \(card) \(payee) \(reference)", "\(record.name) purchase")
    }
  }
}
