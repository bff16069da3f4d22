extension UnsafeMutableBufferPointer where Element: Comparable {
  /// Sorts the elements in place without allocating: an introsort — quicksort with a
  /// median-of-three pivot, insertion sort for short ranges, heapsort where the recursion gets
  /// deep, so never worse than O(n log n).
  ///
  /// It is not stable. A rebuild sorts rows that are all distinct (a key and a position, or
  /// the order they were put in), where that makes no difference; and the standard library's
  /// stable sort allocates a buffer half the size of what it sorts — hundreds of megabytes
  /// of fresh memory for the tables of a million transactions, which the kernel must fault in
  /// and zero.
  ///
  /// `depthLimit` is how many levels of quicksort may run before heapsort finishes a range
  /// (tests lower it to reach the heapsort); by default twice the binary logarithm of the count.
  mutating func introsort(depthLimit: Int? = nil) {
    precondition(depthLimit ?? 0 >= 0, "a negative depth limit would never reach the heapsort")
    guard count > 1 else { return }
    introsort(0, count, depthLimit: depthLimit ?? 2 * (Int.bitWidth - count.leadingZeroBitCount))
  }

  /// Ranges this short or shorter are insertion-sorted.
  private static var shortRange: Int { 16 }

  private mutating func introsort(_ low: Int, _ high: Int, depthLimit: Int) {
    var (low, high, depth) = (low, high, depthLimit)
    while high - low > Self.shortRange {
      if depth == 0 {
        heapsort(low, high)
        return
      }
      depth -= 1
      let split = partition(low, high)
      // Recurse into the smaller side and loop on the larger: the stack stays O(log n) deep.
      if split - low < high - split {
        introsort(low, split, depthLimit: depth)
        low = split
      } else {
        introsort(split, high, depthLimit: depth)
        high = split
      }
    }
    insertionSort(low, high)
  }

  /// Hoare's partition of `low..<high` (at least three elements) around the median of its
  /// first, middle and last: returns `split` with every element of `low..<split` at most the
  /// pivot, every element of `split..<high` at least, and both ranges non-empty.
  private mutating func partition(_ low: Int, _ high: Int) -> Int {
    let middle = low + (high - low) / 2
    if self[middle] < self[low] { swapAt(middle, low) }
    if self[high - 1] < self[middle] {
      swapAt(high - 1, middle)
      if self[middle] < self[low] { swapAt(middle, low) }
    }
    // The first element is at most the pivot and the last at least: the scans below stop
    // there at the latest.
    let pivot = self[middle]
    var (i, j) = (low - 1, high)
    while true {
      repeat { i += 1 } while self[i] < pivot
      repeat { j -= 1 } while pivot < self[j]
      if i >= j { return j + 1 }
      swapAt(i, j)
    }
  }

  private mutating func insertionSort(_ low: Int, _ high: Int) {
    guard high - low > 1 else { return }
    for index in low + 1..<high {
      let element = self[index]
      var hole = index
      while hole > low, element < self[hole - 1] {
        self[hole] = self[hole - 1]
        hole -= 1
      }
      if hole != index { self[hole] = element }
    }
  }

  private mutating func heapsort(_ low: Int, _ high: Int) {
    let count = high - low
    for root in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(root, count, base: low) }
    for end in stride(from: count - 1, to: 0, by: -1) {
      swapAt(low, low + end)
      siftDown(0, end, base: low)
    }
  }

  /// Restores the max-heap property below `root` in the heap of `count` elements at `base`.
  private mutating func siftDown(_ root: Int, _ count: Int, base: Int) {
    var parent = root
    while true {
      var largest = parent
      let left = 2 * parent + 1
      let right = left + 1
      if left < count, self[base + largest] < self[base + left] { largest = left }
      if right < count, self[base + largest] < self[base + right] { largest = right }
      if largest == parent { return }
      swapAt(base + parent, base + largest)
      parent = largest
    }
  }
}
