import EventLog
import Foundation
import Synchronization

/// The devices a hub serves, kept in `P.devices` beside its ledger (``SyncFiles``): one token
/// per device, stored as its SHA-256, so the file alone never lets anyone in.
///
/// The server asks ``authenticate(_:)`` on every request with a device token; the file is read
/// again whenever it changed on disk, so `budget device revoke` in another process stops a
/// device at its very next request.
public final class DeviceRegistry: Sendable {
  public let files: SyncFiles
  private struct Loaded: Sendable {
    var stamp: FileStamp?
    var devices: [Device]
  }
  private let loaded = Mutex(Loaded(stamp: nil, devices: []))

  public init(files: SyncFiles) { self.files = files }

  /// The current time, UTC milliseconds since 1970, as the registry records it.
  public static func now() -> Int64 { EventLog.systemClock() }

  /// Every device ever added, revoked ones included (their names stay taken: history names them).
  public func devices() throws(SyncError) -> [Device] {
    try current()
  }

  /// Adds a device and returns it with its token — the only time the token is seen.
  public func add(name: String, readOnly: Bool, now: Int64) throws(SyncError) -> (device: Device, token: String) {
    try Device.validate(name: name)
    return try edit { devices throws(SyncError) in
      if let existing = devices.first(where: { $0.name == name }) {
        throw SyncError.invalid(
          existing.isRevoked
            ? "device '\(name)' was revoked; its name stays in the history — choose another name"
            : "device '\(name)' exists; list them with: budget device list")
      }
      let token = Self.newToken()
      let device = Device(name: name, readOnly: readOnly, tokenHash: Self.hash(token), addedAt: now)
      devices.append(device)
      return (device, token)
    }
  }

  /// Revokes a device: its token stops working for pulls and pushes at once.
  @discardableResult
  public func revoke(name: String, now: Int64) throws(SyncError) -> Device {
    try edit { devices throws(SyncError) in
      guard let index = devices.firstIndex(where: { $0.name == name }) else {
        let names = devices.filter { !$0.isRevoked }.map(\.name)
        throw SyncError.notFound(
          "no device '\(name)'" + (names.isEmpty ? "" : " — devices: \(names.joined(separator: ", "))"))
      }
      guard devices[index].revokedAt == nil else { throw SyncError.invalid("device '\(name)' is already revoked") }
      devices[index].revokedAt = now
      return devices[index]
    }
  }

  /// The device whose token `token` is, if it is not revoked.
  public func authenticate(_ token: some StringProtocol) -> Device? {
    guard let devices = try? current() else { return nil }
    let hash = Self.hash(String(token))
    return devices.first { $0.tokenHash == hash && !$0.isRevoked }
  }

  /// Whether `device` (as it was let in) may still sync: its entry is in the file, with the
  /// same token, and not revoked. Asked again while a device's stream or long poll stays open,
  /// so that `budget device revoke` — in this process or another — ends them; a file that
  /// cannot be read lets no device in.
  public func isActive(_ device: Device) -> Bool {
    guard let devices = try? current() else { return false }
    return devices.contains { $0.name == device.name && $0.tokenHash == device.tokenHash && !$0.isRevoked }
  }

  // MARK: Storage

  private func current() throws(SyncError) -> [Device] {
    let stamp = FileStamp(path: files.devices)
    if let cached = loaded.withLock({ $0.stamp != nil && $0.stamp == stamp ? $0.devices : nil }) { return cached }
    let devices = try Self.read(files.devices)
    loaded.withLock { $0 = Loaded(stamp: stamp, devices: devices) }
    return devices
  }

  private func edit<R>(_ body: (inout [Device]) throws(SyncError) -> R) throws(SyncError) -> R {
    let lock: FileLock?
    do { lock = try FileLock(path: files.lock, mode: .exclusive) } catch { throw .damaged(error.description) }
    defer { _ = lock }
    var devices = try Self.read(files.devices)
    let result = try body(&devices)
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try SyncFiles.replace(files.devices, with: try encoder.encode(DeviceFile(devices: devices)))
    } catch {
      throw .damaged("cannot write \(files.devices): \(error)")
    }
    return result
  }

  private static func read(_ path: String) throws(SyncError) -> [Device] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    do {
      return try JSONDecoder().decode(DeviceFile.self, from: data).devices
    } catch {
      throw .damaged(
        "\(path) cannot be read (\(error)); restore it from a backup or remove it and add the devices again")
    }
  }

  private struct DeviceFile: Codable {
    var devices: [Device]
  }

  static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
    return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  static func hash(_ token: String) -> String { ChainHash.sha256(Array(token.utf8)).hex }
}

/// What tells a file changed: its inode, size and modification time.
struct FileStamp: Sendable, Hashable {
  var inode: UInt64
  var size: Int64
  var modified: Int64

  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
  }
}
