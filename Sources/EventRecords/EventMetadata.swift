/// Who caused an event and how it relates to others; stored on the envelope.
public struct EventMetadata: Sendable, Hashable {
  /// The user or process that issued the command.
  public var actor: String?
  /// Groups every event caused by one user action or request.
  public var correlationId: String?
  /// The event or command that directly caused this one.
  public var causationId: String?

  public init(actor: String? = nil, correlationId: String? = nil, causationId: String? = nil) {
    self.actor = actor
    self.correlationId = correlationId
    self.causationId = causationId
  }

  /// The longest value, in UTF-8 bytes, each field may hold.
  public static let maximumFieldLength = 255
}
