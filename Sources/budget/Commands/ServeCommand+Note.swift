import Foundation
import Ledger

extension ServeCommand {
  /// One line on stderr, stamped with the time (a server's output is read as a log).
  static func note(_ message: String) {
    Console.note("\(Date().formatted(.iso8601)) budget serve: \(message)")
  }
}
