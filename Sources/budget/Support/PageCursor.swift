import ArgumentParser
import LedgerWire

extension PageCursor: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }

  public static var defaultCompletionKind: CompletionKind { .default }
}

extension PageCursor {
  /// The line under a page that has more: how many rows it showed and how to see the next.
  static func moreLine(shown: Int, next: PageCursor) -> String {
    "\(shown) row\(shown == 1 ? "" : "s") shown; older ones: the same command with --before \(next)"
  }
}
