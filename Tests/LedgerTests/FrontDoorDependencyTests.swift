import Foundation
import LedgerDomain
import Testing

/// The CLI and the server reach the ledger through its front door — `Ledger`, `LedgerDomain`,
/// `Interchange` — never the storage, the projection engine or a read model directly. The
/// values they name from behind it have modules of their own they may import: the log's event,
/// metadata, key and hash in `EventRecords`; the read models' answers in `QueryResults`. They
/// say what the user asked with commands (``AddTransaction`` …) and never build an event:
/// the events are what `decide` makes of a command.
@Suite("Front ends depend on the ledger's front door only")
struct FrontDoorDependencyTests {
  /// The front ends — the command line, the server, and a device's sync client — and
  /// `LedgerWire`, the shapes and name resolution the first two share: what it may reach,
  /// they may reach.
  static let frontEnds = ["budget", "BudgetServer", "SyncClient", "LedgerWire"]

  /// What a front end may not depend on, nor import — derived from Package.swift: the storage
  /// targets (the stored forms' codec among them) and every target under `Projections/` (the
  /// engine, the read models and what they share) except `QueryResults`, the values the read
  /// models answer.
  static func forbidden(_ manifest: PackageManifest) -> Set<String> {
    let projections = manifest.targets.filter { $0.path.hasPrefix("Projections/") && $0.name != "QueryResults" }
    return Set(projections.map(\.name)).union(["LMDB", "CLMDB", "EventLog", "CSHA256", "LedgerCodec"])
  }

  static let root = PackageManifest.root

  @Test("given Package.swift, when the Ledger and budget targets' lists are read, then they hold their dependencies")
  func manifestIsRead() throws {
    let manifest = try PackageManifest()
    #expect(try manifest.target("Ledger").dependencies.contains("EventLog"))
    #expect(
      Self.forbidden(manifest).isSuperset(of: ["RunningBalances", "Schedules", "SharedRows", "ProjectionEngine"]))
    #expect(!Self.forbidden(manifest).contains("QueryResults"))
    let budget = try manifest.target("budget").dependencies
    #expect(budget.contains("Interchange") && budget.contains("BudgetServer"))
    #expect(budget.contains("ArgumentParser"), "a .product entry is read too")
  }

  @Test(
    "given Package.swift, when the budget and BudgetServer targets are read, then neither lists storage, engine or read-model targets",
    arguments: FrontDoorDependencyTests.frontEnds)
  func manifestListsTheFrontDoorOnly(target: String) throws {
    let manifest = try PackageManifest()
    let forbidden = Self.forbidden(manifest)
    let dependencies = try manifest.target(target).dependencies

    #expect(dependencies.contains("Ledger"))
    #expect(
      Set(dependencies).isDisjoint(with: forbidden),
      "\(target) depends on \(Set(dependencies).intersection(forbidden).sorted())")
  }

  @Test(
    "given the front ends' sources, when their imports are read, then none imports storage, engine or read-model modules",
    arguments: FrontDoorDependencyTests.frontEnds)
  func sourcesImportTheFrontDoorOnly(target: String) throws {
    let manifest = try PackageManifest()
    let forbidden = Self.forbidden(manifest)
    let directory = Self.root.appendingPathComponent(try manifest.target(target).path)
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
        if forbidden.contains(module) { offending.append("\(file.lastPathComponent): \(line)") }
      }
    }
    #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
  }

  @Test(
    "given Package.swift, when Interchange's dependencies are read, then they are the domain alone: file formats open no storage, no engine and no ledger"
  )
  func interchangeIsFormatsOnly() throws {
    let dependencies = try PackageManifest().target("Interchange").dependencies
    #expect(dependencies == ["LedgerDomain"], "Interchange depends on \(dependencies)")
  }

  @Test(
    "given the front ends' sources, when they are read, then none builds an event payload: commands carry what the user asked, decide makes the events",
    arguments: FrontDoorDependencyTests.frontEnds)
  func frontEndsBuildNoEvent(target: String) throws {
    let manifest = try PackageManifest()
    let directory = Self.root.appendingPathComponent(try manifest.target(target).path)
    let files =
      FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    let payloads = EventKind.allCases.map { String(describing: $0.payloadType) }
    #expect(payloads.contains("TransactionAdded") && payloads.count == EventKind.allCases.count)

    var offending: [String] = []
    for file in files {
      for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//") else { continue }
        for payload in payloads where Self.constructs(payload, in: code) {
          offending.append("\(file.lastPathComponent): \(code)")
        }
      }
    }
    #expect(
      offending.isEmpty,
      "build the command instead (e.g. AddTransaction for TransactionAdded):\n\(offending.joined(separator: "\n"))")
  }

  /// Whether `line` calls an initialiser of `type`: `Type(` or `Type.init(`, not a longer name
  /// that ends with it.
  static func constructs(_ type: String, in line: String) -> Bool {
    for call in ["\(type)(", "\(type).init("] {
      var rest = line[...]
      while let range = rest.range(of: call) {
        let before = rest[..<range.lowerBound].last
        if before.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return true }
        rest = rest[range.upperBound...]
      }
    }
    return false
  }

  @Test("given lines that build an event, name it, or build a longer-named type, then only the first are found")
  func constructionIsFound() {
    #expect(Self.constructs("TransactionAdded", in: "let added = TransactionAdded(transaction: id,"))
    #expect(Self.constructs("TransactionAdded", in: "x = .addTransaction(TransactionAdded.init(t))"))
    #expect(!Self.constructs("TransactionAdded", in: "type != TransactionAdded.typeName"))
    #expect(!Self.constructs("TransactionAdded", in: "func f(_ t: TransactionAdded) {"))
    #expect(!Self.constructs("BudgetSet", in: "let b = PreviousBudgetSet(x)"))
  }
}
