import EventLog

/// Small builders that keep given / when / then tests short.
public enum Fixtures {
  /// An event of `type` whose payload is the UTF-8 of `text`.
  public static func event(_ type: String = "Tested", _ text: String = "payload", actor: String? = nil) -> ProposedEvent {
    ProposedEvent(type: type, payload: Array(text.utf8), metadata: EventMetadata(actor: actor))
  }

  /// `count` events whose payloads are `"<prefix>-1"`, `"<prefix>-2"`, ...
  public static func events(_ count: Int, prefix: String = "e", type: String = "Tested") -> [ProposedEvent] {
    (1...count).map { event(type, "\(prefix)-\($0)") }
  }

  /// A stream name from a literal-like string, for tests.
  public static func stream(_ name: String) -> StreamName { StreamName(stringLiteral: name) }
}

extension RecordedEvent {
  /// The payload as UTF-8 text.
  public var text: String { String(decoding: payload, as: UTF8.self) }
}

extension EventLog {
  /// Every event in the log, copied out.
  public func all() throws -> [RecordedEvent] { try read(from: 1, limit: .max) }
}
