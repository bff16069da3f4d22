extension EntityID {
  /// Whether `reference` names this id as lists show ids: the whole id, or at least four of
  /// its first or last characters, in any case (ids made at one time share their first ones).
  public func isNamed(by reference: String) -> Bool {
    let reference = reference.lowercased()
    let text = description
    return text == reference || (reference.count >= 4 && (text.hasPrefix(reference) || text.hasSuffix(reference)))
  }
}

extension TransferMade {
  /// The id of the transfer's incoming leg in an account's log (the outgoing leg has the
  /// transfer's own id): its mirror image, so that either leg leads back to the transfer.
  public var incomingLegID: EntityID { EntityID(high: transfer.raw.high, low: ~transfer.raw.low) }
}

extension LedgerState {
  /// The transfers (not cancelled) one of whose legs `reference` names (``EntityID/isNamed(by:)``).
  public func transfers(named reference: String) -> [TransferMade] {
    transferRecords.values.filter { $0.transfer.raw.isNamed(by: reference) || $0.incomingLegID.isNamed(by: reference) }
  }

  /// The cancelled transfers one of whose legs `reference` names.
  public func cancelledTransfers(named reference: String) -> [TransferID] {
    cancelledTransfers.filter { id in
      id.raw.isNamed(by: reference) || EntityID(high: id.raw.high, low: ~id.raw.low).isNamed(by: reference)
    }
  }

  /// The transfer whose outgoing or incoming leg has the id `leg` exactly (a row of a log).
  public func transfer(ofLeg leg: EntityID) -> TransferMade? {
    transferRecords[TransferID(raw: leg)] ?? transferRecords[TransferID(raw: EntityID(high: leg.high, low: ~leg.low))]
  }
}
