extension Wire {
  /// One login to the web app (`GET /sessions`, `budget sessions --json`): its id, when it
  /// started and was last used, the browser and the address it came from.
  public struct Session: Codable, Sendable, Equatable {
    public var id: String
    public var created: String
    /// To the minute.
    public var lastUsed: String
    public var userAgent: String
    public var address: String
    /// Whether this is the session the request came with: never from the command line, which
    /// is no session.
    public var current: Bool
  }
}

extension Wire.Session {
  /// The session `id`, started at `created` and last used at `lastUsed` (seconds since 1970).
  public init(
    id: String, created: Int64, lastUsed: Int64, userAgent: String, address: String, current: Bool = false
  ) {
    self.init(
      id: id, created: Wire.timestamp(created * 1000), lastUsed: Wire.timestamp(lastUsed * 1000),
      userAgent: userAgent, address: address, current: current)
  }
}
