import ProjectionEngine

/// A posting's `day ‖ id` suffix (``TransactionKeys/suffixSize`` bytes) as its three
/// big-endian words: ordered as its bytes are, compared and stepped without an array, which
/// an intersection does for every posting it passes.
struct PostingSuffix: Comparable {
  var day: UInt64
  var high: UInt64
  var low: UInt64

  init(day: UInt64, high: UInt64, low: UInt64) {
    (self.day, self.high, self.low) = (day, high, low)
  }

  init(_ bytes: some Collection<UInt8>) {
    day = KeyBuilder.word(bytes, at: 0)
    high = KeyBuilder.word(bytes, at: 8)
    low = KeyBuilder.word(bytes, at: 16)
  }

  /// The suffix in the first ``TransactionKeys/suffixSize`` bytes at `raw`.
  init(raw: UnsafeRawBufferPointer) {
    day = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
    high = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    low = UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
  }

  var bytes: [UInt8] { KeyBuilder.words(day, high, low) }

  /// Calls `body` with the suffix's bytes, on the stack.
  func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try withUnsafeBytes(of: (day.bigEndian, high.bigEndian, low.bigEndian), body)
  }

  /// The next suffix up; `nil` after the largest.
  var successor: PostingSuffix? {
    let (low, carry) = low.addingReportingOverflow(1)
    guard carry else { return PostingSuffix(day: day, high: high, low: low) }
    let (high, carried) = high.addingReportingOverflow(1)
    guard carried else { return PostingSuffix(day: day, high: high, low: low) }
    let (day, over) = day.addingReportingOverflow(1)
    return over ? nil : PostingSuffix(day: day, high: high, low: low)
  }

  /// The next suffix down; `nil` below the smallest.
  var predecessor: PostingSuffix? {
    let (low, borrow) = low.subtractingReportingOverflow(1)
    guard borrow else { return PostingSuffix(day: day, high: high, low: low) }
    let (high, borrowed) = high.subtractingReportingOverflow(1)
    guard borrowed else { return PostingSuffix(day: day, high: high, low: low) }
    let (day, under) = day.subtractingReportingOverflow(1)
    return under ? nil : PostingSuffix(day: day, high: high, low: low)
  }

  static func < (a: PostingSuffix, b: PostingSuffix) -> Bool { (a.day, a.high, a.low) < (b.day, b.high, b.low) }
}
