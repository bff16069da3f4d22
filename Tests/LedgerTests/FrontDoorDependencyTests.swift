import Foundation
import Testing

/// The CLI and the server reach the ledger through its front door — `Ledger`, `LedgerDomain`,
/// `Interchange` — never the storage, the projection engine or a read model directly. The
/// values they name from behind it have modules of their own they may import: the log's event,
/// metadata, key and hash in `EventRecords`; the read models' answers in `QueryResults`.
@Suite("Front ends depend on the ledger's front door only")
struct FrontDoorDependencyTests {
  /// What a front end may not depend on, nor import.
  static let forbidden: Set<String> = [
    "LMDB", "EventLog", "ProjectionEngine", "RunningBalances", "CategoryTotals", "BudgetVsActual", "TransactionIndex",
    "EntityHistory", "CLMDB", "CSHA256",
  ]
  static let frontEnds = ["budget": "Sources/budget", "BudgetServer": "Sources/BudgetServer"]

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The names in the `dependencies:` list of the target called `name` in Package.swift.
  static func dependencies(ofTarget name: String) throws -> [String] {
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    // The package's targets, after its products (which name targets too).
    guard let targets = manifest.range(of: "targets: [\n"),
      let start = manifest[targets.upperBound...].range(of: "name: \"\(name)\"")
    else { throw ManifestError("no target \(name)") }
    let rest = manifest[start.upperBound...]
    guard let list = rest.range(of: "dependencies: [") else { throw ManifestError("\(name) lists no dependencies") }
    // The list ends at its matching bracket (a `.product(…)` entry holds none).
    var depth = 1
    var end = list.upperBound
    while depth > 0, end < rest.endIndex {
      if rest[end] == "[" { depth += 1 } else if rest[end] == "]" { depth -= 1 }
      end = rest.index(after: end)
    }
    let text = rest[list.upperBound..<end].split(separator: "\n").map { $0.split(separator: "//").first ?? "" }
      .joined(separator: "\n")
    return text.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  struct ManifestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  @Test("given Package.swift, when the Ledger and budget targets' lists are read, then they hold their dependencies")
  func manifestIsRead() throws {
    #expect(try Self.dependencies(ofTarget: "Ledger").contains("EventLog"))
    let budget = try Self.dependencies(ofTarget: "budget")
    #expect(budget.contains("Interchange") && budget.contains("BudgetServer"))
    #expect(budget.contains("ArgumentParser"), "a .product entry is read too")
  }

  @Test(
    "given Package.swift, when the budget and BudgetServer targets are read, then neither lists storage, engine or read-model targets",
    arguments: ["budget", "BudgetServer"])
  func manifestListsTheFrontDoorOnly(target: String) throws {
    let dependencies = try Self.dependencies(ofTarget: target)

    #expect(dependencies.contains("Ledger"))
    #expect(
      Set(dependencies).isDisjoint(with: Self.forbidden),
      "\(target) depends on \(Set(dependencies).intersection(Self.forbidden).sorted())")
  }

  @Test(
    "given the front ends' sources, when their imports are read, then none imports storage, engine or read-model modules",
    arguments: ["budget", "BudgetServer"])
  func sourcesImportTheFrontDoorOnly(target: String) throws {
    let directory = Self.root.appendingPathComponent(Self.frontEnds[target]!)
    let files =
      FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    #expect(!files.isEmpty)

    var offending: [String] = []
    for file in files {
      for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard let keyword = words.firstIndex(of: "import"), keyword + 1 < words.count,
          words[..<keyword].allSatisfy({
            $0.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains($0)
          })
        else { continue }
        let module = words[keyword + 1].split(separator: ".").first.map(String.init) ?? ""
        if Self.forbidden.contains(module) { offending.append("\(file.lastPathComponent): \(line)") }
      }
    }
    #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
  }
}
