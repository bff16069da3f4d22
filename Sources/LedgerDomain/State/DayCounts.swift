/// How many of something fall on each day, kept in day order: an account's live transactions
/// per day (``AccountRecord/transactionDays``).
///
/// A sorted array rather than a dictionary: the rules ask for the last day, and the stored
/// rules' state writes the days in order after every command — a dictionary would be sorted
/// each time (thousands of days per account over ten years). A change is a binary search and
/// a short move.
public struct DayCounts: Sendable, Hashable {
  private var days: [CivilDate] = []
  private var counts: [Int] = []

  public init() {}

  /// The count on `day`; `nil` if none. Setting `nil` (or 0) removes the day.
  public subscript(day: CivilDate) -> Int? {
    get {
      let index = position(of: day)
      return index < days.count && days[index] == day ? counts[index] : nil
    }
    set {
      let index = position(of: day)
      let present = index < days.count && days[index] == day
      switch (present, newValue) {
      case (true, let value?) where value != 0: counts[index] = value
      case (true, _):
        days.remove(at: index)
        counts.remove(at: index)
      case (false, let value?) where value != 0:
        days.insert(day, at: index)
        counts.insert(value, at: index)
      case (false, _): break
      }
    }
  }

  /// The count on `day`, or `defaultValue`.
  public subscript(day: CivilDate, default defaultValue: Int) -> Int {
    self[day] ?? defaultValue
  }

  /// The last day with a count.
  public var last: CivilDate? { days.last }

  /// How many days have a count.
  public var count: Int { days.count }

  public var isEmpty: Bool { days.isEmpty }

  /// Makes room for `count` days.
  public mutating func reserveCapacity(_ count: Int) {
    days.reserveCapacity(count)
    counts.reserveCapacity(count)
  }

  /// The first index whose day is not before `day`.
  private func position(of day: CivilDate) -> Int {
    var low = 0
    var high = days.count
    while low < high {
      let middle = (low + high) / 2
      if days[middle] < day { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension DayCounts: Sequence {
  /// The days with their counts, in day order.
  public func makeIterator() -> some IteratorProtocol<(day: CivilDate, count: Int)> {
    zip(days, counts).lazy.map { (day: $0, count: $1) }.makeIterator()
  }

  public var underestimatedCount: Int { days.count }
}

extension DayCounts: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (CivilDate, Int)...) {
    for (day, count) in elements { self[day] = count }
  }
}
