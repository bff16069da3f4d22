import Foundation

/// A device as `budget device list --json` and `GET /devices` show it — never its token.
public struct DeviceReport: Codable, Sendable, Hashable {
  public var name: String
  public var readOnly: Bool
  /// When it was added, ISO 8601.
  public var added: String
  /// When it was revoked, if it was.
  public var revoked: String?

  public init(_ device: Device) {
    name = device.name
    readOnly = device.readOnly
    added = Self.instant(device.addedAt)
    revoked = device.revokedAt.map(Self.instant)
  }

  static func instant(_ milliseconds: Int64) -> String {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000).formatted(.iso8601)
  }
}

/// A device just added, with its token: `budget device add --json` and `POST /devices` — the
/// only time the token is shown.
public struct NewDeviceReport: Codable, Sendable, Hashable {
  public var device: String
  public var token: String
  public var readOnly: Bool

  public init(_ device: Device, token: String) {
    self.device = device.name
    self.token = token
    readOnly = device.readOnly
  }
}
