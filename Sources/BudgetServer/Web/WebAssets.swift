import Foundation

/// The web app's files, embedded as strings (`Web/Generated`, made by `Tools/embed-web.sh`
/// from `Web/static`) so the binary needs nothing beside it.
enum WebAssets {
  /// A file served under `/assets/`.
  struct Asset: Sendable {
    var contentType: String
    var body: String
  }

  static let files: [String: Asset] = [
    "app.css": Asset(contentType: "text/css; charset=utf-8", body: appCSS),
    "api.js": Asset(contentType: "text/javascript; charset=utf-8", body: apiJS),
    "charts.js": Asset(contentType: "text/javascript; charset=utf-8", body: chartsJS),
    "budget.js": Asset(contentType: "text/javascript; charset=utf-8", body: budgetJS),
    "transactions.js": Asset(contentType: "text/javascript; charset=utf-8", body: transactionsJS),
    "analysis.js": Asset(contentType: "text/javascript; charset=utf-8", body: analysisJS),
    "history.js": Asset(contentType: "text/javascript; charset=utf-8", body: historyJS),
    "bills.js": Asset(contentType: "text/javascript; charset=utf-8", body: billsJS),
    "debts.js": Asset(contentType: "text/javascript; charset=utf-8", body: debtsJS),
    "accounts.js": Asset(contentType: "text/javascript; charset=utf-8", body: accountsJS),
    "categories.js": Asset(contentType: "text/javascript; charset=utf-8", body: categoriesJS),
    "transfers.js": Asset(contentType: "text/javascript; charset=utf-8", body: transfersJS),
    "goal-forms.js": Asset(contentType: "text/javascript; charset=utf-8", body: goalFormsJS),
    "goals.js": Asset(contentType: "text/javascript; charset=utf-8", body: goalsJS),
    "setup.js": Asset(contentType: "text/javascript; charset=utf-8", body: setupJS),
    "explain.js": Asset(contentType: "text/javascript; charset=utf-8", body: explainJS),
    "app.js": Asset(contentType: "text/javascript; charset=utf-8", body: appJS),
    "shortcuts.js": Asset(contentType: "text/javascript; charset=utf-8", body: shortcutsJS),
    "sw.js": Asset(contentType: "text/javascript; charset=utf-8", body: serviceWorkerJS),
    "manifest.webmanifest": Asset(contentType: "application/manifest+json", body: manifestJSON),
    "icon.svg": Asset(contentType: "image/svg+xml", body: iconSVG),
  ]

  /// The service worker as `/sw.js` serves it (the scope of a worker is the folder it is
  /// served from): the list of the app's files to keep, and a version that changes with any
  /// of them, so a browser replaces its copies when the program is updated.
  static let serviceWorker: String = {
    let names = files.keys.filter { $0 != "sw.js" }.sorted()
    let list = "[" + names.map { "\"/assets/\($0)\"" }.joined(separator: ", ") + "]"
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a over every file, in name order
    for name in names.sorted() + ["index.html"] {
      for byte in (files[name]?.body ?? indexHTML).utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      }
    }
    return serviceWorkerJS.replacingOccurrences(of: "__ASSETS__", with: list)
      .replacingOccurrences(of: "__VERSION__", with: String(hash, radix: 16))
  }()

  /// The source file of each embedded asset, for the test that checks they are current.
  static let sources: [String: String] = [
    "index.html": indexHTML, "app.css": appCSS, "api.js": apiJS, "charts.js": chartsJS, "budget.js": budgetJS,
    "transactions.js": transactionsJS, "analysis.js": analysisJS, "history.js": historyJS, "bills.js": billsJS,
    "debts.js": debtsJS, "goal-forms.js": goalFormsJS, "goals.js": goalsJS, "accounts.js": accountsJS,
    "categories.js": categoriesJS,
    "transfers.js": transfersJS, "setup.js": setupJS,
    "explain.js": explainJS, "app.js": appJS, "shortcuts.js": shortcutsJS, "sw.js": serviceWorkerJS,
    "manifest.webmanifest": manifestJSON,
    "icon.svg": iconSVG,
  ]
}
