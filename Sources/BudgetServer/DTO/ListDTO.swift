import LedgerDomain

/// A list of entities with the log position it reflects.
struct ListDTO<Item: Codable & Sendable>: Codable, Sendable {
  var position: UInt64
  var items: [Item]
}
