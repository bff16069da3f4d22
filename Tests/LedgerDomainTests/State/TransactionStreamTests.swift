import LedgerDomain
import LedgerTesting
import Testing

/// The rules read a transaction back from its own `transaction-<id>` stream, so an event that
/// changes a transaction must be on that stream: one on any other stream would change the
/// state folded in memory and be lost from the state the next process reads.
@Suite struct TransactionStreamTests {
  @Test(
    "given one event of every kind folded in order, and again with every added transaction first, when each is applied, then it changes no transaction but the one whose stream it is on",
    arguments: [false, true])
  func eventsChangeOnlyTheirOwnStreamsTransaction(addsFirst: Bool) {
    // A sample placed before the transaction it changes would change nothing in order: with
    // the added transactions first, every sample finds the transactions there are.
    let adds = EventSamples.all.filter { if case .transactionAdded = $0 { true } else { false } }
    let samples = addsFirst ? adds + EventSamples.all.filter { !adds.contains($0) } : EventSamples.all
    var state = LedgerState()
    var changedSomething = 0
    for event in samples {
      let before = Dictionary(uniqueKeysWithValues: state.transactions.map { ($0.key, $0.value) })
      state.apply(event)
      let after = Dictionary(uniqueKeysWithValues: state.transactions.map { ($0.key, $0.value) })
      let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
      if !changed.isEmpty { changedSomething += 1 }
      let strays = changed.filter { event.stream != $0.stream }
      #expect(
        strays.isEmpty,
        "\(event.typeName) on stream \(event.stream) changed transactions \(strays.map(\.raw)): put one event on each transaction's own stream (a batch of commands), as CONTRIBUTING.md says"
      )
    }
    #expect(changedSomething >= 4, "the samples add, amend, delete and restore a transaction")
  }
}
