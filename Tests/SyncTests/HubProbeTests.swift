import Foundation
import Ledger
import LedgerTesting
import SyncClient
import Testing

@testable import SyncClient

/// The probe a sync with nothing to do asks: it may answer "nothing to do" only when that is
/// so; in every other case it does not know (`nil`), and the full sync runs.
@Suite("Sync: the hub probe", .serialized)
struct HubProbeTests {
  @Test func itKnowsNothingIsNewOnlyWhenTheHubSaysSo() async throws {
    // Given a cloned device at the hub's head
    let world = try await SyncWorld(devices: ["laptop"])
    defer { world.shutDown() }
    _ = try await world.clone("laptop")
    let remote = Remote(name: "origin", url: world.proxy.url, token: world.tokens["laptop"]!)
    let head = try await world.head(of: world.files("laptop").replica)
    // Then the probe says there is nothing to do
    #expect(await HubProbe(remote: remote).hasNothingAfter(head) == true)
    // And does not know when the hub's hash at that position is another
    let other = ChainHead(position: head.position, hash: String(repeating: "0", count: 64))
    #expect(await HubProbe(remote: remote).hasNothingAfter(other) == nil)
    // Nor with a wrong token, nor over https, nor when nothing listens
    #expect(
      await HubProbe(remote: Remote(name: "x", url: world.proxy.url, token: "wrong")).hasNothingAfter(head) == nil)
    let https = world.proxy.url.replacingOccurrences(of: "http://", with: "https://")
    #expect(await HubProbe(remote: Remote(name: "x", url: https, token: remote.token)).hasNothingAfter(head) == nil)
    #expect(
      await HubProbe(remote: Remote(name: "x", url: "http://127.0.0.1:1", token: remote.token)).hasNothingAfter(head)
        == nil)
    // When the hub records an event, the probe no longer says there is nothing to do
    try world.hubAddTransaction(name: "new", amount: "1.00")
    #expect(await HubProbe(remote: remote).hasNothingAfter(head) == nil)
    // And a sync pulls it
    let report = try await world.sync("laptop")
    #expect(report.pulled == 1, "\(report)")
  }

  @Test func anAnswerCutBeforeItsHeadsEndIsNotNothingToDo() async throws {
    // Given a cloned device whose hub's answers are cut after a few bytes
    let world = try await SyncWorld(devices: ["laptop"])
    defer { world.shutDown() }
    _ = try await world.clone("laptop")
    let remote = Remote(name: "origin", url: world.proxy.url, token: world.tokens["laptop"]!)
    let head = try await world.head(of: world.files("laptop").replica)
    world.proxy.choose { _ in .cut(fraction: 0.1) }
    // Then the probe does not know
    #expect(await HubProbe(remote: remote).hasNothingAfter(head) == nil)
  }

  @Test func urlsAreReadOrRefused() {
    let plain = HubProbe.Target(url: "http://hub.local:8080/budget/")
    #expect(plain?.host == "hub.local" && plain?.port == "8080" && plain?.basePath == "/budget")
    let bare = HubProbe.Target(url: "http://10.0.0.2")
    #expect(bare?.port == "80" && bare?.basePath == "" && bare?.hostHeader == "10.0.0.2")
    let six = HubProbe.Target(url: "http://[::1]:9000")
    #expect(six?.host == "::1" && six?.port == "9000" && six?.hostHeader == "[::1]:9000")
    for refused in ["https://hub", "http://", "http://user@hub", "http://hub:0", "http://hub:99999", "ftp://hub"] {
      #expect(HubProbe.Target(url: refused) == nil, "\(refused)")
    }
  }

  @Test func answerHeadsAreRead() {
    let head = "HTTP/1.1 200 OK\r\nX-Sync-Events: 0\r\nx-sync-after-hash:  abc \r\nContent-Length: 0"
    let answer = ProbeAnswer(head)
    #expect(answer?.status == 200 && answer?.events == 0 && answer?.afterHash == "abc")
    #expect(ProbeAnswer("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0") == nil, "no sync headers")
    #expect(ProbeAnswer("garbage") == nil)
  }
}
