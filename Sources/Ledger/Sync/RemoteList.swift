import Foundation

/// A hub a device syncs with: its base URL and the device's token for it.
public struct Remote: Sendable, Hashable, Codable {
  public var name: String
  /// The hub's base URL, e.g. `http://127.0.0.1:8080` or `https://budget.example.org`.
  public var url: String
  public var token: String

  public init(name: String, url: String, token: String) {
    self.name = name
    self.url = url
    self.token = token
  }

  /// Refuses a URL that is not `http://` or `https://` with a host, and a token too short to
  /// be a device's, before any request is made.
  public func validate() throws(SyncError) {
    guard let parsed = URL(string: url), let scheme = parsed.scheme, ["http", "https"].contains(scheme),
      parsed.host != nil
    else {
      throw .invalid(
        "'\(url)' is not an http:// or https:// URL (e.g. http://127.0.0.1:8080, the address budget serve printed, or https://budget.example.org)"
      )
    }
    guard token.count >= 32 else {
      throw .invalid("the token is \(token.count) characters; a device token has 43 — copy all of it")
    }
  }
}

/// The hubs a device knows, in `P.remotes` (0600, as it holds tokens): the first is the one
/// `budget sync` uses unless told otherwise. A device whose ledger was cloned has its hub
/// here as `origin`.
public struct RemoteList: Sendable {
  public let files: SyncFiles

  public init(files: SyncFiles) { self.files = files }

  public func remotes() throws(SyncError) -> [Remote] {
    guard let data = FileManager.default.contents(atPath: files.remotes) else { return [] }
    do {
      return try JSONDecoder().decode([Remote].self, from: data)
    } catch {
      throw .damaged("\(files.remotes) cannot be read (\(error)); add the hub again with: budget remote add NAME URL")
    }
  }

  /// The remote named `name`, or the first.
  public func remote(named name: String?) throws(SyncError) -> Remote {
    let remotes = try remotes()
    guard let first = remotes.first else {
      throw .wrongRole("this ledger has no hub to sync with; add one with: budget remote add NAME URL --token-file F")
    }
    guard let name else { return first }
    guard let remote = remotes.first(where: { $0.name == name }) else {
      throw .notFound("no remote '\(name)' — remotes: \(remotes.map(\.name).joined(separator: ", "))")
    }
    return remote
  }

  public func add(_ remote: Remote) throws(SyncError) {
    try Device.validate(name: remote.name)
    // A remote makes the ledger a device, whose sync replaces it with its replica: a ledger
    // of one's own (no replica) would lose its history to the hub's.
    let manager = FileManager.default
    guard !manager.fileExists(atPath: files.ledger) || manager.fileExists(atPath: files.replica) else {
      throw .wrongRole(
        "\(files.ledger) was not cloned from a hub: a sync would replace its history with the hub's; make a device with: budget clone URL --ledger NEW.ledger --token-file FILE"
      )
    }
    try remote.validate()
    var remotes = try remotes()
    guard !remotes.contains(where: { $0.name == remote.name }) else {
      throw .invalid("remote '\(remote.name)' exists; remove it first with: budget remote remove \(remote.name)")
    }
    remotes.append(remote)
    try write(remotes)
  }

  public func remove(named name: String) throws(SyncError) {
    var remotes = try remotes()
    guard let index = remotes.firstIndex(where: { $0.name == name }) else {
      throw .notFound("no remote '\(name)'")
    }
    remotes.remove(at: index)
    try write(remotes)
  }

  /// Points the remote `name` at `url`, keeping its token: a hub that moved (another port,
  /// another host) is still the same hub.
  public func setURL(named name: String, to url: String) throws(SyncError) {
    var remotes = try remotes()
    guard let index = remotes.firstIndex(where: { $0.name == name }) else {
      throw .notFound("no remote '\(name)' — remotes: \(remotes.map(\.name).joined(separator: ", "))")
    }
    var moved = remotes[index]
    moved.url = url
    try moved.validate()
    remotes[index] = moved
    try write(remotes)
  }

  private func write(_ remotes: [Remote]) throws(SyncError) {
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      try SyncFiles.replace(files.remotes, with: try encoder.encode(remotes))
    } catch {
      throw .damaged("cannot write \(files.remotes): \(error)")
    }
  }
}
