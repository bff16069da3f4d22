import Foundation

/// The web app's files, served from the text embedded in the binary (``EmbeddedFiles``).
enum WebAssets {
  /// A file served under `/assets/`.
  struct Asset: Sendable {
    var contentType: String
    var body: String
  }

  /// A version that changes with any file the app is made of: FNV-1a over each, in name order.
  static let version: String = {
    let embedded = EmbeddedFiles.embedded
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for name in embedded.keys.sorted() where name != "sw.js" && name != "openapi.yaml" {
      for byte in embedded[name, default: ""].utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      }
    }
    return String(hash, radix: 16)
  }()

  /// The page's scripts as one file (``ScriptBundle``).
  static let bundle = ScriptBundle(
    page: EmbeddedFiles.embedded["index.html", default: ""], files: EmbeddedFiles.embedded, version: version)

  /// The page at `/`: it loads the scripts as one bundle.
  static let indexHTML = bundle.page

  /// The OpenAPI document at `/api/v1/openapi.yaml`.
  static let openAPI = EmbeddedFiles.embedded["openapi.yaml", default: ""]

  /// The web app's manifest, served at `/manifest.webmanifest`.
  static let manifestJSON = EmbeddedFiles.embedded["manifest.webmanifest", default: ""]

  /// Every file under `/assets/` by name: each file of `Web/static` but the page itself, the
  /// service worker as ``serviceWorker`` fills it in.
  static let files: [String: Asset] = {
    var files: [String: Asset] = [:]
    for (name, body) in EmbeddedFiles.embedded where name != "index.html" && name != "openapi.yaml" {
      files[name] = Asset(contentType: contentType(of: name), body: body)
    }
    files["sw.js"]?.body = serviceWorker
    files[ScriptBundle.name] = Asset(contentType: contentType(of: ScriptBundle.name), body: bundle.body)
    return files
  }()

  /// The service worker as `/sw.js` serves it (the scope of a worker is the folder it is
  /// served from): the addresses of what the page loads, to keep, and the app's version, so
  /// a browser replaces its copies when the program is updated.
  static let serviceWorker: String = {
    let embedded = EmbeddedFiles.embedded
    let bundled = Set(bundle.scripts)
    let others = embedded.keys.filter {
      $0 != "sw.js" && $0 != "index.html" && $0 != "openapi.yaml" && bundle.versioned[$0] == nil
        && !bundled.contains($0)
    }
    let addresses = bundle.versioned.values.sorted() + others.sorted().map { "/assets/\($0)" }
    let list = "[" + addresses.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    return embedded["sw.js", default: ""].replacingOccurrences(of: "__ASSETS__", with: list)
      .replacingOccurrences(of: "__VERSION__", with: version)
  }()

  /// The `Content-Type` a file is served with, by its extension.
  static func contentType(of name: String) -> String {
    switch name.split(separator: ".").last {
    case "css": "text/css; charset=utf-8"
    case "js": "text/javascript; charset=utf-8"
    case "svg": "image/svg+xml"
    case "webmanifest": "application/manifest+json"
    case "html": "text/html; charset=utf-8"
    default: "text/plain; charset=utf-8"
    }
  }
}
