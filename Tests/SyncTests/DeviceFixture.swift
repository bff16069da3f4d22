import EventLog
import Foundation
import Ledger
import LedgerDomain
import LedgerTesting

/// A hub ledger (``LedgerFixture``: EUR, a checking account) and a device of it in the same
/// temporary directory, made as `budget clone` makes one: the hub remembered in `P.remotes`
/// before the ledger opens — which makes it a device, with an outbox — then the hub's events
/// replicated into it. No server: the tests drive the ``Ledger`` API in process.
struct DeviceFixture: Sendable {
  let hub: LedgerFixture
  let path: String
  let files: SyncFiles
  let device: Ledger

  /// A token long enough for ``RemoteList/add(_:)``; nothing here talks to a hub.
  static let token = "device-token-0123456789abcdef0123456789abc"

  /// - Parameter hub: the hub to clone (a new one if `nil`).
  init(hub: LedgerFixture? = nil, name: String = "device.ledger") async throws {
    let hub = if let hub { hub } else { try await LedgerFixture() }
    self.hub = hub
    path = hub.directory.file(name)
    files = SyncFiles(ledger: path)
    try RemoteList(files: files).add(Remote(name: "origin", url: "http://127.0.0.1:9", token: Self.token))
    device = try await Ledger(path: path, options: LedgerFixture.options)
    try await device.replicate(hub.ledger.frames(after: 0, limit: 100_000).bytes)
  }

  /// The device's outbox, read straight from its file.
  var outbox: Outbox { Outbox(files: files) }

  /// Marks the outbox entry `id` a conflict, as a sync does when the hub refuses it.
  func markConflict(_ id: Int, code: String = "stale_version") throws {
    try outbox.update(id) {
      $0.state = .conflict
      $0.code = code
      $0.reason = "the hub refused it"
    }
  }
}
