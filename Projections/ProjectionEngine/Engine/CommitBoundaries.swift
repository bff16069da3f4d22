import LMDB

/// Which events were committed together, so that read models keep **one version of a row per
/// commit** and a rebuild reproduces exactly the versions the inline path wrote (ADR 0003).
///
/// A commit's events became visible at once, so the states between them were never seen by
/// anyone: every row a commit changes is versioned at the commit's first position, and a
/// second change in the same commit replaces the first instead of adding a version. "As known
/// at P" then answers with every commit that began at or before P.
///
/// Only commits of two or more events are recorded (`first → last`, big-endian, in the
/// `projection-commits` table, written in the commit itself); an event not covered by a
/// record was committed alone. Ledgers written before this table existed therefore read as
/// one commit per event, which is what their rows were versioned by.
struct CommitBoundaries {
  static let tableName = "projection-commits"

  /// Records that `first...last` are one commit (a no-op for a single event).
  static func record(first: UInt64, last: UInt64, in txn: WriteTransaction, database: Database) throws {
    guard last > first else { return }
    try txn.put(BigEndianKey(last), for: BigEndianKey(first), in: database)
  }

  /// Every recorded commit that ends after `position`, as first → last.
  static func load(after position: UInt64, in txn: some Transaction, database: Database) throws -> [UInt64: UInt64] {
    try txn.withCursor(on: database) { cursor in
      var commits: [UInt64: UInt64] = [:]
      // A commit that began at or before `position` may still reach past it.
      var entry = try cursor.seek(atMost: BigEndianKey(position)) ?? cursor.first()
      while let current = entry {
        if let first = BigEndianKey.decode(current.key), let last = BigEndianKey.decode(current.value), last > position
        {
          commits[first] = last
        }
        entry = try cursor.next()
      }
      return commits
    }
  }

  /// Walks positions in increasing order and names the first position of each one's commit.
  struct Walker {
    let commits: [UInt64: UInt64]
    /// The commits' first positions in increasing order, if given: a walk that starts inside
    /// a commit then finds it by bisection instead of looking at every commit.
    private let firsts: [UInt64]?
    private var start: UInt64 = 0
    private var end: UInt64 = 0
    private var started = false

    /// A walker over `commits`; `firsts`, if given, are their keys in increasing order
    /// (``sortedFirsts(of:)``: for many walks over the same commits, each from anywhere).
    init(_ commits: [UInt64: UInt64], firsts: [UInt64]? = nil) {
      self.commits = commits
      self.firsts = firsts
    }

    /// The keys of `commits` in increasing order, for ``init(_:firsts:)``.
    static func sortedFirsts(of commits: [UInt64: UInt64]) -> [UInt64] { commits.keys.sorted() }

    /// The first position of the commit `position` belongs to; call with increasing positions.
    mutating func commitStart(of position: UInt64) -> UInt64 {
      guard position > end || !started else { return start }
      if let last = commits[position] {
        (start, end) = (position, last)
      } else if !started, let covering = covering(position) {
        (start, end) = covering  // the walk starts inside a commit
      } else {
        (start, end) = (position, position)
      }
      started = true
      return start
    }

    /// The commit that began before `position` and reaches it, if any.
    private func covering(_ position: UInt64) -> (first: UInt64, last: UInt64)? {
      guard let firsts else {
        return commits.first { $0.key < position && $0.value >= position }.map { ($0.key, $0.value) }
      }
      // The last commit that began before `position`: commits do not overlap, so only it can.
      var (low, high) = (0, firsts.count)
      while low < high {
        let middle = (low + high) / 2
        if firsts[middle] < position { low = middle + 1 } else { high = middle }
      }
      guard low > 0, let last = commits[firsts[low - 1]], last >= position else { return nil }
      return (firsts[low - 1], last)
    }
  }
}
