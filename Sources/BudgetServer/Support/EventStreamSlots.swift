import NIOConcurrencyHelpers

/// A cap on event streams open at once: each open stream holds a ``Slot`` and gives it back
/// when its response is done with — however it ends, since the slot is released when the
/// last reference to it goes.
///
/// The owner's credentials (token, session, an open server) may take every slot; devices
/// share the rest of ``ownerReserve`` and each device holds at most ``perDevice``: a device —
/// a lost phone, say — cannot take the owner's live view away. With the default 32 slots,
/// 8 are kept for the owner, devices share 24, and one device opens at most 4.
final class EventStreamSlots: Sendable {
  let limit: Int
  /// Slots only the owner may take: a quarter of the limit, rounded up (all of a limit of 1).
  let ownerReserve: Int
  /// Streams one device may hold open at once.
  let perDevice: Int

  /// Streams one device may hold open unless the limit leaves devices fewer.
  static let streamsPerDevice = 4

  private struct Open {
    var all = 0
    var devices = 0
    var byDevice: [String: Int] = [:]
  }
  private let open = NIOLockedValueBox(Open())

  init(limit: Int) {
    self.limit = limit
    ownerReserve = (limit + 3) / 4
    perDevice = min(Self.streamsPerDevice, limit - ownerReserve)
  }

  /// Slots devices share.
  var deviceShare: Int { limit - ownerReserve }

  /// Why no slot was given.
  enum Refusal: Error, Equatable {
    /// Every slot is taken.
    case full
    /// The slots devices share are all taken.
    case devicesFull
    /// This device holds ``perDevice`` streams already.
    case deviceFull
  }

  /// A slot for the owner (`device` nil) or the device named `device`.
  func take(device: String? = nil) -> Result<Slot, Refusal> {
    open.withLockedValue { open in
      guard open.all < limit else { return .failure(.full) }
      if let device {
        guard open.devices < deviceShare else { return .failure(.devicesFull) }
        guard open.byDevice[device, default: 0] < perDevice else { return .failure(.deviceFull) }
        open.devices += 1
        open.byDevice[device, default: 0] += 1
      }
      open.all += 1
      return .success(Slot(self, device: device))
    }
  }

  fileprivate func release(device: String?) {
    open.withLockedValue { open in
      open.all -= 1
      if let device {
        open.devices -= 1
        let left = open.byDevice[device, default: 1] - 1
        open.byDevice[device] = left > 0 ? left : nil
      }
    }
  }

  /// One open stream's place.
  final class Slot: Sendable {
    private let slots: EventStreamSlots
    private let device: String?
    fileprivate init(_ slots: EventStreamSlots, device: String?) {
      self.slots = slots
      self.device = device
    }
    deinit { slots.release(device: device) }
  }
}
