import ArgumentParser
import Foundation
import Ledger
import SyncClient

extension SyncCommand.Run {
  /// `budget sync` on a device whose ledger a `budget serve` holds open (its ``ServerRecord``):
  /// that server syncs — `POST /api/v1/sync/run`, with its access token, through its host and
  /// origin checks like any request — and its report is this command's.
  func sync(through server: ServerRecord, files: SyncFiles) async throws -> SyncReport {
    let holder = "budget serve (process \(server.pid), \(server.url)) holds \(files.ledger) open"
    if watch {
      throw UserError(
        "\(holder) and already follows the hub live: its web app shows each change as it comes; leave out --watch")
    }
    if let remote {
      throw UserError(
        "\(holder) and syncs with its first remote, not '\(remote)': leave out --remote, or stop the server and run budget sync --remote \(remote)"
      )
    }
    Console.note("\(holder): asking it to sync")
    do {
      return try await HubClient(remote: Remote(name: "server", url: server.url, token: server.token ?? ""))
        .syncNow()
    } catch .unauthorized {
      throw UserError(
        "\(server.url) refused the token in \(files.server): the server's token changed since it started; stop it and start it again, or stop it and run budget sync"
      )
    } catch {
      throw UserError("\(holder) but did not sync (\(error)); stop it (Ctrl-C) and run budget sync again")
    }
  }
}
