import Foundation
import NIOConcurrencyHelpers

/// The web app's logins to one ledger's server, kept in ``SessionFile`` (`LEDGER.sessions`).
///
/// A login starts from a one-time code (``mintCode(now:token:)``: at the server's start and by
/// `budget login-link`), which the server redeems for a session: a cookie secret and a session
/// key (see ``WebSession``). A session ends when it has been idle for ``Policy/idle``, when it
/// is ``Policy/lifetime`` old, when it is logged out (the web app's button, `budget sessions
/// logout`), or when the server's access token is replaced.
///
/// The server keeps the file's contents in memory and reads it again when another process has
/// changed it (one `lstat` per request), so that a logout or a new code by a command takes
/// effect at the next request.
public final class SessionStore: Sendable {
  /// How long logins and codes last.
  public struct Policy: Sendable, Equatable {
    /// A session unused for this long has ended.
    public var idle: Duration = .seconds(7 * 24 * 3600)
    /// A session this old has ended, used or not.
    public var lifetime: Duration = .seconds(30 * 24 * 3600)
    /// A login code works for this long after it is made.
    public var codeLifetime: Duration = .seconds(10 * 60)
    /// How often a session's last use is written to the file, at most.
    var lastUsedResolution: Int64 = 60

    public init() {}
  }

  /// What a presented cookie and key amount to.
  package enum Verdict: Sendable, Equatable {
    case valid(WebSession)
    /// The cookie is a session's, but the request did not carry its key.
    case missingKey
    /// The session ended (idle, too old, or made under another token).
    case ended
    /// No such session, or a wrong secret.
    case wrong
  }

  public let path: String
  public let policy: Policy
  private let cache = NIOLockedValueBox<(contents: SessionFileContents, stamp: SessionFile.Stamp?)?>(nil)

  /// The store of the ledger at `ledgerPath` (`LEDGER.sessions`).
  public init(ledgerPath: String, policy: Policy = Policy()) {
    self.path = ledgerPath + ".sessions"
    self.policy = policy
  }

  // MARK: Codes

  /// Makes a login code that works once, for ``Policy/codeLifetime`` — under `token`, when
  /// known: a server with another token refuses it.
  public func mintCode(
    now: Date = Date(), token: AccessToken? = nil
  ) throws(SessionFileError) -> (code: String, expires: Date) {
    let code = Secrets.loginCode()
    let expires = Self.seconds(now) + Int64(policy.codeLifetime.components.seconds)
    try update { contents in
      contents.codes.removeAll { $0.expires <= Self.seconds(now) }
      contents.codes.append(
        LoginCode(digest: Secrets.digest(Secrets.normalisedCode(code)), expires: expires, token: token?.fingerprint))
    }
    return (code, Date(timeIntervalSince1970: TimeInterval(expires)))
  }

  /// Uses up `code` and starts a session for it: the cookie's value (`ID.SECRET`) and the
  /// session key. Nil when there is no such code or it has expired.
  package func redeem(
    code: String, token: AccessToken, userAgent: String, address: String, now: Date = Date()
  ) throws(SessionFileError) -> (session: WebSession, cookie: String, key: String)? {
    let digest = Secrets.digest(Secrets.normalisedCode(code))
    let cookieSecret = Secrets.hex(bytes: 32)
    let key = Secrets.hex(bytes: 32)
    let time = Self.seconds(now)
    let session = WebSession(
      id: Secrets.hex(bytes: 4), cookieDigest: Secrets.digest(cookieSecret), keyDigest: Secrets.digest(key),
      token: token.fingerprint, created: time, lastUsed: time, userAgent: String(userAgent.prefix(120)),
      address: address)
    let redeemed = try update { contents -> Bool in
      contents.codes.removeAll { $0.expires <= time }
      guard let index = contents.codes.firstIndex(where: { ConstantTime.equal($0.digest, digest) }) else {
        return false
      }
      let minted = contents.codes.remove(at: index)
      if let under = minted.token, under != token.fingerprint { return false }
      contents.sessions.removeAll { !isLive($0, token: token.fingerprint, now: time) }
      contents.sessions.append(session)
      return true
    }
    return redeemed ? (session, "\(session.id).\(cookieSecret)", key) : nil
  }

  // MARK: Sessions

  /// Judges a request's cookie value and `X-Budget-Session` key.
  package func authenticate(cookie: String, key: String?, token: AccessToken, now: Date = Date()) -> Verdict {
    let parts = cookie.split(separator: ".", maxSplits: 1)
    guard parts.count == 2, parts[0].count == 8, parts[1].count == 64, let contents = try? current() else {
      return .wrong
    }
    // A session logged out (or pruned once ended) is gone from the file: its browser is told
    // so, not that its credential is wrong.
    guard let session = contents.sessions.first(where: { $0.id == parts[0] }) else { return .ended }
    guard ConstantTime.equal(Secrets.digest(String(parts[1])), session.cookieDigest) else { return .wrong }
    let time = Self.seconds(now)
    guard isLive(session, token: token.fingerprint, now: time) else { return .ended }
    guard let key, !key.isEmpty else { return .missingKey }
    guard ConstantTime.equal(Secrets.digest(key), session.keyDigest) else { return .wrong }
    if time - session.lastUsed >= policy.lastUsedResolution {
      _ = try? update { contents in
        if let index = contents.sessions.firstIndex(where: { $0.id == session.id }) {
          contents.sessions[index].lastUsed = time
        }
      }
    }
    return .valid(session)
  }

  /// Whether `session` has not ended: it is still in the file (not logged out), neither idle
  /// nor too old. An event stream opened by a session asks, so that it ends with it.
  func isLive(_ session: WebSession, now: Date = Date()) -> Bool {
    guard let contents = try? current(), let stored = contents.sessions.first(where: { $0.id == session.id }),
      stored.cookieDigest == session.cookieDigest
    else { return false }
    return isLive(stored, token: session.token, now: Self.seconds(now))
  }

  /// Returns once `session` has ended (or the task is cancelled), looking every `interval`.
  func untilEnded(_ session: WebSession, checkingEvery interval: Duration = .milliseconds(250)) async {
    while !Task.isCancelled, isLive(session) {
      try? await Task.sleep(for: interval)
    }
  }

  /// The sessions in the file, oldest first, ended ones included until the server next
  /// writes the file.
  public func list() throws(SessionFileError) -> [WebSession] {
    try SessionFile.read(path).0.sessions.sorted { $0.created < $1.created }
  }

  /// Ends the sessions named — or, when `ids` is nil, every session and every login code not
  /// used yet (a link that leaked then opens nothing).
  /// - Returns: the ids that were ended.
  @discardableResult
  public func logout(_ ids: [String]?) throws(SessionFileError) -> [String] {
    try update { contents in
      let ended = contents.sessions.filter { ids?.contains($0.id) ?? true }.map(\.id)
      contents.sessions.removeAll { ended.contains($0.id) }
      if ids == nil { contents.codes = [] }
      return ended
    }
  }

  /// Forgets sessions that have ended, and those made under another token (the server's start)
  /// — and the login codes minted under another token: replacing the token ends every way in
  /// that was given out under the old one.
  package func prune(token: AccessToken, now: Date = Date()) throws(SessionFileError) {
    try update { contents in
      contents.sessions.removeAll { !isLive($0, token: token.fingerprint, now: Self.seconds(now)) }
      contents.codes.removeAll { code in
        code.expires <= Self.seconds(now) || code.token.map { $0 != token.fingerprint } == true
      }
    }
  }

  private func isLive(_ session: WebSession, token: String, now: Int64) -> Bool {
    session.token == token && now - session.lastUsed <= policy.idle.components.seconds
      && now - session.created <= policy.lifetime.components.seconds
  }

  // MARK: The file

  @discardableResult
  private func update<Result>(_ change: (inout SessionFileContents) -> Result) throws(SessionFileError) -> Result {
    let (result, contents, stamp) = try SessionFile.update(path, change)
    cache.withLockedValue { $0 = (contents, stamp) }
    return result
  }

  /// The contents, read again when the file changed since they were last read or written.
  private func current() throws(SessionFileError) -> SessionFileContents {
    let stamp = SessionFile.stamp(at: path)
    if let cached = cache.withLockedValue({ $0 }), cached.stamp == stamp { return cached.contents }
    let (contents, readStamp) = try SessionFile.read(path)
    cache.withLockedValue { $0 = (contents, readStamp) }
    return contents
  }

  static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
