import Foundation

/// A device a hub serves: a name, whether it may only read, and the SHA-256 of its token
/// (the token itself is shown once, when the device is added, and never stored).
public struct Device: Sendable, Hashable, Codable {
  public var name: String
  public var readOnly: Bool
  /// SHA-256 of the token, 64 hexadecimal digits.
  public var tokenHash: String
  /// When it was added, UTC milliseconds since 1970.
  public var addedAt: Int64
  /// When it was revoked; `nil` while it may sync.
  public var revokedAt: Int64?

  public init(name: String, readOnly: Bool, tokenHash: String, addedAt: Int64, revokedAt: Int64? = nil) {
    self.name = name
    self.readOnly = readOnly
    self.tokenHash = tokenHash
    self.addedAt = addedAt
    self.revokedAt = revokedAt
  }

  public var isRevoked: Bool { revokedAt != nil }

  /// What the device's writes record as their actor: `device:NAME`, followed by the person
  /// who ran the command on it, if known.
  public func actor(person: String?) -> String {
    guard let person, !person.isEmpty else { return "device:\(name)" }
    return "device:\(name) (\(person.prefix(64)))"
  }

  /// Checks a device name: 1 to 40 letters, digits, `.`, `_` or `-`.
  public static func validate(name: String) throws(SyncError) {
    let allowed = name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "._-".unicodeScalars.contains($0)
    }
    guard (1...40).contains(name.count), allowed else {
      throw SyncError.invalid(
        "device name '\(name)' must be 1 to 40 letters, digits, '.', '_' or '-' (e.g. laptop, phone-anna)")
    }
  }
}
