import Foundation
import Ledger
import Testing

/// A read model added to Package.swift but not to ``Ledger/standardProjectors`` would be built,
/// linked and never kept: only a runtime `unknownProjector` would say so, far from the cause.
@Suite struct StandardProjectorsTests {
  @Test("given Package.swift, when its read-model targets are listed, then each has a projector in Ledger.standardProjectors")
  func everyReadModelIsKept() throws {
    // A read model: a target under Projections/ that folds events with the engine, other than
    // the rows two of them share.
    let readModels = try PackageManifest().targets.filter {
      $0.path.hasPrefix("Projections/") && $0.dependencies.contains("ProjectionEngine") && $0.name != "SharedRows"
    }.map(\.name)
    #expect(readModels.count >= 5, "the manifest was read: \(readModels)")
    let kept = Set(Ledger.standardProjectors.map { String(reflecting: type(of: $0)).split(separator: ".")[0] })
    let missing = readModels.filter { !kept.contains(Substring($0)) }
    #expect(missing.isEmpty, "read models not in Ledger.standardProjectors: \(missing)")
  }
}
