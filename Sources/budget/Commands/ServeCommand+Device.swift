import BudgetServer
import Foundation
import Ledger
import SyncClient
import Synchronization

extension ServeCommand {
  /// `budget serve` on a device: the web app and API of the device's working ledger, kept in
  /// step with the hub — changes go to the hub at once while it is reachable (and wait in the
  /// outbox while it is not), and the hub's new events are followed as they come, so another
  /// device's edit shows here within a second. A conflict left open holds up nothing: it waits
  /// for the user, not for the hub. When changes made offline have been decided by the hub,
  /// the working ledger is rebuilt from the replica: the server stops for that moment (letting
  /// open requests finish) and starts again on the same port (an open page reconnects by
  /// itself). `budget sync` on the device asks this server to sync (``ServerRecord``).
  func runOnDevice() async throws {
    let path = try options.resolvedPath()
    let files = SyncFiles(ledger: path)
    // Shared while serving (a `budget sync` elsewhere asks this server instead), taken alone
    // to replace the working ledger.
    guard let lock = try userFacing({ try FileLock(path: files.lock, mode: .shared, wait: false) }) else {
      throw UserError("a budget sync is running on \(path); start the server when it ends")
    }
    let ledgerOptions = Ledger.Options(today: LedgerOptions.today)
    let link = try await userFacing { try await DeviceLink(files: files, options: ledgerOptions) }
    var forwarding = ledgerOptions
    forwarding.forwarder = link
    defer { ServerRecord.remove(files) }
    // The port of the first start, for the next (`--port 0` picks one once).
    let bound = Latest<Int>()
    while true {
      let mustRebuild = try await serveRound(path: path, options: forwarding, link: link, bound: bound)
      guard mustRebuild else { return }
      Console.note("the hub decided this device's offline changes; rebuilding its ledger from the replica")
      try userFacing { try lock.change(to: .exclusive) }
      let pending = try userFacing { try Outbox(files: files).entries() }.filter { $0.state == .pending }
      try await userFacing {
        try await Synchronizer(files: files, options: ledgerOptions).rebuildWorkingLedger(
          from: link.replica, replaying: pending)
      }
      try userFacing { try lock.change(to: .shared) }
      await link.rebuilt()
    }
  }

  /// One life of the server on the working ledger; `true` when it stopped for a rebuild.
  private func serveRound(
    path: String, options ledgerOptions: Ledger.Options, link: DeviceLink, bound: Latest<Int>
  ) async throws -> Bool {
    let ledger = try await userFacing { try await Ledger(path: path, options: ledgerOptions) }
    let files = link.files
    let recordHost = recordHost
    let remember: @Sendable (Int, BudgetServer.Access) async -> Void = { port, access in
      bound.value = port
      var token: String?
      if case .token(let value) = access { token = value.value }
      do { try ServerRecord(url: "http://\(recordHost):\(port)", token: token).write(to: files) } catch {
        Self.note("budget sync on this device cannot find this server (\(error)); it will be refused while it runs")
      }
    }
    return try await serve(ledger, port: bound.value, onRunning: remember) {
      var lastOffline: String?
      while !Task.isCancelled {
        let round = await link.round(ledger)
        if round.needsRebuild { return true }
        // At most ten rounds a second: a busy hub's events are taken in pages.
        try? await Task.sleep(for: .milliseconds(100))
        if let offline = round.offline {
          if offline != lastOffline { Self.note("hub out of reach (\(offline)); changes wait in the outbox") }
          lastOffline = offline
          await link.pause(seconds: 5)
        } else {
          if lastOffline != nil { Self.note("the hub is back") }
          lastOffline = nil
          await link.waitForNews(seconds: 25)
        }
      }
      return false
    }
  }

  /// The address `budget sync` on this machine reaches the server at: loopback for a server
  /// bound to every address.
  var recordHost: String {
    switch host {
    case "0.0.0.0", "": "127.0.0.1"
    case "::": "[::1]"
    default: host.contains(":") ? "[\(host)]" : host
    }
  }
}

/// A value one task sets and another reads: the port a device's server was bound to, whether
/// its round asked to stop for a rebuild.
final class Latest<Value: Sendable>: Sendable {
  private let stored = Mutex<Value?>(nil)

  var value: Value? {
    get { stored.withLock { $0 } }
    set { stored.withLock { $0 = newValue } }
  }
}
