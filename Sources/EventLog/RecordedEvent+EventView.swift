extension RecordedEvent {
  /// The event `view` shows, copied out of the map so it can outlive the read transaction.
  public init(_ view: EventView) {
    self.init(
      position: view.position, stream: view.stream, streamVersion: view.streamVersion, type: view.type,
      schemaVersion: view.schemaVersion, recordedAt: view.recordedAt, metadata: view.metadata,
      payload: Array(view.payload), hash: view.hash)
  }
}
