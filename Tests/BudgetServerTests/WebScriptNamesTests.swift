import Foundation
import Testing

/// The web app's scripts share one global scope: a top-level `function` (or `const`) declared
/// in two of them is one name, and the script loaded last silently wins — a view then calls
/// another view's function.
@Suite struct WebScriptNamesTests {
  @Test("given the web app's scripts, when their top-level declarations are read, then no name is declared twice")
  func noTopLevelNameIsDeclaredTwice() throws {
    var declared: [String: [String]] = [:]
    let names = try FileManager.default.contentsOfDirectory(atPath: WebFiles.statics.path).filter {
      $0.hasSuffix(".js") && $0 != "sw.js"
    }
    #expect(names.count >= 15, "the scripts were found")
    for name in names {
      let text = try String(contentsOf: WebFiles.statics.appendingPathComponent(name), encoding: .utf8)
      for line in text.split(separator: "\n") {
        for keyword in ["function ", "async function ", "const ", "let "] where line.hasPrefix(keyword) {
          let declaredName = line.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
          if !declaredName.isEmpty { declared[String(declaredName), default: []].append(name) }
        }
      }
    }
    let twice = declared.filter { $0.value.count > 1 }
    #expect(declared.count > 20, "the declarations were read")
    #expect(twice.isEmpty, "declared in more than one script: \(twice)")
  }
}
