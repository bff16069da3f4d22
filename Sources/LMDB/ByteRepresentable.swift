/// A value that can lend its bytes to LMDB as a key or a value without copying them.
///
/// Integers are not conformed directly: use ``BigEndianKey`` so keys sort numerically.
public protocol ByteRepresentable {
  /// Calls `body` with the bytes of this value; the pointer is valid only inside `body`.
  func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R
}

extension UnsafeRawBufferPointer: ByteRepresentable {
  @inlinable
  public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    try body(self)
  }
}

extension Array: ByteRepresentable where Element == UInt8 {
  @inlinable
  public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    let result: Result<R, E> = withUnsafeBytes { buffer in
      do throws(E) { return .success(try body(buffer)) } catch { return .failure(error) }
    }
    return try result.get()
  }
}

extension String: ByteRepresentable {
  @inlinable
  public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    var copy = self
    let result: Result<R, E> = copy.withUTF8 { utf8 in
      do throws(E) { return .success(try body(UnsafeRawBufferPointer(utf8))) } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}

/// An unsigned integer key stored big-endian, so that LMDB's byte order is numeric order.
public struct BigEndianKey: ByteRepresentable, Sendable, Hashable {
  public var value: UInt64

  @inlinable public init(_ value: UInt64) { self.value = value }

  /// Reads a big-endian `UInt64` from the first eight bytes of `bytes`.
  @inlinable
  public static func decode(_ bytes: UnsafeRawBufferPointer, at offset: Int = 0) -> UInt64? {
    guard bytes.count >= offset + 8 else { return nil }
    return UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  @inlinable
  public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    let bigEndian = value.bigEndian
    let result: Result<R, E> = withUnsafeBytes(of: bigEndian) { buffer in
      do throws(E) { return .success(try body(buffer)) } catch { return .failure(error) }
    }
    return try result.get()
  }
}

/// Two big-endian `UInt64`s side by side: a composite key that sorts by the first, then the
/// second (for example a stream id and a version).
public struct BigEndianPairKey: ByteRepresentable, Sendable, Hashable {
  public var first: UInt64
  public var second: UInt64

  @inlinable public init(_ first: UInt64, _ second: UInt64) {
    self.first = first
    self.second = second
  }

  @inlinable
  public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
    let pair = (first.bigEndian, second.bigEndian)
    let result: Result<R, E> = withUnsafeBytes(of: pair) { buffer in
      do throws(E) { return .success(try body(buffer)) } catch { return .failure(error) }
    }
    return try result.get()
  }
}
