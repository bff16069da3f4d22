import EventLog
import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import ProjectionEngine
import RunningBalances
import Testing

/// Many writers amending the same transaction with expected versions: no lost update, every
/// loser told so, and the final state equal to the winners applied in order.
@Suite("Concurrency: racing editors and consistent snapshots", .serialized)
struct ConcurrentWriterTests {
  /// One successful amendment: the version it was based on and what it set.
  struct Win: Sendable, Hashable {
    var basedOn: UInt64
    var name: String
    var amount: Money
  }

  /// Checks the winners against the transaction's stream and its final state.
  static func checkSerialOrder(
    wins: [Win], losses: Int, attempts: Int, initial: TransactionAdded, ledger: Ledger
  ) throws {
    #expect(
      wins.count + losses == attempts,
      "\(wins.count) wins + \(losses) conflicts ≠ \(attempts) attempts: some attempt got neither")
    #expect(wins.count >= 2 && losses >= 1, "no real race happened (\(wins.count) wins, \(losses) conflicts)")
    // No lost update: no two winners started from the same version …
    #expect(Set(wins.map(\.basedOn)).count == wins.count, "two writers both won from the same version: a lost update")
    // … and the stream holds exactly the winners, each at the version after the one it read.
    let stream = try StreamName(initial.stream)
    let events = try ledger.log.read(stream: stream, limit: 100_000)
    #expect(
      events.count == wins.count + 1, "the stream has \(events.count) events for \(wins.count) acknowledged amendments")
    let byVersion = Dictionary(uniqueKeysWithValues: wins.map { ($0.basedOn + 1, $0) })
    for event in events.dropFirst() {
      guard
        case .transactionAmended(let amended) = try LedgerEvent.decode(
          type: event.type, schemaVersion: event.schemaVersion, payload: event.payload)
      else {
        Issue.record("version \(event.streamVersion) is a \(event.type), not an amendment")
        continue
      }
      let win = byVersion[event.streamVersion]
      #expect(
        win?.name == amended.name && win?.amount == amended.amount,
        "version \(event.streamVersion) is not the amendment acknowledged for it")
    }
    // The final state equals the winners applied serially, in version order.
    var expected = initial
    for win in wins.sorted(by: { $0.basedOn < $1.basedOn }) {
      expected.name = win.name
      expected.amount = win.amount
    }
    let record = ledger.state.transactions[initial.transaction]
    #expect(
      record?.added.name == expected.name && record?.added.amount == expected.amount
        && record?.version == UInt64(wins.count + 1))
  }

  @Test(
    "given one transaction, when 10 tasks of one process amend it 12 times each with the version they just read, then no update is lost, every loser gets a stale-version error, and the final state is the winners applied in version order"
  )
  func racingTasksInOneProcess() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    let initial = expense(1, "10.00")
    try await ledger.execute(.addTransaction(initial))
    let writers = 10, attemptsEach = 12 * Soak.scale
    let results = try await withThrowingTaskGroup(of: WriterResult.self) { group in
      for writer in 0..<writers {
        group.addTask { try await Self.amend(ledger, initial.transaction, writer: writer, attempts: attemptsEach) }
      }
      var all: [WriterResult] = []
      for try await result in group { all.append(result) }
      return all
    }
    try Self.checkSerialOrder(
      wins: results.flatMap { $0.wins }, losses: results.reduce(0) { $0 + $1.losses }, attempts: writers * attemptsEach,
      initial: initial,
      ledger: ledger)
  }

  struct WriterResult: Sendable {
    var wins: [Win] = []
    var losses = 0
  }

  /// One writer: reads the version, amends with it as the expected version, `attempts` times.
  static func amend(
    _ ledger: Ledger, _ transaction: TransactionID, writer: Int, attempts: Int
  ) async throws -> WriterResult {
    var result = WriterResult()
    for attempt in 0..<attempts {
      let version = ledger.state.transactions[transaction]?.version ?? 0
      var amendment = TransactionAmended(transaction: transaction)
      let name = "writer \(writer) attempt \(attempt)"
      let amount = Money(units: Int64(10_000 * (1 + writer * 100 + attempt)), currency: .eur)
      amendment.name = name
      amendment.amount = amount
      do {
        try await ledger.execute(.amendTransaction(amendment, expectedVersion: version))
        result.wins.append(Win(basedOn: version, name: name, amount: amount))
      } catch {
        switch error {
        case .rejected(.staleVersion), .log(.wrongExpectedVersion): result.losses += 1
        default: Issue.record("attempt failed with something other than a conflict: \(error)")
        }
      }
      await Task.yield()
    }
    return result
  }

  @Test(
    "given budget serve and one transaction, when 8 HTTP clients each GET it and PATCH it with If-Match 10 times, then every 2xx is in the stream at its version, every loser gets 412 or 409, and the final state is the winners applied in version order"
  )
  func racingHTTPClients() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("race.ledger")
    let budget = try BinaryRunner.checkingLedger(at: path)
    let added =
      try budget.json([
        "tx", "add", "10", "--name", "Original", "--category", "Food", "--account", "Checking", "--date", "2024-06-01",
      ]) as? [String: Any]
    let id = try #require(added?["id"] as? String)

    let server = try ServerProcess(budget: budget, ledger: path)
    let clients = 8, attemptsEach = 10 * Soak.scale
    final class Tally: @unchecked Sendable {
      // @unchecked: guarded by `lock`.
      let lock = NSLock()
      var wins: [(basedOn: UInt64, name: String, amount: String)] = []
      var losses = 0
      var unexpected: [String] = []
    }
    let tally = Tally()
    let port = server.port
    onThreads(clients) { client in
      let http = RawHTTP(port: port)
      for attempt in 0..<attemptsEach {
        do {
          let current = try http.send("GET", "/api/v1/transactions/\(id)")
          let etag = current.header("ETag") ?? ""
          let version = UInt64(etag.trimmingCharacters(in: CharacterSet(charactersIn: "\"W/"))) ?? 0
          let name = "client \(client) attempt \(attempt)"
          let amount = "\(1 + client * 100 + attempt).00"
          let response = try http.send(
            "PATCH", "/api/v1/transactions/\(id)", json: #"{"name": "\#(name)", "amount": "\#(amount)"}"#,
            headers: ["If-Match": etag])
          tally.lock.withLock {
            switch response.status {
            case 200..<300: tally.wins.append((version, name, amount))
            case 409, 412: tally.losses += 1
            default: tally.unexpected.append("HTTP \(response.status): \(response.text)")
            }
          }
        } catch {
          tally.lock.withLock { tally.unexpected.append("\(error)") }
        }
      }
    }
    server.stop()
    #expect(tally.unexpected.isEmpty, "\(tally.unexpected.prefix(3))")

    // Read the stream with the library, now that the server is gone.
    let ledger = try await Ledger(path: path)
    let transaction = try #require(
      ledger.state.transactions.first { $0.key.description.hasPrefix(id) || id.hasPrefix($0.key.description) }?.value
        .added)
    let initial = TransactionAdded(
      transaction: transaction.transaction, account: transaction.account, date: transaction.date, amount: eur("10"),
      type: transaction.type,
      category: transaction.category, name: "Original")
    let wins = tally.wins.map { Win(basedOn: $0.basedOn, name: $0.name, amount: eur($0.amount)) }
    try Self.checkSerialOrder(
      wins: wins, losses: tally.losses, attempts: clients * attemptsEach, initial: initial, ledger: ledger)
  }

  @Test(
    "given 3,000 transfers between two accounts, when 4 writers add 300 more while the projections are rebuilt blue/green 3 times and 4 readers query balances, then every answer sums to zero and equals the balance folded from exactly the transfers up to its position"
  )
  func readersSeeConsistentSnapshots() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(
      .openAccount(OpenAccount(account: Scenario.savings, name: "Savings", type: .savings, date: day("2024-01-01"))))
    var generator = SeededGenerator(seed: 5)
    func transfer(_ generator: inout SeededGenerator) -> TransferMade {
      TransferMade(
        transfer: TransferID(raw: .random(using: &generator)), from: Scenario.checking, to: Scenario.savings,
        amount: Money(units: Int64.random(in: 1...10_000, using: &generator) * 100, currency: .eur),
        date: day("2024-03-15"))
    }
    var amounts: [(position: UInt64, units: Int64)] = []
    for _ in 0..<6 {
      let batch = (0..<500).map { _ in transfer(&generator) }
      let outcomes = try await ledger.execute(batch: batch.map { BatchCommand(.makeTransfer($0)) })
      for (transfer, outcome) in zip(batch, outcomes) {
        amounts.append((try outcome.get().positions.lowerBound, transfer.amount.units))
      }
    }
    let more = (0..<300).map { _ in transfer(&generator) }
    let done = ManagedFlag()

    // Four writers at once keep the group-commit queue busy, so appends share commits with
    // the rebuilds' switches.
    let writer = Task { () throws -> [Written] in
      try await withThrowingTaskGroup(of: [Written].self) { group in
        for part in 0..<4 {
          group.addTask {
            var written: [Written] = []
            for transfer in more[(part * 75)..<(part * 75 + 75)] {
              let outcome = try await ledger.execute(.makeTransfer(transfer))
              written.append(Written(position: outcome.positions.lowerBound, units: transfer.amount.units))
            }
            return written
          }
        }
        var all: [Written] = []
        for try await written in group { all += written }
        return all
      }
    }
    let rebuilder = Task { () throws -> Void in
      for _ in 0..<3 { try await ledger.projections.rebuild(ledger.projections.names) }
    }
    let observed = try await withThrowingTaskGroup(of: [(position: UInt64, checking: Int64, sum: Int64)].self) {
      group in
      for _ in 0..<4 {
        group.addTask {
          var seen: [(position: UInt64, checking: Int64, sum: Int64)] = []
          repeat {
            let answer = try ledger.balances(on: day("2024-03-31"))
            let checking = answer.value.first { $0.account == Scenario.checking }?.balance.units ?? 0
            seen.append((answer.position, checking, answer.value.reduce(0) { $0 + $1.balance.units }))
            await Task.yield()
          } while !done.value
          return seen
        }
      }
      let writtenNow = try await writer.value
      try await rebuilder.value
      done.set()
      var all: [(position: UInt64, checking: Int64, sum: Int64)] = []
      for try await seen in group { all += seen }
      amounts += writtenNow.map { ($0.position, $0.units) }
      return all
    }
    #expect(Set(observed.map(\.position)).count > 5, "the readers saw too few distinct positions to prove anything")
    let sorted = amounts.sorted { $0.position < $1.position }
    func expectedChecking(at position: UInt64) -> Int64 {
      -sorted.prefix { $0.position <= position }.reduce(0) { $0 + $1.units }
    }
    var mismatches = 0
    for seen in observed where seen.sum != 0 || seen.checking != expectedChecking(at: seen.position) {
      mismatches += 1
      if mismatches <= 3 {
        Issue.record(
          "at position \(seen.position): checking \(seen.checking), expected \(expectedChecking(at: seen.position)), sum \(seen.sum)"
        )
      }
    }
    #expect(mismatches == 0, "\(mismatches) of \(observed.count) reads were not a consistent snapshot")
    // Appends that shared a commit with the switch reached the new tables: nothing lags.
    let lagging = try ledger.projections.staleProjectors()
    #expect(lagging.isEmpty, "projections lag after the rebuilds: \(lagging)")
    #expect(try ledger.verify().isOK)
  }
}

extension ConcurrentWriterTests {
  // 8 rounds (a rebuild drops the generation two back, so rounds are not limited by LMDB's
  // 256 open tables; RepeatedRebuildTests covers that).
  @Test(
    "given a small ledger, when 8 blue/green rebuilds each race 8 concurrent transfers, then the appends that share a commit with a switch reach the new tables: no projection lags and verify passes"
  )
  func appendsSharingACommitWithTheSwitch() async throws {
    let fixture = try await LedgerFixture()
    let ledger = fixture.ledger
    try await ledger.execute(
      .openAccount(OpenAccount(account: Scenario.savings, name: "Savings", type: .savings, date: day("2024-01-01"))))
    var total: Int64 = 0
    for round in 0..<8 {
      let amounts = (1...8).map { Int64(round * 100 + $0) * 100 }
      total += amounts.reduce(0, +)
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await ledger.projections.rebuild(ledger.projections.names) }
        for units in amounts {
          group.addTask {
            try await ledger.execute(
              .makeTransfer(
                TransferMade(
                  transfer: TransferID(raw: .random()), from: Scenario.checking, to: Scenario.savings,
                  amount: Money(units: units, currency: .eur),
                  date: day("2024-03-15"))))
          }
        }
        try await group.waitForAll()
      }
      let lagging = try ledger.projections.staleProjectors()
      #expect(lagging.isEmpty, "round \(round): projections lag behind the log: \(lagging)")
      if !lagging.isEmpty { break }
    }
    let savings = try ledger.balances(on: day("2024-03-31")).value.first { $0.account == Scenario.savings }?.balance
      .units
    #expect(savings == total)
    #expect(try ledger.verify().isOK)
  }
}

struct Written: Sendable {
  var position: UInt64
  var units: Int64
}

/// A flag set once, read from many tasks.
final class ManagedFlag: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private let lock = NSLock()
  private var flag = false
  var value: Bool { lock.withLock { flag } }
  func set() { lock.withLock { flag = true } }
}
