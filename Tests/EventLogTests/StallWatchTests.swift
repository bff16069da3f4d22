import Foundation
import LedgerTesting
import Testing

/// `measuringStalls` is what makes timing bounds in in-process server tests fair on a busy
/// 2-core machine; it must see a pool that other work holds.
@Suite struct StallWatchTests {
  @Test("given every pool thread held for a second during the body, then the stall measured is about a second")
  func aHeldPoolIsMeasured() async {
    let threads = ProcessInfo.processInfo.activeProcessorCount * 2
    let (_, stall) = await measuringStalls {
      // When tasks block every thread of the pool at once for a second
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<threads { group.addTask { usleep(1_000_000) } }
      }
    }
    // Then the ticker woke at least most of that second late
    #expect(stall >= .milliseconds(700), "measured \(stall)")
  }
}
