import LedgerDomain

/// What an undo or a redo did: each change in the user's words when there are few
/// ("transaction 'Broadband Telekom' 39.99 deleted; bill 'Broadband' of 2026-12-11 unpaid
/// again"), in a few numbers when there are many or it took back an import ("30,000
/// transactions deleted (the import of bank.csv …)") — never the names of event types — with
/// the action it took back and where its compensating events are.
public struct UndoSummary: Sendable, Hashable {
  /// A number of changes of one kind, in words: 30,000 × "transactions deleted".
  public struct Change: Sendable, Hashable {
    public var count: Int
    /// What changed, in words that fit `count` ("transaction deleted", "transactions deleted").
    public var words: String

    /// "30,000 transactions deleted".
    public var description: String { "\(UndoSummary.grouped(count)) \(words)" }
  }

  /// Up to how many compensating events a summary describes one by one.
  public static let detailLimit = 12

  /// The action taken back: for a redo, the undo it took back.
  public var undone: UndoneCommand
  /// The first and last position of the compensating events.
  public var positions: ClosedRange<UInt64>
  /// The compensating events by type, most first (then by name).
  public var events: [UndoneCommand.EventCount]
  /// Each change in words, in the order of the action taken back — when there are at most
  /// ``detailLimit`` and it was no import (else empty: ``changes`` counts them, and
  /// ``description`` names the import's file).
  public var details: [String]
  /// Whether this was a redo (it took back an undo) rather than an undo.
  public var isRedo: Bool
  /// Whether an idempotency key matched an earlier undo: this is its summary, and nothing new
  /// was recorded.
  public var wasDuplicate: Bool
  /// What the undo read to work itself out — events, and streams read to know the state
  /// before the command — so that tests can tell its work follows the undone command's size
  /// rather than the ledger's.
  package var work = UndoWork()

  init(
    undone: UndoneCommand, positions: ClosedRange<UInt64>, counts: [String: Int], details: [String] = [],
    isRedo: Bool = false, wasDuplicate: Bool
  ) {
    self.undone = undone
    self.positions = positions
    events = UndoneCommand.sorted(counts)
    self.details = details
    self.isRedo = isRedo
    self.wasDuplicate = wasDuplicate
  }

  /// How many compensating events were recorded.
  public var eventCount: Int { events.reduce(0) { $0 + $1.count } }

  /// The changes, most first: each kind of compensating event in plain words.
  public var changes: [Change] {
    events.map { Change(count: $0.count, words: Self.words(for: $0.type, count: $0.count)) }
  }

  /// One line. A few changes, each in words: "transaction 'Broadband Telekom' 39.99 deleted;
  /// bill 'Broadband' of 2026-12-11 unpaid again". Many, counted, with the action taken
  /// back: "30,000 transactions deleted (the import of bank.csv at positions 1204–31203, by
  /// cli, 2026-11-27 06:40 UTC)".
  public var description: String {
    if !details.isEmpty { return details.joined(separator: "; ") }
    let what: String
    if undone.isImport {
      what = undone.importedFile.map { "the import of \($0)" } ?? "an import"
    } else if undone.isUndo {
      what = "the undo"
    } else {
      what = "the command"
    }
    let first = undone.positions.lowerBound, last = undone.positions.upperBound
    let at = first == last ? "position \(first)" : "positions \(first)–\(last)"
    let by = undone.actor.map { ", by \($0)" } ?? ""
    let changed = changes.map(\.description).joined(separator: ", ")
    return "\(changed) (\(what) at \(at)\(by), \(Self.minute(undone.recordedAt)))"
  }

  /// What a compensating event of `type` did, in words for `count` of them.
  static func words(for type: String, count: Int) -> String {
    guard let kind = EventKind(rawValue: type) else { return count == 1 ? "change" : "changes" }
    let (one, many) = ChangeWording.phrases(kind)
    return count == 1 ? one : many
  }

  /// `count` with thousands separated by commas: 30,000.
  static func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var out = count < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }

  /// `milliseconds` since 1970 as "2026-11-27 06:40 UTC".
  static func minute(_ milliseconds: Int64) -> String {
    let perDay: Int64 = 86_400_000
    var days = milliseconds / perDay
    var rest = milliseconds % perDay
    if rest < 0 {
      days -= 1
      rest += perDay
    }
    let date = (try? CivilDate(daysSinceEpoch: Int(days)))?.description ?? "\(days) days after 1970"
    let minutes = Int(rest / 60_000)
    let hour = minutes / 60, minute = minutes % 60
    return "\(date) \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute) UTC"
  }
}

/// What an undo read to work itself out (see ``UndoSummary``).
package struct UndoWork: Sendable, Hashable {
  /// Events looked at in the log: finding the command, and describing it.
  package var eventsScanned = 0
  /// Events read from entities' own streams to know the state before the command.
  package var streamEventsRead = 0
  /// Streams read for that.
  package var streamsRead = 0
  /// Compensating commands decided.
  package var commands = 0

  package init() {}
}
