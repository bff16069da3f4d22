import Foundation

/// The web app's files, served from the text embedded in the binary (``EmbeddedFiles``).
enum WebAssets {
  /// A file served under `/assets/`.
  struct Asset: Sendable {
    var contentType: String
    var body: String
  }

  /// The page at `/`.
  static let indexHTML = EmbeddedFiles.embedded["index.html", default: ""]

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
    return files
  }()

  /// The service worker as `/sw.js` serves it (the scope of a worker is the folder it is
  /// served from): the list of the app's files to keep, and a version that changes with any
  /// of them, so a browser replaces its copies when the program is updated.
  static let serviceWorker: String = {
    let embedded = EmbeddedFiles.embedded
    let names = embedded.keys.filter { $0 != "sw.js" && $0 != "index.html" && $0 != "openapi.yaml" }.sorted()
    let list = "[" + names.map { "\"/assets/\($0)\"" }.joined(separator: ", ") + "]"
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a over every file the app is made of, in name order
    for name in names + ["index.html"] {
      for byte in embedded[name, default: ""].utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      }
    }
    return embedded["sw.js", default: ""].replacingOccurrences(of: "__ASSETS__", with: list)
      .replacingOccurrences(of: "__VERSION__", with: String(hash, radix: 16))
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
