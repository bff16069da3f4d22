import EventLog
import Foundation
import Interchange
import Ledger
import LedgerDomain
import LedgerTesting
import Testing

@Suite("Backups: reading the events back")
struct BackupReadingTests {
  @Test("given a ledger's backup, when its events are read, then they are the log's events with their actors and times")
  func roundTrip() async throws {
    let fixture = try await LedgerFixture()
    try await fixture.ledger.execute(
      .addTransaction(expense(1, "4.20", name: "Café ✓")), metadata: EventMetadata(actor: "ana"))
    try await fixture.ledger.execute(.addTransaction(expense(2, "1.00")))

    let events = try Backup.events(from: try Backup.export(fixture.ledger))

    var stored: [(event: LedgerEvent, recordedAt: Int64, actor: String?)] = []
    try fixture.ledger.log.scan { view in
      stored.append(
        (
          try LedgerEvent.decode(typeBytes: view.typeBytes, schemaVersion: view.schemaVersion, payload: view.payload),
          view.recordedAt, view.metadata.actor
        ))
      return .continue
    }
    #expect(events.map(\.event) == stored.map(\.event))
    #expect(events.map(\.recordedAt) == stored.map(\.recordedAt))
    #expect(events.map(\.metadata.actor) == stored.map(\.actor))
    #expect(events.map(\.metadata.actor).contains("ana"))
  }

  @Test("given damaged backups, when read, then each error says what is wrong and where")
  func damagedBackups() throws {
    let head = #"{"format":"budget-ledger-backup","version":"1.0","events":"#
    let valid =
      #"{"type":"LedgerCreated","event":{"baseCurrency":"EUR","firstDayOfWeek":1,"fiscalYearStartMonth":1,"name":"Home"},"position":1,"recordedAt":5}"#
    let cases: [(text: String, message: String)] = [
      ("not json", "the file is not JSON"),
      (#"["an array"]"#, "the file is not JSON"),
      (#"{"format":"other","version":"1.0","events":[]}"#, "not a budget-ledger backup"),
      (#"{"format":"budget-ledger-backup","version":"9.9","events":[]}"#, "backup version 9.9 is not supported"),
      (#"{"format":"budget-ledger-backup","version":"1.0"}"#, "the backup has no events list"),
      (head + "[" + valid + #",{"event":{}}]}"#, "event 2 has no type or event"),
      (head + "[" + valid + #",{"type":"LedgerCreated","event":"text"}]}"#, "event 2 has no type or event"),
      (head + "[" + valid + #",7]}"#, "event 2 has no type or event"),
      (
        head + "[" + valid + #",{"type":"LedgerCreated","event":{"name":3}}]}"#,
        "event 2 (LedgerCreated) cannot be read"
      ),
      (head + "[" + valid + #",{"type":"Nonsense","event":{}}]}"#, "event 2 (Nonsense) cannot be read"),
    ]
    for (text, message) in cases {
      let error = #expect(throws: BackupError.self) { try Backup.events(from: Data(text.utf8)) }
      #expect(error?.description.contains(message) == true, "\(text): \(error?.description ?? "no error")")
    }
    let read = try Backup.events(from: Data((head + "[" + valid + "]}").utf8))
    #expect(read.count == 1 && read[0].recordedAt == 5)
  }
}
