/// The project's performance targets, checked against a report's cases.
enum Targets {
  /// Case identifiers the targets look up.
  enum CaseID {
    static let single = "append-1-durable"
    static let batch1000 = "append-1000-durable"
    static let group = "group-commit-durable"
    static let scan = "scan-decode"
    static let verify = "verify-chain"
  }

  /// Heap growth the big-log scan may show beyond the small-log scan: allocator noise, well
  /// below one allocation per 1,000 events.
  static let heapToleranceBytes = 4096

  static let singleRatio = 0.9
  static let batchRatio = 0.5
  static let groupFactor = 30.0
  static let scanRate = 5_000_000.0
  static let verifyRate = 1_000_000.0

  /// The median over rounds of group ÷ single events/s, when the two cases ran the same number
  /// of rounds in turn (``Suite/run()``); `nil` otherwise.
  static func pairedFactor(group: Throughput, single: Throughput) -> Double? {
    let pairs = zip(group.roundsEventsPerSecond, single.roundsEventsPerSecond).filter { $0.1 > 0 }
    guard !pairs.isEmpty, group.roundsEventsPerSecond.count == single.roundsEventsPerSecond.count else { return nil }
    return median(pairs.map { $0.0 / $0.1 })
  }
}

extension BenchReport {
  /// Fills ``targets`` and ``allPassed`` from the measured cases.
  mutating func evaluateTargets() {
    func find(_ id: String) -> CaseReport? { cases.first { $0.id == id } }
    var results: [TargetReport] = []

    func ratioTarget(_ id: String, caseID: String, required: Double, commits: Bool, what: String) {
      let requirement = "\(what) ≥ \(required)× raw C \(commits ? "commits/s" : "events/s")"
      guard let measured = find(caseID), let c = measured.c else {
        results.append(
          skipped(id, requirement, required, unit: "× C", why: "needs the \(caseID) case and the C baseline"))
        return
      }
      let swiftRate = commits ? measured.swift.commitsPerSecond ?? 0 : measured.swift.eventsPerSecond
      let cRate = commits ? c.commitsPerSecond ?? 0 : c.eventsPerSecond
      // The median of the rounds' paired ratios (see Suite); the rates shown are each side's median.
      let ratio = measured.ratio ?? (cRate > 0 ? swiftRate / cRate : 0)
      results.append(
        TargetReport(
          id: id, requirement: requirement, measured: ratio, required: required, unit: "× C",
          status: ratio >= required ? .pass : .fail,
          detail:
            "median of per-round ratios; medians: Swift \(Format.rate(swiftRate)) vs C \(Format.rate(cRate)) \(commits ? "commits" : "events")/s"
        ))
    }

    func rateTarget(_ id: String, caseID: String, required: Double, what: String) {
      let requirement = "\(what) ≥ \(Format.rate(required)) events/s"
      guard let measured = find(caseID) else {
        results.append(skipped(id, requirement, required, unit: "events/s", why: "needs the \(caseID) case"))
        return
      }
      let rate = measured.swift.eventsPerSecond
      results.append(
        TargetReport(
          id: id, requirement: requirement, measured: rate, required: required, unit: "events/s",
          status: rate >= required ? .pass : .fail,
          detail: "\(Format.rate(rate)) events/s over \(Format.count(measured.swift.events)) events"))
    }

    ratioTarget(
      "single-durable", caseID: Targets.CaseID.single, required: Targets.singleRatio, commits: true,
      what: "durable single-event append")
    ratioTarget(
      "batch-1000", caseID: Targets.CaseID.batch1000, required: Targets.batchRatio, commits: false,
      what: "durable append of 1,000 events per commit")

    let groupRequirement =
      "group commit, \(settings.groupTasks) concurrent appenders, durable ≥ \(Int(Targets.groupFactor))× durable single-append events/s (Swift vs Swift)"
    if let group = find(Targets.CaseID.group), let single = find(Targets.CaseID.single),
      single.swift.eventsPerSecond > 0
    {
      // As for the Swift ÷ C targets: the median of the rounds' ratios, each round's group
      // run right after its single-append run. The ratio of the two medians is shown too.
      let ofMedians = group.swift.eventsPerSecond / single.swift.eventsPerSecond
      let factor = Targets.pairedFactor(group: group.swift, single: single.swift) ?? ofMedians
      results.append(
        TargetReport(
          id: "group-commit", requirement: groupRequirement, measured: factor, required: Targets.groupFactor,
          unit: "× single", status: factor >= Targets.groupFactor ? .pass : .fail,
          detail:
            "median of per-round ratios; medians: group \(Format.rate(group.swift.eventsPerSecond)) vs single \(Format.rate(single.swift.eventsPerSecond)) events/s (ratio \(Format.fixed(ofMedians, digits: 1))×)"
        ))
    } else {
      results.append(
        skipped(
          "group-commit", groupRequirement, Targets.groupFactor, unit: "× single",
          why: "needs the single and group cases"))
    }

    rateTarget(
      "scan", caseID: Targets.CaseID.scan, required: Targets.scanRate, what: "forward scan with envelope decode")
    rateTarget("verify", caseID: Targets.CaseID.verify, required: Targets.verifyRate, what: "hash-chain verify")

    let heapRequirement =
      "heap while scanning the big log ≤ heap while scanning the small log (+\(Targets.heapToleranceBytes) B)"
    if let scan = heap.first(where: { $0.operation == "scan" }) {
      let excess = scan.big.peakGrowthBytes - scan.small.peakGrowthBytes
      results.append(
        TargetReport(
          id: "scan-heap", requirement: heapRequirement, measured: Double(excess),
          required: Double(Targets.heapToleranceBytes), unit: "bytes more than the small log",
          status: excess <= Targets.heapToleranceBytes ? .pass : .fail,
          detail:
            "peak growth \(Format.bytes(scan.small.peakGrowthBytes)) for \(Format.count(scan.small.events)) events, \(Format.bytes(scan.big.peakGrowthBytes)) for \(Format.count(scan.big.events))"
        ))
    } else {
      results.append(
        skipped(
          "scan-heap", heapRequirement, Double(Targets.heapToleranceBytes), unit: "bytes", why: "needs the heap case"))
    }

    targets = results
    allPassed = !results.contains { $0.status == .fail }
  }

  private func skipped(
    _ id: String, _ requirement: String, _ required: Double, unit: String, why: String
  ) -> TargetReport {
    TargetReport(
      id: id, requirement: requirement, measured: nil, required: required, unit: unit, status: .skipped, detail: why)
  }
}
