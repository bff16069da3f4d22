import Foundation
import Testing

/// A read model is tested where a newcomer looks for it: `Tests/ProjectionTests/<Target>Tests.swift`
/// (or `<Target>ProjectionTests.swift`). A new target under Projections/ without one fails here.
@Suite struct ReadModelTestsExistTests {
  /// The targets under Projections/ that are no read model: the engine, the result types and
  /// the rows two read models share (tested through those that use them).
  static let notReadModels: Set<String> = ["ProjectionEngine", "QueryResults", "SharedRows"]

  @Test(
    "given the read models' targets, when Tests/ProjectionTests is listed, then each has a test file named after it")
  func everyReadModelHasItsTests() throws {
    let targets = try PackageManifest().targets.filter { $0.path.hasPrefix("Projections/") }.map(\.name)
      .filter { !Self.notReadModels.contains($0) }
    #expect(targets.count >= 6, "the manifest was read: \(targets)")
    let files = Set(
      try FileManager.default.contentsOfDirectory(
        atPath: PackageManifest.root.appendingPathComponent("Tests/ProjectionTests").path))
    let untested = targets.filter {
      !files.contains("\($0)Tests.swift") && !files.contains("\($0)ProjectionTests.swift")
    }
    #expect(untested.isEmpty, "read models without Tests/ProjectionTests/<Name>Tests.swift: \(untested)")
  }
}
