import BudgetServer
import Foundation
import Ledger
import LedgerTesting
import Testing

/// A client that lost the answer to a `POST` sends it again with the same `Idempotency-Key`
/// (the web app gives every `POST` one): the retry must get the first answer and record
/// nothing. A route that works its change out from the state (a copy, an undo) must look the
/// key up first (`LedgerAPI.replay`), or its retry records a second change. Every `POST` route
/// the router answers is here: sent twice, in an order where each finds what it needs, or
/// named with why it records nothing under the caller's key.
@Suite("Every write answers its retry as the first time")
struct EveryWriteReplaysTests {
  /// One request per recording `POST` route, by the route's template: the path to send and its
  /// body, in the order they are sent, after ``TestServer/seed()``.
  static let writes: [(route: String, path: String, body: String)] = [
    ("/api/v1/accounts", "/api/v1/accounts", #"{"name": "Savings", "type": "savings", "date": "2024-01-01"}"#),
    ("/api/v1/accounts", "/api/v1/accounts", #"{"name": "Card", "type": "credit-card", "date": "2024-01-01"}"#),
    ("/api/v1/accounts/{ref}/opening", "/api/v1/accounts/Card/opening", #"{"balance": "-120"}"#),
    ("/api/v1/accounts/{ref}/role", "/api/v1/accounts/Savings/role", #"{"role": "tracking"}"#),
    ("/api/v1/accounts/{ref}/close", "/api/v1/accounts/Savings/close", #"{"date": "2024-03-01"}"#),
    ("/api/v1/accounts/{ref}/reopen", "/api/v1/accounts/Savings/reopen", #"{"reason": "still used"}"#),
    ("/api/v1/categories", "/api/v1/categories", #"{"name": "Pets", "budgetType": "fixed"}"#),
    ("/api/v1/categories/{ref}/archive", "/api/v1/categories/Pets/archive", "{}"),
    ("/api/v1/categories/{ref}/restore", "/api/v1/categories/Pets/restore", "{}"),
    ("/api/v1/periods", "/api/v1/periods", #"{"name": "Q1", "start": "2024-01-01", "end": "2024-03-15"}"#),
    ("/api/v1/periods/{ref}/close", "/api/v1/periods/Q1/close", "{}"),
    ("/api/v1/periods/{ref}/reopen", "/api/v1/periods/Q1/reopen", #"{"reason": "late receipt"}"#),
    (
      "/api/v1/transactions", "/api/v1/transactions",
      #"{"amount": "9.99", "name": "Music", "category": "Entertainment", "account": "Checking", "date": "2024-03-19"}"#
    ),
    (
      "/api/v1/transfers", "/api/v1/transfers",
      #"{"amount": "100", "from": "Checking", "to": "Savings", "date": "2024-03-15"}"#
    ),
    (
      "/api/v1/budget/{month}/moves", "/api/v1/budget/2024-03/moves", #"{"amount": "50", "from": "Food", "to": "Pets"}"#
    ),
    ("/api/v1/budget/{month}/copy", "/api/v1/budget/2024-04/copy", #"{"from": "2024-03"}"#),
    (
      "/api/v1/schedules", "/api/v1/schedules",
      #"{"name": "Gym", "amount": "30", "category": "Restaurants", "account": "Checking", "every": "monthly", "day": "5", "start": "2024-01-05"}"#
    ),
    ("/api/v1/schedules/{id}/occurrences/{date}/pay", "/api/v1/schedules/Gym/occurrences/2024-01-05/pay", "{}"),
    ("/api/v1/schedules/{id}/occurrences/{date}/unpay", "/api/v1/schedules/Gym/occurrences/2024-01-05/unpay", "{}"),
    (
      "/api/v1/schedules/{id}/occurrences/{date}/skip", "/api/v1/schedules/Gym/occurrences/2024-02-05/skip",
      #"{"reason": "away"}"#
    ),
    ("/api/v1/schedules/{id}/occurrences/{date}/unskip", "/api/v1/schedules/Gym/occurrences/2024-02-05/unskip", "{}"),
    ("/api/v1/schedules/{id}/change", "/api/v1/schedules/Gym/change", #"{"from": "2024-04-01", "amount": "35"}"#),
    ("/api/v1/schedules/{id}/pause", "/api/v1/schedules/Gym/pause", #"{"from": "2024-05-01"}"#),
    ("/api/v1/schedules/{id}/resume", "/api/v1/schedules/Gym/resume", #"{"on": "2024-06-01"}"#),
    ("/api/v1/schedules/{id}/end", "/api/v1/schedules/Gym/end", #"{"after": "2024-12-31"}"#),
    (
      "/api/v1/debts", "/api/v1/debts",
      #"{"name": "Visa", "account": "Card", "apr": "10", "minimum": "25", "dueDay": 15}"#
    ),
    ("/api/v1/debts/{ref}/terms", "/api/v1/debts/Visa/terms", #"{"minimum": "40", "from": "2024-04-01"}"#),
    ("/api/v1/debts/{ref}/interest", "/api/v1/debts/Visa/interest", #"{"month": "2024-03"}"#),
    (
      "/api/v1/goals", "/api/v1/goals",
      #"{"name": "Trip", "target": "1500", "targetDate": "2024-12-31", "account": "Savings", "startDate": "2024-01-01"}"#
    ),
    (
      "/api/v1/goals/{ref}/contributions", "/api/v1/goals/Trip/contributions",
      #"{"amount": "25", "account": "Checking"}"#
    ),
    ("/api/v1/goals/{ref}/withdrawals", "/api/v1/goals/Trip/withdrawals", #"{"amount": "5", "account": "Checking"}"#),
    ("/api/v1/goals/{ref}/complete", "/api/v1/goals/Trip/complete", "{}"),
    ("/api/v1/goals/{ref}/archive", "/api/v1/goals/Trip/archive", "{}"),
    ("/api/v1/transactions/{id}/restore", "", ""),  // filled in with a deleted transaction's id
    ("/api/v1/undo", "/api/v1/undo", "{}"),
    ("/api/v1/redo", "/api/v1/redo", "{}"),
  ]

  /// `POST` routes that record nothing under the caller's `Idempotency-Key`, and why.
  static let exempt: [String: String] = [
    "/api/v1/ledger": "creates the ledger once; a second create is refused, whatever the key",
    "/api/v1/logout": "ends the session; ending it again changes nothing",
    "/api/v1/events/tickets": "mints a short-lived ticket for the event stream; records nothing",
    "/api/v1/devices": "pairs a device and shows its secret once; a retry must not show it again",
    "/api/v1/devices/{name}/revoke": "revoking a revoked device changes nothing",
    "/api/v1/sync/commands": "a device's commands carry their own keys in the body (SyncAPITests)",
    "/api/v1/sync/run": "a device's push and pull, each command under its own key",
    "/api/v1/sync/outbox/{id}/retry": "a device's outbox, on the device; records nothing in the ledger",
    "/api/v1/sync/outbox/{id}/drop": "a device's outbox, on the device; records nothing in the ledger",
    "/api/v1/schedules/post":
      "posts each bill due under a key of its own (its schedule and date): a retry posts nothing and says so (ScheduleAPITests)",
    "/api/v1/import/csv": "each row is recorded under a key of its own; ImportAPITests imports a file twice",
  ]

  @Test("given the router, when its POST routes are listed, then each is sent twice here or named with why not")
  func everyPostIsListed() async throws {
    let posts = Set(
      try await TestServer.routes().filter { $0.method == "POST" && $0.path.hasPrefix("/api/v1/") }.map(\.path))
    #expect(posts.count > 40, "the routes were read: \(posts.count)")
    let listed = Set(Self.writes.map(\.route)).union(Self.exempt.keys)
    #expect(
      posts.subtracting(listed).isEmpty,
      "add \(posts.subtracting(listed).sorted()) to EveryWriteReplaysTests.writes (or, if it records nothing under the caller's key, to exempt)"
    )
    #expect(listed.subtracting(posts).isEmpty, "no longer routes: \(listed.subtracting(posts).sorted())")
  }

  @Test(
    "given a ledger, when every recording POST is sent twice under one key, then the retry answers as the first did and records nothing"
  )
  func everyRetryIsReplayed() async throws {
    try await TestServer.with { server in
      // A month's budget to move from and to copy.
      let budget = try await server.client.send(
        "PUT", "/api/v1/budget/2024-03/categories/Food", json: #"{"amount": "300"}"#)
      #expect(budget.status == 200, "\(budget.text)")
      for (index, write) in Self.writes.enumerated() {
        var (path, body) = (write.path, write.body)
        if write.route == "/api/v1/transactions/{id}/restore" {
          let added = try await server.post(
            "/api/v1/transactions",
            #"{"amount": "3", "name": "Stamp", "category": "Food", "account": "Checking", "date": "2024-03-18"}"#)
          let id = try #require(added.json["id"] as? String)
          #expect(try await server.client.send("DELETE", "/api/v1/transactions/\(id)").status == 200)
          (path, body) = ("/api/v1/transactions/\(id)/restore", "{}")
        }
        let key = ["Idempotency-Key": "replay-\(index)"]
        let first = try await server.post(path, body, headers: key)
        #expect((200..<300).contains(first.status), "\(path): \(first.status) \(first.text)")
        let position = server.ledger.position

        let retry = try await server.post(path, body, headers: key)

        #expect(retry.status == first.status, "\(path): \(retry.status) \(retry.text)")
        #expect(retry.body == first.body, "\(path): \(retry.text), first \(first.text)")
        #expect(retry.header("Idempotent-Replayed") == "true", "\(path)")
        #expect(server.ledger.position == position, "\(path) recorded again")
      }
    }
  }
}
