import EntityHistory
import EventLog
import LedgerDomain
import LedgerTesting
import Testing

/// Every kind of event says something in a history: one that reads as an empty line (a
/// `default: []` arm that caught a new kind) tells the user nothing about what changed.
@Suite("Projection: every event has history wording")
struct HistoryWordingTests {
  @Test("given one event of every type recorded, when each stream's history is read, then every entry has words")
  func everySampleEventIsWorded() async throws {
    let fixture = try LogFixture()
    var streams: [String] = []
    for event in EventSamples.all {
      try await EntityHistoryTests.given(fixture.log, event)
      if !streams.contains(event.stream) { streams.append(event.stream) }
    }
    let history = EntityHistory(fixture.log)
    var silent: [String] = []
    var entries = 0
    for stream in streams {
      for entry in try history.history(of: stream) {
        entries += 1
        if entry.changes.isEmpty || entry.changes.contains(where: { $0.isEmpty }) {
          silent.append("\(entry.eventType) \(entry.changes)")
        }
      }
    }
    #expect(entries == EventSamples.all.count)
    #expect(silent.isEmpty, "events whose history says nothing: \(silent)")
  }
}
