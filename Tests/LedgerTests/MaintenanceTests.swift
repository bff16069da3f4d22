import Foundation
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

/// `Ledger.maintain`: what a server's ledger needs while it stays open — autopay posted at the
/// start, the rules' state stored at the head when it stops.
@Suite struct MaintenanceTests {
  /// The report's lines, collected from the maintenance task.
  final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
  }

  @Test(
    "given a bill on autopay that is due and a state behind the head, when maintenance runs and is stopped, then the bill is posted once, said, and the state stored"
  )
  func postsAutopayAndStoresTheStateWhenStopped() async throws {
    let directory = TemporaryDirectory()
    let ledger = try await BusyWriterSnapshotTests.busyLedger(directory)
    try await BusyWriterSnapshotTests.createWithChecking(ledger)
    let rent = ScheduleTerms(
      name: "Rent", kind: .expense, amount: eur("950"), estimated: false, account: Scenario.checking,
      category: Scenario.bills,
      recurrence: Recurrence(unit: .month, interval: 1, dayOfMonth: 1, weekend: .after, start: day("2024-03-01")),
      autopay: true)
    try await ledger.execute(.createSchedule(ScheduleID(raw: EntityID(high: 0x5C, low: 7)), terms: rent))
    #expect(try BusyWriterSnapshotTests.storedPosition(ledger)! < ledger.position, "a busy ledger's state waits")
    let lines = Lines()
    // when maintenance runs until the bill is posted, then is stopped
    var schedule = Ledger.Maintenance()
    schedule.stateStore = .seconds(3_600)
    let task = Task { await ledger.maintain(schedule) { lines.add($0) } }
    for _ in 0..<600 where !lines.all.contains(where: { $0.contains("(autopay)") }) {
      try await Task.sleep(for: .milliseconds(100))
    }
    task.cancel()
    await task.value
    // then it said so, posted March's rent once, and left the state at the head
    #expect(lines.all.contains("posted 'Rent' of 2024-03-01 (autopay)"), "\(lines.all)")
    #expect(lines.all.filter { $0.hasPrefix("posted 'Rent'") }.count == 1)
    #expect(try await ledger.postAutopay().posted.isEmpty, "nothing is left to post")
    #expect(try BusyWriterSnapshotTests.storedPosition(ledger) == ledger.position)
  }
}
