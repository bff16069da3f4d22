import Foundation
import Testing

/// `LedgerDomain` is the ledger's contracts — values, events, commands, rules, the state fold —
/// and how the log and the read models go fast lives elsewhere: the direct codec, the rules'
/// state snapshot and the binary timeline in `LedgerCodec`, the rebuild hints in the engine
/// (`TunedProjector`, `RebuildHints`). These checks fail if any of it creeps back.
@Suite("The domain holds no storage or speed code")
struct DomainHoldsNoSpeedCodeTests {
  static let root = PackageManifest.root

  /// Names of the storage and speed machinery that only `LedgerCodec` may declare or use.
  static let codecNames = [
    "PayloadReader", "PayloadWriter", "fastDecoding", "fastEncoded", "SnapshotReader", "SnapshotWriter",
    "snapshotPayload", "snapshotVersion", "init(binary", "var binary", "knownCodes", "import LedgerCodec",
  ]

  /// Words a file of the domain may not be named with: the moved files' names.
  static let codecFileWords = ["Fast", "Snapshot", "+Binary"]

  /// The Swift files under `folder`.
  static func swiftFiles(under folder: String) -> [URL] {
    let directory = root.appendingPathComponent(folder)
    return FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
  }

  @Test(
    "given Package.swift, when LedgerDomain's dependencies are read, then it depends on Bytes only, and LedgerCodec on it"
  )
  func domainDependsOnBytesOnly() throws {
    let manifest = try PackageManifest()
    #expect(try manifest.target("LedgerDomain").dependencies == ["Bytes"])
    #expect(try manifest.target("LedgerCodec").dependencies.contains("LedgerDomain"))
  }

  @Test(
    "given the domain's sources, when read, then none is named for or names the codec's storage and speed machinery")
  func domainSourcesNameNoCodecMachinery() throws {
    let files = Self.swiftFiles(under: try PackageManifest().target("LedgerDomain").path)
    #expect(files.count > 50, "the domain's sources were found")
    var offending: [String] = []
    for file in files {
      let name = file.lastPathComponent
      for word in Self.codecFileWords where name.contains(word) { offending.append("\(name): named \(word)") }
      let text = try String(contentsOf: file, encoding: .utf8)
      for codecName in Self.codecNames where text.contains(codecName) { offending.append("\(name): \(codecName)") }
    }
    #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
  }

  @Test("given the codec's sources, when read, then they hold what left the domain")
  func codecHoldsTheMachinery() throws {
    let files = Self.swiftFiles(under: try PackageManifest().target("LedgerCodec").path)
    let text = try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    for name in ["struct PayloadReader", "struct SnapshotWriter", "func snapshotPayload", "var binary"] {
      #expect(text.contains(name), "LedgerCodec declares \(name)")
    }
  }

  @Test(
    "given the Projector protocol, when its requirements are read, then they are name, version, tables and apply only")
  func projectorDeclaresFourThings() throws {
    let file = Self.root.appendingPathComponent("Projections/ProjectionEngine/API/Projector.swift")
    let text = try String(contentsOf: file, encoding: .utf8)
    let start = try #require(text.range(of: "public protocol Projector: Sendable {"))
    let end = try #require(text.range(of: "\n}\n", range: start.upperBound..<text.endIndex))
    let requirements = text[start.upperBound..<end.lowerBound].split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("var ") || $0.hasPrefix("func ") || $0.hasPrefix("static ") }
      .compactMap { $0.split(whereSeparator: { " :<(".contains($0) }).dropFirst().first.map(String.init) }
    #expect(requirements == ["name", "version", "tables", "apply"])
  }
}
