import Synchronization

/// Runs `body` while a ticker sleeps 50 ms at a time, and returns `body`'s value with the
/// longest time a tick woke late: how long the shared concurrency pool was kept busy by other
/// work meanwhile. On a 2-core machine two CPU-bound tests running at once hold the whole pool,
/// and every task of an in-process server waits for them; a bound on how long something took
/// is then only fair with that stall added (`elapsed < expected + stall + margin`).
public func measuringStalls<T>(
  _ body: () async throws -> T
) async rethrows -> (value: T, stall: Duration) {
  let done = Mutex(false)
  let worst = Mutex(Duration.zero)
  let clock = ContinuousClock()
  // From now, not from the ticker's first run: a pool already held delays that run too.
  let started = clock.now
  let ticker = Task {
    let tick = Duration.milliseconds(50)
    var before = started
    while !done.withLock({ $0 }) {
      try? await Task.sleep(for: tick)
      let now = clock.now
      worst.withLock { $0 = max($0, now - before - tick) }
      before = now
    }
  }
  let value: T
  do {
    value = try await body()
  } catch {
    done.withLock { $0 = true }
    await ticker.value
    throw error
  }
  done.withLock { $0 = true }
  await ticker.value
  return (value, worst.withLock { $0 })
}
