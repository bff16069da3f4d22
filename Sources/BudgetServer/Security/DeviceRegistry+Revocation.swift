import HTTPTypes
import Ledger

extension DeviceRegistry {
  /// How often an open stream or long poll of a device looks whether it was revoked: the
  /// registry's file is only read again when it changed, so a look is one `stat`.
  static let revocationCheckInterval = Duration.milliseconds(100)

  /// Returns once `device` is revoked (or the task is cancelled): what ends its open event
  /// streams and long polls, whichever process revoked it.
  func untilRevoked(_ device: Device) async {
    while !Task.isCancelled, isActive(device) {
      try? await Task.sleep(for: Self.revocationCheckInterval)
    }
  }

  /// Throws 401 when `device` was revoked after its request was let in.
  func requireActive(_ device: Device) throws(APIError) {
    guard !isActive(device) else { return }
    throw APIError(
      .unauthorized, code: "device_revoked",
      "device '\(device.name)' was revoked while its request was open; nothing more is sent to it — the hub's owner can add a new device with budget device add"
    )
  }
}
