import Dispatch

/// Elements sorted for writing out in a few runs, sorted side by side on as many threads and
/// merged while read: a rebuild sorts millions of rows per table after its fold, and one
/// thread sorting the biggest table was most of the time between the fold and the writes.
/// Each run is sorted by ``UnsafeMutableBufferPointer/wordSort()``, which uses the order the
/// rows were appended in, and not stably: the elements must be distinct, or their order among
/// equals not matter.
struct SortedRuns<Element: WordOrdered>: Sendable where Element: Sendable {
  private(set) var elements: [Element]
  /// The bounds of the runs of `elements`, each sorted on its own.
  private let runs: [Range<Int>]

  /// Sorts `elements` in up to `ways` runs of at least `minimumRun` elements each.
  init(sorting elements: consuming [Element], ways: Int, minimumRun: Int) {
    let count = elements.count
    self.elements = consume elements  // the only reference: sorted in place below
    let runCount = max(1, min(ways, count / max(1, minimumRun)))
    let runs = (0..<runCount).map { run in count * run / runCount..<count * (run + 1) / runCount }
    self.runs = runs
    self.elements.withUnsafeMutableBufferPointer { buffer in
      let shared = UnsafeSendable(buffer)
      // Each iteration sorts a run of its own.
      DispatchQueue.concurrentPerform(iterations: runs.count) { run in
        var part = UnsafeMutableBufferPointer(rebasing: shared.value[runs[run]])
        part.wordSort()
      }
    }
  }

  /// Calls `body` with every element in order (of equal elements, those of earlier runs first).
  func forEach(_ body: (Element) throws -> Void) rethrows {
    if runs.count == 1 { return try elements.forEach(body) }
    try elements.withUnsafeBufferPointer { elements in
      var heads = runs.map(\.lowerBound)
      let ends = runs.map(\.upperBound)
      while true {
        // A handful of runs (one per core): a linear pick of the least head beats a heap.
        var least = -1
        for run in heads.indices where heads[run] < ends[run] {
          if least < 0 || elements[heads[run]] < elements[heads[least]] { least = run }
        }
        guard least >= 0 else { return }
        try body(elements[heads[least]])
        heads[least] += 1
      }
    }
  }
}

/// A value handed to the threads of `concurrentPerform`, each of which touches only its own
/// part of it (disjoint elements or ranges of one buffer): the caller vouches for that.
struct UnsafeSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
