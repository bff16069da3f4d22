import ArgumentParser
import EventLog
import Foundation

/// Checks the hash chain from the first event to the last.
struct VerifyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Verify the ledger's hash chain; exit 1 and name the first bad position if it is broken.")

  @OptionGroup var options: LedgerOptions

  func run() throws {
    let log = try options.openLog()
    let result = try reportingErrors { try log.verify() }
    if let failure = result.firstFailure {
      FileHandle.standardError.write(Data("chain broken at \(failure)\n".utf8))
      throw ExitCode(1)
    }
    print("ok: \(result.verifiedCount) events, chain head \(result.head.hex)")
  }
}
