import CSHA256
import Crypto
import LedgerTesting
import Testing

@testable import EventLog

/// The `CSHA256` target (SHA-NI or portable C) must give exactly swift-crypto's digests: the
/// hash chain and the idempotency fingerprints of existing ledgers depend on it.
@Suite("SHA-256 of the hash chain")
struct SHA256Tests {
  private static func hex(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
  }

  /// The digest of `bytes`, fed in pieces of `chunk` bytes, by the fast or the portable code.
  private static func digest(_ bytes: [UInt8], chunk: Int = .max, portable: Bool = false) -> [UInt8] {
    var context = csha256_ctx()
    if portable { csha256_init_portable(&context) } else { csha256_init(&context) }
    bytes.withUnsafeBytes { all in
      var offset = 0
      while offset < all.count {
        let count = min(chunk, all.count - offset)
        csha256_update(&context, all.baseAddress! + offset, count)
        offset += count
      }
    }
    var out = [UInt8](repeating: 0, count: 32)
    out.withUnsafeMutableBufferPointer { csha256_final(&context, $0.baseAddress!) }
    return out
  }

  @Test("given the FIPS 180-4 test vectors, when hashed by either implementation, then the digests match")
  func knownVectors() {
    let vectors: [(String, String)] = [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ]
    for (input, expected) in vectors {
      let bytes = Array(input.utf8)
      #expect(Self.hex(Self.digest(bytes)) == expected)
      #expect(Self.hex(Self.digest(bytes, chunk: 7, portable: true)) == expected)
    }
  }

  @Test("given inputs of every length up to 600 bytes, when hashed in pieces, then both implementations agree with swift-crypto")
  func agreesWithSwiftCrypto() {
    var generator = SystemRandomNumberGenerator()
    let data = (0..<600).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for length in 0...600 {
      let input = Array(data[..<length])
      let expected = Array(Crypto.SHA256.hash(data: input))
      #expect(Self.digest(input) == expected, "length \(length)")
      #expect(Self.digest(input, chunk: 1 + length % 67) == expected, "length \(length), chunked")
      #expect(Self.digest(input, chunk: 13, portable: true) == expected, "length \(length), portable")
    }
  }

  @Test("given a previous link and a record, when the next link is computed, then it is SHA-256(previous ‖ record)")
  func chainLinkIsSHA256OfPreviousAndRecord() {
    var previous = ChainHash.genesis
    for length in [0, 1, 31, 32, 33, 55, 56, 64, 187, 220, 1000] {
      let record = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      let next = record.withUnsafeBytes { previous.next(record: $0) }
      let expected = Array(Crypto.SHA256.hash(data: previous.bytes + record))
      #expect(next.bytes == expected, "length \(length)")
      previous = next
    }
  }

  @Test("given a written log, when its chain is recomputed with swift-crypto, then every stored link matches")
  func storedChainMatchesSwiftCrypto() async throws {
    let directory = TemporaryDirectory()
    let log = try EventLog(path: directory.file("chain.ledger"), options: .init(durability: .noSync))
    for index in 0..<50 {
      _ = try await log.append(Fixtures.events(1 + index % 4, prefix: "p\(index)"), to: try StreamName("s-\(index % 5)"))
    }
    var previous = [UInt8](repeating: 0, count: 32)
    var checked = 0
    try log.scan(from: 1) { view in
      let expected = Array(Crypto.SHA256.hash(data: previous + Array(view.canonicalBytes)))
      #expect(view.hash.bytes == expected)
      previous = expected
      checked += 1
      return .continue
    }
    #expect(checked > 50)
    #expect(try log.verify().isIntact)
  }

  @Test("given a batch with an idempotency key, when fingerprinted, then the digest is what swift-crypto gave before")
  func fingerprintUnchanged() throws {
    let batch = AppendBatch(
      [
        StreamAppend(stream: "a-1", expectedVersion: .exact(4), events: Fixtures.events(3)),
        StreamAppend(stream: "b-2", expectedVersion: .noStream, events: [Fixtures.event("Other", "x", actor: "me")]),
      ], idempotencyKey: "key-1")
    var hasher = Crypto.SHA256()
    func feed(_ value: some FixedWidthInteger) { withUnsafeBytes(of: value.littleEndian) { hasher.update(bufferPointer: $0) } }
    func feed(_ string: String) {
      feed(UInt64(string.utf8.count))
      hasher.update(data: Array(string.utf8))
    }
    for append in batch.streams {
      feed(append.stream.rawValue)
      switch append.expectedVersion {
      case .any: feed(UInt64(0)); feed(UInt64(0))
      case .noStream: feed(UInt64(1)); feed(UInt64(0))
      case .streamExists: feed(UInt64(2)); feed(UInt64(0))
      case .exact(let version): feed(UInt64(3)); feed(version)
      }
      feed(UInt64(append.events.count))
      for event in append.events {
        feed(event.type)
        feed(event.schemaVersion)
        feed(UInt64(event.payload.count))
        hasher.update(data: event.payload)
      }
    }
    let expected = Array(hasher.finalize())
    #expect(try PendingAppend(batch).fingerprint?.bytes == expected)
  }
}
