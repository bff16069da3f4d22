import Foundation
import Testing

/// The web app is hand-written and loads on a phone over a slow link: all of it — HTML, CSS,
/// JavaScript, the manifest and the icon — stays under 150 KB, uncompressed.
@Suite struct WebAppSizeTests {
  @Test("given the web app's files, when their sizes are added up, then they come to 150,000 bytes or less")
  func theWholeAppIsSmall() throws {
    let statics = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/BudgetServer/Web/static")
    let names = try FileManager.default.contentsOfDirectory(atPath: statics.path)
    let sizes = try names.map { name in
      (name, try Data(contentsOf: statics.appendingPathComponent(name)).count)
    }
    let total = sizes.reduce(0) { $0 + $1.1 }
    #expect(names.count >= 20, "the app's files were found")
    #expect(
      total <= 150_000,
      "the web app is \(total) bytes; the largest: \(sizes.sorted { $0.1 > $1.1 }.prefix(3).map { "\($0.0) \($0.1)" })")
  }
}
