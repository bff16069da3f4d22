import ArgumentParser
import EventLog

/// Appends a few sample events and reads them back: a first look at the log.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Append sample events to the ledger and read them back.")

  @OptionGroup var options: LedgerOptions

  func run() async throws {
    let log = try options.openLog()
    let before = try reportingErrors { try log.head().position }
    let run = before / 4 + 1
    let samples: [(stream: String, type: String, text: String)] = [
      ("account-checking", "AccountOpened", #"{"name":"Checking","currency":"EUR"}"#),
      ("category-food", "CategoryCreated", #"{"name":"Food","kind":"expense"}"#),
      ("budget-2024-03", "BudgetSet", #"{"category":"Food","amount":"400.00"}"#),
      ("transaction-\(run)", "TransactionAdded", #"{"payee":"Market","amount":"-42.50"}"#),
    ]
    for sample in samples {
      let result = try await reportingErrors {
        try await log.append(
          [ProposedEvent(type: sample.type, payload: Array(sample.text.utf8), metadata: EventMetadata(actor: "demo"))],
          to: try StreamName(sample.stream))
      }
      print("appended \(sample.type) to \(sample.stream) at position \(result.positions.lowerBound)")
    }
    print("")
    print("Last events, newest first:")
    let recent = try reportingErrors { try log.read(from: .max, direction: .backward, limit: samples.count) }
    EventTable.print(recent)
    let verification = try reportingErrors { try log.verify() }
    print("")
    print("ledger: \(log.path)")
    print("chain: \(verification.verifiedCount) events verified, head \(verification.head.hex.prefix(16))…")
  }
}
