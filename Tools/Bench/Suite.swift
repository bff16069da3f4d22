import EventLog
import Foundation

/// Runs the selected cases — Swift and the C baseline side by side, same records, same batch
/// sizes, same sync flags — and collects the report.
///
/// Each append case runs ``BenchOptions/rounds`` times on fresh files, alternating which side
/// goes first; the median round of each side is reported, and the ratio is the median of the
/// rounds' Swift ÷ C ratios. The single append and the group commit take turns round by round,
/// and the group factor is likewise the median of the rounds' ratios. Read cases run on one log written by the Swift
/// side, which the C baseline reads too (and must agree with: same count, same checksum).
struct Suite {
  let options: BenchOptions
  let baseline: BaselineRunner
  let scratch: ScratchDirectory
  var report: BenchReport

  /// Runs every selected case in a fixed order. The single-event append and the group commit,
  /// which is compared with it, run round by round in turn — single, group, single, group —
  /// so that each round's ratio compares runs made a few seconds apart, as Swift and C are.
  mutating func run() async throws {
    let selected = options.cases
    if !selected.isDisjoint(with: [.single, .group]) {
      try await singleAndGroup(callers: .writer, single: selected.contains(.single), group: selected.contains(.group))
    }
    if selected.contains(.pool) { try await singleAndGroup(callers: .pool, single: true, group: true) }
    if selected.contains(.batch) {
      for (batch, commits) in [(100, 300), (1_000, 100), (10_000, 30)] {
        report.cases.append(
          try await appendCase(
            id: "append-\(batch)-durable", title: "append \(Format.count(batch)) events/commit, durable",
            durability: .durable, batch: batch, count: batch * commits))
      }
      report.cases.append(
        try await appendCase(
          id: "append-1000-nosync", title: "append 1,000 events/commit, noSync (CPU)", durability: .noSync,
          batch: 1_000, count: 200_000))
    }
    if !selected.isDisjoint(with: [.scan, .verify, .heap]) { try await readCases() }
  }

  // MARK: Appends

  /// The single-event append and the group commit, round by round in turn, with the Swift
  /// side's tasks running on `callers`.
  private mutating func singleAndGroup(callers: Callers, single: Bool, group: Bool) async throws {
    let spec = Self.single(options, callers: callers)
    var singleRuns: [(swift: AppendRun, c: AppendRun?)] = []
    var groupRuns: [(swift: AppendRun, c: AppendRun?)] = []
    for round in 0..<options.rounds {
      if single { singleRuns.append(try await appendRound(spec, round: round)) }
      if group { groupRuns.append(try await groupRound(round, callers: callers)) }
    }
    if single { report.cases.append(appendReport(spec, singleRuns)) }
    if group { report.cases.append(groupReport(groupRuns, callers: callers)) }
  }

  /// How a case's id says where its Swift tasks ran; the targets read the writer's cases.
  private static func idSuffix(_ callers: Callers) -> String { callers == .writer ? "" : "-pool" }

  /// The note under a case whose Swift tasks ran on the shared pool.
  private static let poolNote =
    "Swift's appending tasks on the shared pool (no executor preference), for comparison: no target"

  /// What an append case writes.
  struct AppendSpec {
    var id: String
    var title: String
    var durability: Durability
    var batch: Int
    var count: Int
    var callers = Callers.writer
  }

  static func single(_ options: BenchOptions, callers: Callers = .writer) -> AppendSpec {
    AppendSpec(
      id: Targets.CaseID.single + idSuffix(callers),
      title: callers == .writer ? "append 1 event/commit, durable" : "append 1/commit, durable, pool",
      durability: .durable, batch: 1, count: options.durableCommits, callers: callers)
  }

  private func appendCase(
    id: String, title: String, durability: Durability, batch: Int, count: Int
  ) async throws -> CaseReport {
    let spec = AppendSpec(id: id, title: title, durability: durability, batch: batch, count: count)
    var runs: [(swift: AppendRun, c: AppendRun?)] = []
    for round in 0..<options.rounds { runs.append(try await appendRound(spec, round: round)) }
    return appendReport(spec, runs)
  }

  /// One round of a case on fresh files: the Swift run and the C run, the side that goes
  /// first alternating from round to round.
  private func pairedRound(
    id: String, title: String, round: Int, c: (String) throws(BenchError) -> BaselineResult?,
    swift: (String) async throws -> AppendRun
  ) async throws -> (swift: AppendRun, c: AppendRun?) {
    progress("\(title): round \(round + 1) of \(options.rounds)")
    let swiftPath = scratch.ledger("swift-\(id)-\(round)")
    let cPath = scratch.ledger("c-\(id)-\(round)")
    defer {
      scratch.remove(ledger: swiftPath)
      scratch.remove(ledger: cPath)
    }
    func run(_ result: BaselineResult?) -> AppendRun? {
      result.map { AppendRun(events: $0.count ?? 0, commits: $0.commits ?? 0, seconds: $0.seconds ?? 0) }
    }
    let cFirst = round % 2 == 0 ? run(try c(cPath)) : nil
    let swiftRun = try await swift(swiftPath)
    let cRun = round % 2 == 1 ? run(try c(cPath)) : cFirst
    return (swiftRun, cRun)
  }

  private func appendRound(_ spec: AppendSpec, round: Int) async throws -> (swift: AppendRun, c: AppendRun?) {
    try await pairedRound(
      id: spec.id, title: spec.title, round: round,
      c: { path throws(BenchError) in
        try baseline.append(
          path: path, count: spec.count, batch: spec.batch, durability: Self.cName(spec.durability),
          mapSize: Workload.mapSize(forEvents: spec.count), maxSeconds: options.maxSeconds)
      },
      swift: { path in
        try await AppendCases.sequential(
          path: path, durability: spec.durability, count: spec.count, batch: spec.batch,
          maxSeconds: options.maxSeconds, headroom: options.fileHeadroom, callers: spec.callers)
      })
  }

  private func appendReport(_ spec: AppendSpec, _ runs: [(swift: AppendRun, c: AppendRun?)]) -> CaseReport {
    let swiftRuns = runs.map(\.swift)
    let cRuns = runs.compactMap(\.c)
    let swift = Self.throughput(swiftRuns)
    let c = cRuns.isEmpty ? nil : Self.throughput(cRuns)
    var entry = CaseReport(
      id: spec.id, title: spec.title, durability: Self.cName(spec.durability), swift: swift, c: c,
      ratio: Self.pairedRatio(swiftRuns, cRuns))
    if spec.callers == .pool { entry.notes.append(Self.poolNote) }
    if let c, swift.eventsPerSecond > 0, c.eventsPerSecond > 0 {
      let perEvent = (1 / swift.eventsPerSecond - 1 / c.eventsPerSecond) * 1e6
      let comparison = perEvent >= 0 ? "more" : "less"
      var note = "Swift takes \(Format.fixed(abs(perEvent), digits: 2)) µs \(comparison) per event than C"
      if spec.batch > 1 { note += " (\(Format.fixed(abs(perEvent) * Double(spec.batch), digits: 0)) µs per commit)" }
      entry.notes.append(note)
    }
    if swift.events < spec.count {
      entry.notes.append(
        "stopped by --max-seconds after \(Format.count(swift.events)) of \(Format.count(spec.count)) events")
    }
    return entry
  }

  /// Swift: `tasks` concurrent tasks appending single events (group-committed by the writer).
  /// C: the ideal group commit of the same events — every commit holds one event of each
  /// appender — which bounds what any group commit can reach on this disk.
  private func groupRound(_ round: Int, callers: Callers) async throws -> (swift: AppendRun, c: AppendRun?) {
    let tasks = options.groupTasks
    let count = tasks * options.groupAppendsPerTask
    return try await pairedRound(
      id: "group" + Self.idSuffix(callers), title: "group commit, \(tasks) tasks" + (callers == .pool ? ", pool" : ""),
      round: round,
      c: { path throws(BenchError) in
        try baseline.group(
          path: path, count: count, tasks: tasks, mapSize: Workload.mapSize(forEvents: count),
          maxSeconds: options.maxSeconds)
      },
      swift: { path in
        try await AppendCases.concurrent(
          path: path, durability: .durable, tasks: tasks, appendsPerTask: options.groupAppendsPerTask,
          maxSeconds: options.maxSeconds, headroom: options.fileHeadroom, callers: callers)
      })
  }

  private func groupReport(_ runs: [(swift: AppendRun, c: AppendRun?)], callers: Callers) -> CaseReport {
    let tasks = options.groupTasks
    let swiftRuns = runs.map(\.swift)
    let cRuns = runs.compactMap(\.c)
    let swift = Self.throughput(swiftRuns)
    let c = cRuns.isEmpty ? nil : Self.throughput(cRuns)
    var entry = CaseReport(
      id: Targets.CaseID.group + Self.idSuffix(callers),
      title: callers == .writer
        ? "group commit, \(tasks) tasks × 1 event, durable" : "group commit, \(tasks) tasks, durable, pool",
      durability: "durable",
      swift: swift, c: c, ratio: Self.pairedRatio(swiftRuns, cRuns))
    if callers == .pool { entry.notes.append(Self.poolNote) }
    if let commits = swift.commits, commits > 0 {
      entry.notes.append(
        "Swift: \(Format.fixed(Double(swift.events) / Double(commits), digits: 1)) events per commit on average "
          + "(\(Format.count(commits)) commits); C: the ideal group commit, \(tasks) events per commit")
    }
    if let single = report.cases.first(where: { $0.id == Targets.CaseID.single + Self.idSuffix(callers) }) {
      var factors =
        "vs the single-event durable append: Swift \(Format.fixed(swift.eventsPerSecond / single.swift.eventsPerSecond, digits: 1))×"
      if let c, let cSingle = single.c {
        factors += ", C \(Format.fixed(c.eventsPerSecond / cSingle.eventsPerSecond, digits: 1))×"
      }
      factors += " (ratios of the medians)"
      if let paired = Targets.pairedFactor(group: swift, single: single.swift) {
        factors +=
          "; median of the rounds' ratios, each round's group after its single append: Swift \(Format.fixed(paired, digits: 1))×"
      }
      entry.notes.append(factors)
    }
    return entry
  }

  // MARK: Reads

  private mutating func readCases() async throws {
    let bigPath = scratch.ledger("big")
    defer { scratch.remove(ledger: bigPath) }
    let bigCount = options.bigLogEvents
    progress("writing the big log: \(Format.count(bigCount)) events")
    let built = try await AppendCases.buildLog(path: bigPath, count: bigCount)
    report.notes.append(
      "big log: \(Format.count(built.events)) events written by Swift (noSync, 10,000/commit) at "
        + "\(Format.rate(built.eventsPerSecond)) events/s; \(Format.count(fileSize(bigPath) >> 20)) MiB")
    let mapSize = Workload.mapSize(forEvents: bigCount)

    var bigHeap: (scan: HeapMeasurement, verify: HeapMeasurement)?
    do {
      let log = try EventLog(path: bigPath, options: AppendCases.options(.noSync, events: bigCount))
      if options.cases.contains(.scan) {
        report.cases.append(try readCase(log: log, path: bigPath, mapSize: mapSize, verify: false))
      }
      if options.cases.contains(.verify) {
        report.cases.append(try readCase(log: log, path: bigPath, mapSize: mapSize, verify: true))
      }
      if options.cases.contains(.heap) && !HeapProbe.isAvailable {
        report.notes.append("heap not measured: glibc mallinfo2 is not available")
      } else if options.cases.contains(.heap) {
        progress("heap while reading the big log")
        bigHeap = try Self.heap(of: log)
      }
    }
    guard let bigHeap else { return }

    let smallPath = scratch.ledger("small")
    defer { scratch.remove(ledger: smallPath) }
    progress("heap while reading the small log (\(Format.count(options.smallLogEvents)) events)")
    _ = try await AppendCases.buildLog(path: smallPath, count: options.smallLogEvents)
    let small = try Self.heap(
      of: EventLog(path: smallPath, options: AppendCases.options(.noSync, events: options.smallLogEvents)))
    report.heap.append(HeapReport(operation: "scan", small: small.scan, big: bigHeap.scan))
    report.heap.append(HeapReport(operation: "verify", small: small.verify, big: bigHeap.verify))
  }

  /// Times the Swift scan or verify of `log` and the C one of the same file.
  private func readCase(log: EventLog, path: String, mapSize: Int, verify: Bool) throws -> CaseReport {
    let title = verify ? "verify hash chain" : "forward scan + envelope decode"
    progress("\(title): \(options.rounds) rounds")
    var runs: [ReadRun] = []
    for _ in 0..<options.rounds {
      runs.append(verify ? try ReadCases.verify(log) : try ReadCases.scan(log))
    }
    let swift = Self.throughput(
      runs.map { AppendRun(events: $0.events, commits: 0, seconds: $0.seconds) }, commits: false)
    let c = try baseline.read(path: path, verify: verify, mapSize: mapSize, repeat: options.rounds)
    var entry = CaseReport(
      id: verify ? Targets.CaseID.verify : Targets.CaseID.scan, title: title, swift: swift, c: nil)
    if let c, c.unsupported == nil, let events = c.count, let seconds = c.seconds, seconds > 0 {
      let cThroughput = Throughput(
        events: events, seconds: seconds, eventsPerSecond: Double(events) / seconds, roundsEventsPerSecond: [])
      entry.c = cThroughput
      entry.ratio = swift.eventsPerSecond / cThroughput.eventsPerSecond
      if events != swift.events { entry.notes.append("⚠ C saw \(events) events, Swift \(swift.events)") }
      if !verify, let sum = c.checksum, UInt64(sum) != runs.first?.checksum {
        entry.notes.append("⚠ checksum differs: C \(sum), Swift \(runs.first?.checksum ?? 0)")
      }
      if verify, c.intact != true { entry.notes.append("⚠ the C baseline found the chain broken") }
    } else if let reason = c?.unsupported {
      entry.notes.append("C verify not run: \(reason)")
    }
    if verify, runs.contains(where: { !$0.intact }) { entry.notes.append("⚠ Swift verify found the chain broken") }
    return entry
  }

  /// Heap growth of one scan and one verify of `log`, after a warm-up scan so that one-time
  /// allocations (runtime metadata, reader slot) are not counted.
  private static func heap(of log: EventLog) throws -> (scan: HeapMeasurement, verify: HeapMeasurement) {
    _ = try ReadCases.scan(log)
    return (try ReadCases.scanHeap(log), try ReadCases.verifyHeap(log))
  }

  // MARK: Helpers

  private static func throughput(_ runs: [AppendRun], commits: Bool = true) -> Throughput {
    let sorted = runs.sorted { $0.eventsPerSecond < $1.eventsPerSecond }
    let middle = sorted.isEmpty ? AppendRun(events: 0, commits: 0, seconds: 0) : sorted[sorted.count / 2]
    return Throughput(
      events: middle.events, commits: commits ? middle.commits : nil, seconds: middle.seconds,
      eventsPerSecond: middle.eventsPerSecond, commitsPerSecond: commits ? middle.commitsPerSecond : nil,
      roundsEventsPerSecond: runs.map(\.eventsPerSecond))
  }

  /// The median over rounds of Swift ÷ C, each round's two runs taken back to back: robust
  /// to the disk and the machine getting faster or slower between rounds.
  private static func pairedRatio(_ swift: [AppendRun], _ c: [AppendRun]) -> Double? {
    guard !c.isEmpty, swift.count == c.count else { return nil }
    return median(zip(swift, c).compactMap { $1.eventsPerSecond > 0 ? $0.eventsPerSecond / $1.eventsPerSecond : nil })
  }

  private static func cName(_ durability: Durability) -> String {
    switch durability {
    case .durable: "durable"
    case .noMetaSync: "nometasync"
    case .noSync: "nosync"
    }
  }

  private func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
  }

  private func progress(_ message: String) {
    FileHandle.standardError.write(Data("• \(message)\n".utf8))
  }
}
