import Foundation
import Ledger
import LedgerDomain
import Testing

/// The catalogues a newcomer reads — the events in docs/events.md, the read models in
/// docs/projections.md — name everything the code registers: an event or a read model added
/// without its row fails here. (docs/architecture.md's table of targets: ArchitectureDocTests.)
@Suite struct CatalogDocsTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: PackageManifest.root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("given the event registry, when docs/events.md is read, then every stored type name is in it")
  func everyEventHasItsRow() throws {
    let page = try Self.text("docs/events.md")
    let missing = EventKind.allCases.map(\.rawValue).filter { !page.contains("`\($0)`") }
    #expect(missing.isEmpty, "docs/events.md has no row for \(missing)")
  }

  @Test("given the standard read models, when docs/projections.md is read, then each has a section under its name")
  func everyReadModelHasItsSection() throws {
    let page = try Self.text("docs/projections.md")
    let headings = page.split(separator: "\n").filter { $0.hasPrefix("## ") }
    let missing = Ledger.standardProjectors.map(\.name).filter { name in
      !headings.contains { $0.contains("`\(name)`") }
    }
    #expect(missing.isEmpty, "docs/projections.md has no section for \(missing)")
  }
}
