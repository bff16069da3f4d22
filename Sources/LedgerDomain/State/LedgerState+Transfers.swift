extension EntityID {
  /// Whether `reference` names this id as people copy ids from lists: the whole id, or any
  /// four or more of its characters in a row, in any case — the head or tail of the 8 a table
  /// shows (`6c81` of `…6c81ca20`) as well as the id's own start. A reference that names
  /// several ids is for the caller to call ambiguous.
  public func isNamed(by reference: String) -> Bool {
    let reference = reference.lowercased()
    let text = description
    return text == reference || (reference.count >= 4 && text.contains(reference))
  }
}

extension TransferID {
  /// The id of the transfer's incoming leg in an account's log (the outgoing leg has the
  /// transfer's own id): its mirror image, so that either leg leads back to the transfer.
  public var incomingLegID: EntityID { EntityID(high: raw.high, low: ~raw.low) }
}

extension TransferMade {
  /// ``TransferID/incomingLegID`` of this transfer.
  public var incomingLegID: EntityID { transfer.incomingLegID }
}

extension LedgerState {
  /// The transfers (not cancelled) one of whose legs `reference` names (``EntityID/isNamed(by:)``).
  public func transfers(named reference: String) -> [TransferMade] {
    transferRecords.values.filter { $0.transfer.raw.isNamed(by: reference) || $0.incomingLegID.isNamed(by: reference) }
  }

  /// The cancelled transfers one of whose legs `reference` names.
  public func cancelledTransfers(named reference: String) -> [TransferID] {
    cancelledTransfers.filter { id in
      id.raw.isNamed(by: reference) || id.incomingLegID.isNamed(by: reference)
    }
  }

  /// The transfer whose outgoing or incoming leg has the id `leg` exactly (a row of a log).
  public func transfer(ofLeg leg: EntityID) -> TransferMade? {
    // The mirror of either leg is the other.
    transferRecords[TransferID(raw: leg)] ?? transferRecords[TransferID(raw: TransferID(raw: leg).incomingLegID)]
  }
}
