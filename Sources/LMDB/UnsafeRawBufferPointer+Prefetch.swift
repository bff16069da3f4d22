import CLMDB

extension UnsafeRawBufferPointer {
  /// Asks the processor to start loading these bytes into its caches, without waiting for
  /// them: a scan of the log prefetches the record after the one it hands on, so that reading
  /// a record for the first time overlaps the decoding of the one before (``Cursor``'s entries
  /// point into the map, where a rebuild reads every record once).
  @inlinable public func prefetch() {
    guard let baseAddress else { return }
    clmdb_prefetch(baseAddress, count)
  }
}
