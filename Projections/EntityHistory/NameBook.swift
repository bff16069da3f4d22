import EventLog
import LedgerCodec
import LedgerDomain

/// The names of the accounts, categories and periods a history refers to, as they were at
/// each position: read from each entity's own stream once, on first use.
struct NameBook {
  let log: EventLog
  /// stream → the names it had, with the position each was given at, in order.
  private var names: [String: [(position: UInt64, name: String)]] = [:]

  init(log: EventLog) { self.log = log }

  /// `id`'s name as of `position`, quoted; its id if it has none.
  mutating func label(_ id: some EntityIdentifier, at position: UInt64) throws -> String {
    let stream = id.stream
    if names[stream] == nil { names[stream] = try load(stream) }
    let known = names[stream]!
    guard let name = known.last(where: { $0.position <= position })?.name ?? known.first?.name else {
      return id.description
    }
    return Wording.quoted(name)
  }

  private func load(_ stream: String) throws -> [(position: UInt64, name: String)] {
    var result: [(position: UInt64, name: String)] = []
    for recorded in try log.read(stream: StreamName(stream), from: 1, direction: .forward, limit: .max) {
      let event = try EventCodec.decode(
        type: recorded.type, schemaVersion: recorded.schemaVersion, payload: recorded.payload)
      switch event {
      case .accountOpened(let e): result.append((recorded.position, e.name))
      case .accountRenamed(let e): result.append((recorded.position, e.name))
      case .categoryCreated(let e): result.append((recorded.position, e.name))
      case .categoryRenamed(let e): result.append((recorded.position, e.name))
      case .periodOpened(let e): result.append((recorded.position, e.name))
      default: break
      }
    }
    return result
  }
}
