import LedgerDomain

/// Transactions with random text (words sharing prefixes, reference numbers, rare and common
/// words), amended and deleted at random, and the brute-force answer to a search over them:
/// the oracle that search results are compared with.
///
/// The text is ASCII, so a word is a run of ASCII letters and digits, lower-cased: the
/// index's word rules, without the Unicode folding.
public struct RandomTextLedger {
  public private(set) var generator: SeededGenerator
  /// Each transaction as it stands now, deleted ones removed.
  public private(set) var live: [TransactionID: TransactionAdded] = [:]
  private var order: [TransactionID] = []
  private var counter: UInt64 = 0

  /// Common and rare words, several sharing prefixes.
  public static let vocabulary = [
    "food", "foods", "foodbank", "purchase", "purchases", "rewe", "rewemarkt", "market", "marketplace", "mart",
    "childcare", "card", "transfer", "rent", "grocery", "groceries", "cafe", "bakery", "bake", "zoo",
  ]
  /// Reference numbers, several sharing prefixes.
  public static let numbers = ["4411", "5000", "50001", "500017", "500018", "5001", "7302", "73", "990001"]

  /// The words the text is drawn from: ``vocabulary`` unless given.
  public let words: [String]

  /// A ledger drawing its text from `words` (and ``numbers``).
  public init(seed: UInt64, words: [String] = RandomTextLedger.vocabulary) {
    generator = SeededGenerator(seed: seed)
    self.words = words
  }

  /// A random event: mostly additions, then amendments and deletions of earlier ones.
  public mutating func next() -> LedgerEvent {
    let roll = Int.random(in: 0..<10, using: &generator)
    if roll == 0, let id = order.randomElement(using: &generator), let row = live[id] {
      live[id] = nil
      order.removeAll { $0 == id }
      return .transactionDeleted(TransactionDeleted(transaction: id, reason: "test", deleted: row))
    }
    if roll <= 2, let id = order.randomElement(using: &generator), let row = live[id] {
      var amendment = TransactionAmended(transaction: id)
      amendment.previous = row
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: amendment.name = text(words: 1...3)
      case 1: amendment.description = Change(Bool.random(using: &generator) ? text(words: 1...4) : nil)
      default: amendment.date = date()
      }
      live[id] = row.applying(amendment)
      return .transactionAmended(amendment)
    }
    counter += 1
    // Ids out of date order, so that ties on a day are broken by id.
    let id = TransactionID(raw: EntityID(high: 0x5EA1 ^ UInt64.random(in: 0..<4, using: &generator), low: counter))
    let added = TransactionAdded(
      transaction: id, account: Scenario.checking, date: date(), amount: eur("1"), type: .expense,
      category: Scenario.food, name: text(words: 1...3),
      description: Bool.random(using: &generator) ? text(words: 1...4) : nil,
      notes: Int.random(in: 0..<5, using: &generator) == 0 ? text(words: 1...2) : nil,
      tags: Int.random(in: 0..<6, using: &generator) == 0 ? [text(words: 1...1)] : [])
    live[id] = added
    order.append(id)
    return .transactionAdded(added)
  }

  /// A random query of one to three words: whole words, prefixes of them, numbers, prefixes of
  /// numbers, and now and then a word nothing has.
  public mutating func query() -> String {
    (0..<Int.random(in: 1...3, using: &generator)).map { _ in
      switch Int.random(in: 0..<10, using: &generator) {
      case 0: "nothing"
      case 1...4: words.randomElement(using: &generator)!
      case 5, 6: String(words.randomElement(using: &generator)!.prefix(Int.random(in: 2...4, using: &generator)))
      case 7, 8: Self.numbers.randomElement(using: &generator)!
      default: String(Self.numbers.randomElement(using: &generator)!.prefix(Int.random(in: 1...4, using: &generator)))
      }
    }.joined(separator: Bool.random(using: &generator) ? " " : ", ")
  }

  /// The live transactions dated `from` … `through` with a word starting with each word of
  /// `query`, newest first (by date, then id), found by looking at every one.
  public func matches(
    _ query: String, from: CivilDate = .earliest, through: CivilDate = .latest
  ) -> [TransactionID] {
    let terms = Self.words(query)
    guard !terms.isEmpty else { return [] }
    return live.values.filter { row in
      guard row.date >= from, row.date <= through else { return false }
      let words = Self.words(([row.name, row.description ?? "", row.notes ?? ""] + row.tags).joined(separator: " "))
      return terms.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
    }
    .sorted { ($0.date, $0.transaction.raw) > ($1.date, $1.transaction.raw) }
    .map(\.transaction)
  }

  /// The lower-cased runs of ASCII letters and digits of `text`.
  static func words(_ text: String) -> [String] {
    text.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
  }

  private mutating func text(words range: ClosedRange<Int>) -> String {
    (0..<Int.random(in: range, using: &generator)).map { _ in
      Int.random(in: 0..<3, using: &generator) == 0
        ? Self.numbers.randomElement(using: &generator)! : self.words.randomElement(using: &generator)!.capitalized
    }.joined(separator: " ")
  }

  /// A day in 2024, few enough that days are shared.
  private mutating func date() -> CivilDate {
    day("2024-0\(Int.random(in: 1...9, using: &generator))-1\(Int.random(in: 0...2, using: &generator))")
  }
}

extension String {
  fileprivate var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
