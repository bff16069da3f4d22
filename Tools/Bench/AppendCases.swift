import EventLog

/// What one append run achieved.
struct AppendRun: Sendable {
  var events: Int
  var commits: Int
  var seconds: Double

  var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }
  var commitsPerSecond: Double { seconds > 0 ? Double(commits) / seconds : 0 }
}

/// Where the appending tasks of a Swift run execute.
enum Callers: String, Sendable {
  /// On the log's writer (``EventLog/executor``), as an application that appends in a loop
  /// would run them: no thread is woken between an append and its commit, or after.
  case writer
  /// On Swift's shared pool of threads (no executor preference): each append wakes the
  /// writer's thread, or is picked up by it, and each commit wakes the caller's.
  case pool
}

/// The Swift side of the append cases. Each run opens a fresh log, appends, and closes it;
/// the caller deletes the file.
enum AppendCases {
  /// The map size for a run of `events`, shared with the C baseline.
  static func options(_ durability: Durability, events: Int, headroom: Bool = true) -> EventLog.Options {
    EventLog.Options(
      durability: durability, initialMapSize: Workload.mapSize(forEvents: events), keepsFileHeadroom: headroom)
  }

  /// Appends `count` events, `batch` per call (one commit each, as the calls are sequential),
  /// stopping early once `maxSeconds` have passed.
  ///
  /// The loop builds each batch as a caller would: stream names, `StreamAppend`s, the array of
  /// events (sharing one payload buffer).
  static func sequential(
    path: String, durability: Durability, count: Int, batch: Int, maxSeconds: Double, headroom: Bool,
    callers: Callers = .writer
  ) async throws -> AppendRun {
    let log = try EventLog(path: path, options: options(durability, events: count, headroom: headroom))
    let commitsBefore = log.commitCount
    let clock = Stopwatch()
    let done = try await withTaskExecutorPreference(callers == .writer ? log.executor : nil) {
      var done = 0
      while done < count {
        let size = min(batch, count - done)
        _ = try await log.append(Workload.batch(first: done, count: size))
        done += size
        if clock.seconds >= maxSeconds { break }
      }
      return done
    }
    let seconds = clock.seconds
    return AppendRun(events: done, commits: Int(log.commitCount - commitsBefore), seconds: seconds)
  }

  /// `tasks` concurrent tasks each append `appendsPerTask` single events, one call at a time;
  /// the log's writer group-commits whatever is queued. Returns the events and the commits
  /// they took (events per commit shows how well the batching works).
  static func concurrent(
    path: String, durability: Durability, tasks: Int, appendsPerTask: Int, maxSeconds: Double, headroom: Bool,
    callers: Callers = .writer
  ) async throws -> AppendRun {
    let log = try EventLog(
      path: path, options: options(durability, events: tasks * appendsPerTask, headroom: headroom))
    let commitsBefore = log.commitCount
    let clock = Stopwatch()
    let events = try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<tasks {
        group.addTask(executorPreference: callers == .writer ? log.executor : nil) {
          // Appender `task` owns events task·n ..< (task+1)·n, ten per stream; like any
          // caller, it has its streams' names and its events at hand before it appends.
          let first = task * appendsPerTask
          let firstStream = first / Workload.eventsPerStream
          let lastStream = (first + appendsPerTask - 1) / Workload.eventsPerStream
          let streams = try (firstStream...lastStream).map {
            try Workload.stream(forEvent: $0 * Workload.eventsPerStream)
          }
          let events = [Workload.event]
          var appended = 0
          for k in 0..<appendsPerTask {
            let stream = streams[(first + k) / Workload.eventsPerStream - firstStream]
            _ = try await log.append(events, to: stream, expectedVersion: .any)
            appended += 1
            if clock.seconds >= maxSeconds { break }
          }
          return appended
        }
      }
      return try await group.reduce(0, +)
    }
    let seconds = clock.seconds
    return AppendRun(events: events, commits: Int(log.commitCount - commitsBefore), seconds: seconds)
  }

  /// Writes a log of `count` events quickly (no fsync, 10,000 per commit) for the read cases,
  /// then flushes it to disk.
  static func buildLog(path: String, count: Int) async throws -> AppendRun {
    let log = try EventLog(path: path, options: options(.noSync, events: count))
    let clock = Stopwatch()
    var done = 0
    while done < count {
      let size = min(10_000, count - done)
      _ = try await log.append(Workload.batch(first: done, count: size))
      done += size
    }
    try log.flush()
    return AppendRun(events: done, commits: Int(log.commitCount), seconds: clock.seconds)
  }
}
