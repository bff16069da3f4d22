import EventLog
import LedgerDomain

/// The action an undo took back (a command and its follow-ups), or the undo a redo took back:
/// where it was recorded, by whom, when, and what it recorded — so that the undo can say what
/// it undid, not only list its compensating events.
public struct UndoneCommand: Sendable, Hashable {
  /// The events of one type a command recorded, and how many.
  public struct EventCount: Sendable, Hashable {
    public var type: String
    public var count: Int

    public init(type: String, count: Int) {
      self.type = type
      self.count = count
    }
  }

  /// Its first and last position in the log.
  public var positions: ClosedRange<UInt64>
  /// Its events by type, most first (then by name).
  public var events: [EventCount]
  /// Who recorded it.
  public var actor: String?
  /// When it was recorded, in milliseconds since 1970 (UTC).
  public var recordedAt: Int64
  /// The correlation id its events share.
  public var correlationId: String

  /// How many events it recorded.
  public var eventCount: Int { events.reduce(0) { $0 + $1.count } }

  /// Whether it was a CSV import (``importCorrelationId(file:)``).
  public var isImport: Bool { Self.isImport(correlationId) }

  /// Whether `correlationId` is a CSV import's.
  static func isImport(_ correlationId: String) -> Bool { correlationId.hasPrefix(importPrefix) }

  /// Whether it was an undo (what a redo takes back).
  public var isUndo: Bool { correlationId.hasPrefix(ActionRole.undoPrefix) }

  /// The name of the file it imported, when it was an import that recorded it.
  public var importedFile: String? {
    guard isImport, let slash = correlationId.firstIndex(of: "/") else { return nil }
    let name = correlationId[correlationId.index(after: slash)...]
    return name.isEmpty ? nil : String(name)
  }

  init(positions: ClosedRange<UInt64>, counts: [String: Int], actor: String?, recordedAt: Int64, correlationId: String)
  {
    self.positions = positions
    events = Self.sorted(counts)
    self.actor = actor
    self.recordedAt = recordedAt
    self.correlationId = correlationId
  }

  /// `counts` most first, then by name.
  static func sorted(_ counts: [String: Int]) -> [EventCount] {
    counts.map { EventCount(type: $0.key, count: $0.value) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.type < $1.type }
  }

  private static let importPrefix = "import-"

  /// The correlation id of one CSV import: unique, and naming the file imported (its last
  /// path component, cut to fit the log's limit on metadata) so that an undo can say which
  /// file it took back. The envelope is the same: only the value says more.
  public static func importCorrelationId(file: String?) -> String {
    let id = importPrefix + EntityID.random().description
    guard let file, let name = file.split(separator: "/").last.map(String.init), !name.isEmpty else { return id }
    var room = EventMetadata.maximumFieldLength - id.utf8.count - 1
    var kept = ""
    for character in name {
      room -= character.utf8.count
      guard room >= 0 else { break }
      kept.append(character)
    }
    return kept.isEmpty ? id : id + "/" + kept
  }
}
