import Foundation
import NIOConcurrencyHelpers

/// Holds off an address that keeps presenting wrong credentials: after a few, its wrong
/// attempts are refused (429) without a log line for a delay that doubles with each failure,
/// up to a cap; a quiet spell forgets it. It never judges a right credential — the server
/// checks the credential first — so sending wrong tokens from the owner's address, or from the
/// reverse proxy every client shares, cannot lock the owner out.
///
/// A request without any credential is not a guess (the web app's first calls before login),
/// so only wrong tokens, sessions, tickets and login codes count.
package final class AuthThrottle: Sendable {
  /// How many failures are free, and how long the delays grow.
  package struct Policy: Sendable {
    package var freeFailures: Int = 5
    package var firstDelay: Duration = .seconds(1)
    package var maxDelay: Duration = .seconds(60)
    /// A record with no failure for this long is forgotten.
    package var forgetAfter: Duration = .seconds(15 * 60)
    /// Addresses remembered at most (the oldest record goes first).
    package var maxAddresses = 10_000

    package init() {}
  }

  private struct Record {
    var failures = 0
    var blockedUntil = ContinuousClock.Instant.now
    var lastFailure = ContinuousClock.Instant.now
  }

  let policy: Policy
  private let records = NIOLockedValueBox([String: Record]())

  init(policy: Policy = Policy()) { self.policy = policy }

  /// How long `address` must still wait, or nil when it may try now.
  func waitTime(for address: String, now: ContinuousClock.Instant = .now) -> Duration? {
    records.withLockedValue { records in
      guard let record = records[address] else { return nil }
      if now - record.lastFailure > policy.forgetAfter {
        records[address] = nil
        return nil
      }
      return record.blockedUntil > now ? record.blockedUntil - now : nil
    }
  }

  /// Records a wrong credential from `address`; returns the failures in a row and the delay
  /// now imposed (zero while failures are free).
  @discardableResult
  func recordFailure(from address: String, now: ContinuousClock.Instant = .now) -> (failures: Int, delay: Duration) {
    records.withLockedValue { records in
      if records[address] == nil, records.count >= policy.maxAddresses,
        let oldest = records.min(by: { $0.value.lastFailure < $1.value.lastFailure })?.key
      {
        records[oldest] = nil
      }
      var record = records[address] ?? Record()
      if now - record.lastFailure > policy.forgetAfter { record = Record() }
      record.failures += 1
      record.lastFailure = now
      let beyond = record.failures - policy.freeFailures
      var delay = Duration.zero
      if beyond > 0 {
        delay = policy.firstDelay * (1 << min(beyond - 1, 20))
        if delay > policy.maxDelay { delay = policy.maxDelay }
      }
      record.blockedUntil = now + delay
      records[address] = record
      return (record.failures, delay)
    }
  }
}
