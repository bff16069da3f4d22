import Foundation
import FuzzHarness
import Testing

/// Replays the committed fuzz corpus and every crasher libFuzzer ever found
/// (`Tools/Fuzz/Corpus/<target>/`, `Tools/Fuzz/Crashers/<target>-*`) through the same harness
/// functions the fuzzer calls: a regression crashes this test.
@Suite("Fuzz corpus regression")
struct FuzzRegressionTests {
  static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "../../Tools/Fuzz"
  ).standardized

  static func inputs(for target: String) throws -> [URL] {
    let files = FileManager.default
    let corpus = fuzzDirectory.appendingPathComponent("Corpus/\(target)")
    let seeds = (try? files.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)) ?? []
    let crashers =
      ((try? files.contentsOfDirectory(
        at: fuzzDirectory.appendingPathComponent("Crashers"), includingPropertiesForKeys: nil)) ?? [])
      .filter { $0.lastPathComponent.hasPrefix(target + "-") }
    return (seeds + crashers).sorted { $0.path < $1.path }
  }

  @Test(
    "given the committed corpus and crashers of a fuzz target, when each input is replayed through its harness, then none crashes",
    arguments: ["event-decoder", "money-date", "csv-import", "backup-restore"])
  func replay(_ target: String) async throws {
    let harness = try #require(FuzzTargets.all[target])
    let inputs = try Self.inputs(for: target)
    #expect(inputs.count >= 3, "the \(target) corpus in \(Self.fuzzDirectory.path) has \(inputs.count) files")
    for input in inputs {
      let bytes = Array(try Data(contentsOf: input))
      // On a thread of its own: a harness may block until a task it started finishes (the
      // restorer does), and blocking one of the cooperative pool's two threads while another
      // test blocks the other would stall the whole run.
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let thread = Thread {
          harness(bytes)
          done.resume()
        }
        thread.stackSize = 8 << 20
        thread.start()
      }
    }
  }
}
