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
  ]

  /// The source file of each embedded asset, for the test that checks they are current.
  static let sources: [String: String] = [
    "index.html": indexHTML, "app.css": appCSS, "api.js": apiJS, "charts.js": chartsJS, "budget.js": budgetJS,
    "transactions.js": transactionsJS, "analysis.js": analysisJS, "history.js": historyJS, "bills.js": billsJS,
    "debts.js": debtsJS, "goal-forms.js": goalFormsJS, "goals.js": goalsJS, "accounts.js": accountsJS,
    "categories.js": categoriesJS,
    "transfers.js": transfersJS, "setup.js": setupJS,
    "explain.js": explainJS, "app.js": appJS,
  ]
}
