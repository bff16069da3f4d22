/// Why bytes could not be turned into a value, or a value into bytes.
public enum CodecError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The bytes end before the value does.
  case truncated
  /// Bytes are left over after the value: the wrong type or schema version was assumed.
  case trailingBytes(Int)
  /// The bytes are not a valid encoding.
  case malformed(String)
  /// The value uses something the binary form does not support.
  case unsupported(String)
  /// No event type of this name and schema version is known.
  case unknownEvent(type: String, schemaVersion: UInt16)

  public var description: String {
    switch self {
    case .truncated: "the stored bytes end too early"
    case .trailingBytes(let count): "\(count) unexpected bytes after the value"
    case .malformed(let reason): "malformed bytes: \(reason)"
    case .unsupported(let what): "cannot encode \(what)"
    case .unknownEvent(let type, let version):
      "unknown event '\(type)' version \(version); a newer program wrote it — upgrade to read it"
    }
  }
}
