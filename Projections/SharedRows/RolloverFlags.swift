/// A category's rollover flags, from the month they apply. Value: 1 byte, bit 0 carry
/// unspent, bit 1 carry overspent (0 = rollover switched off).
package struct RolloverFlags: Hashable {
  package var carryUnspent: Bool
  package var carryOverspent: Bool

  package init(carryUnspent: Bool, carryOverspent: Bool) {
    self.carryUnspent = carryUnspent
    self.carryOverspent = carryOverspent
  }

  package init(_ byte: UInt8) { self.init(carryUnspent: byte & 1 != 0, carryOverspent: byte & 2 != 0) }

  package var encoded: [UInt8] { [(carryUnspent ? 1 : 0) | (carryOverspent ? 2 : 0)] }

  package var isOn: Bool { carryUnspent || carryOverspent }

  /// What a month's `leftover` (available minus spent) carries into the next month.
  package func carry(_ leftover: Int64) -> Int64 {
    if leftover > 0 { return carryUnspent ? leftover : 0 }
    return carryOverspent ? leftover : 0
  }
}
