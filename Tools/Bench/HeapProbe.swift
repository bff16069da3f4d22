#if canImport(Glibc)
  import Glibc
#endif

/// Samples the bytes of heap in use — glibc's `mallinfo2().uordblks`, summed over all malloc
/// arenas — before, during and after a piece of work, to show how much heap the work holds.
///
/// Memory-mapped log pages are not heap and are not counted: a zero-copy scan should leave
/// this number flat however long the log is.
struct HeapProbe {
  /// Heap in use when the probe started.
  let baseline: Int
  /// The highest sample so far.
  private(set) var peak: Int
  /// How many times ``sample()`` was called.
  private(set) var samples = 0

  /// Starts a probe at the current heap use.
  init() {
    let now = Self.inUse() ?? 0
    baseline = now
    peak = now
  }

  /// Whether heap use can be measured here (glibc 2.33 or later).
  static var isAvailable: Bool { MallInfo2.function != nil }

  /// Heap in use right now, in bytes; `nil` where `mallinfo2` is not available.
  static func inUse() -> Int? { MallInfo2.inUseBytes() }

  /// Takes one sample (call it every few thousand events: each call walks malloc's bins).
  mutating func sample() {
    let now = Self.inUse() ?? 0
    samples += 1
    if now > peak { peak = now }
  }

  /// Takes a last sample and reports growth relative to the start.
  mutating func finish(events: Int) -> HeapMeasurement {
    sample()
    let end = Self.inUse() ?? 0
    return HeapMeasurement(
      events: events, baselineBytes: baseline, peakGrowthBytes: peak - baseline, endGrowthBytes: end - baseline,
      samples: samples)
  }
}

/// Calls glibc's `struct mallinfo2 mallinfo2(void)`, which Swift's Glibc module does not
/// export (it does not include `<malloc.h>`), through `dlsym`.
///
/// `struct mallinfo2` is ten `size_t`s (80 bytes): arena, ordblks, smblks, hblks, hblkhd,
/// usmblks, fsmblks, uordblks, fordblks, keepcost. A C function returning a struct larger than
/// 16 bytes writes it to memory the caller provides (x86-64 SysV: hidden pointer in `rdi`;
/// AArch64: `x8`), so declaring the return type as any *larger*, integer-only C struct is
/// ABI-compatible: the callee fills the first 80 bytes of the caller's buffer. We use
/// `sockaddr_storage` (128 bytes, 8-byte aligned, no floating-point fields).
enum MallInfo2 {
  #if canImport(Glibc)
    private typealias Function = @convention(c) () -> sockaddr_storage
    private static let fieldCount = 10
    private static let uordblksIndex = 7

    /// The `mallinfo2` entry point, if this glibc has one and the stand-in return type is big
    /// enough to hold its result.
    fileprivate static var function: UnsafeMutableRawPointer? {
      guard MemoryLayout<sockaddr_storage>.size >= fieldCount * MemoryLayout<Int>.size else { return nil }
      return dlsym(nil, "mallinfo2")  // nil is RTLD_DEFAULT on glibc
    }

    /// `mallinfo2().uordblks`: bytes in allocated chunks, all arenas.
    static func inUseBytes() -> Int? {
      guard let symbol = function else { return nil }
      let call = unsafeBitCast(symbol, to: Function.self)
      var result = call()
      return withUnsafeBytes(of: &result) { raw in
        Int(raw.loadUnaligned(fromByteOffset: uordblksIndex * MemoryLayout<Int>.size, as: UInt.self))
      }
    }
  #else
    fileprivate static var function: UnsafeMutableRawPointer? { nil }
    static func inUseBytes() -> Int? { nil }
  #endif
}

/// Heap growth over one scan or verify of a log.
struct HeapMeasurement: Codable, Sendable {
  /// Events visited.
  var events: Int
  /// `uordblks` before the work started.
  var baselineBytes: Int
  /// The highest sample minus the baseline.
  var peakGrowthBytes: Int
  /// The last sample minus the baseline (what the work left behind).
  var endGrowthBytes: Int
  /// Samples taken.
  var samples: Int
}
