import LMDB

/// Work that tables committing with the events need done once per write transaction, after
/// every request of the group has run and before it commits: a state stored beside the log
/// that each request changes, written once for the group instead of once per request.
///
/// Each piece of work has a name; registering a name again replaces the earlier work, so the
/// last request of the group decides what is written. A reference type, shared by the copies
/// of the ``LogWriteSession`` the group's requests are handed.
final class CommitPreparations {
  private var work: [(name: String, run: (WriteTransaction) throws -> Void)] = []

  func register(_ name: String, _ run: @escaping (WriteTransaction) throws -> Void) {
    if let index = work.firstIndex(where: { $0.name == name }) {
      work[index].run = run
    } else {
      work.append((name, run))
    }
  }

  /// Runs the work registered, in the order the names were first registered.
  func run(in transaction: WriteTransaction) throws {
    for item in work { try item.run(transaction) }
  }
}
