import Foundation
import LedgerTesting
import Testing

/// Ledger, accounts, categories and periods through the API.
@Suite struct EntityAPITests {
  @Test func ledgerSettingsAndCreation() async throws {
    try await TestServer.with(empty: true) { server in
      let before = try await server.get("/api/v1/ledger")
      #expect(before.status == 200)
      #expect(before.json["created"] as? Bool == false)
      // Nothing works before the ledger exists: 409 with the fix in the message.
      let early = try await server.post("/api/v1/accounts", #"{"name": "Checking"}"#)
      #expect(early.status == 409)
      #expect(early.json["code"] as? String == "ledger_not_created")
      let created = try await server.post("/api/v1/ledger", #"{"name": "Home", "currency": "EUR"}"#)
      #expect(created.status == 201)
      #expect((created.json["events"] as? [String])?.first == "LedgerCreated")
      let after = try await server.get("/api/v1/ledger")
      #expect(after.json["name"] as? String == "Home")
      #expect(after.json["currency"] as? String == "EUR")
      let again = try await server.post("/api/v1/ledger", #"{"name": "Other"}"#)
      #expect(again.status == 422)
      #expect((again.json["message"] as? String)?.contains("already set up") == true)
    }
  }

  @Test func accountsOpenRenameCloseWithETags() async throws {
    try await TestServer.with { server in
      let opened = try await server.post(
        "/api/v1/accounts", #"{"name": "Card", "type": "credit-card", "opening": "-250.5", "date": "2024-02-01"}"#)
      #expect(opened.status == 201)
      #expect(opened.header("ETag") == "\"1\"")
      let id = try #require(opened.json["id"] as? String)
      #expect(opened.header("Location") == "/api/v1/accounts/\(id)")
      let shown = try await server.get("/api/v1/accounts/\(id)")
      #expect(shown.status == 200)
      #expect(shown.json["balance"] as? String == "-250.50")
      #expect(shown.json["type"] as? String == "credit-card")
      #expect(shown.header("ETag") == "\"1\"")
      // A mistyped opening balance, corrected.
      let corrected = try await server.post("/api/v1/accounts/\(id)/opening", #"{"balance": "-205.50"}"#)
      #expect(corrected.status == 200 && corrected.json["events"] as? [String] == ["OpeningBalanceChanged"])
      #expect(try await server.get("/api/v1/accounts/Card").json["balance"] as? String == "-205.50")
      let same = try await server.post("/api/v1/accounts/Card/opening", #"{"balance": "-205.50"}"#)
      #expect(same.status == 422)
      let bad = try await server.post("/api/v1/accounts/Card/opening", #"{"balance": "lots"}"#)
      #expect(bad.status == 400 && (bad.json["details"] as? [String: String])?["field"] == "balance")
      #expect(try await server.post("/api/v1/accounts/Card/opening", #"{"balance": "-250.50"}"#).status == 200)
      let stale = try await server.client.send(
        "PATCH", "/api/v1/accounts/Card", json: #"{"name": "Visa"}"#, headers: ["If-Match": "\"1\""])
      #expect(stale.status == 412 && stale.json["code"] as? String == "version_mismatch")
      let renamed = try await server.client.send(
        "PATCH", "/api/v1/accounts/Card", json: #"{"name": "Visa"}"#, headers: ["If-Match": "\"3\""])
      #expect(renamed.status == 200)
      #expect(renamed.header("ETag") == "\"4\"")
      let byName = try await server.get("/api/v1/accounts/visa")
      #expect(byName.json["name"] as? String == "Visa")
      // The card still owes: closing it needs force, and says the balance.
      let owing = try await server.post("/api/v1/accounts/Visa/close", #"{"date": "2024-03-01"}"#)
      #expect(owing.status == 409 && owing.json["code"] as? String == "account_not_empty")
      #expect((owing.json["details"] as? [String: String])?["currency"] == "EUR")
      let closed = try await server.post("/api/v1/accounts/Visa/close", #"{"date": "2024-03-01", "force": true}"#)
      #expect(closed.status == 200)
      let list = try await server.get("/api/v1/accounts")
      let items = try #require(list.json["items"] as? [[String: Any]])
      #expect(items.map { $0["name"] as? String } == ["Checking", "Visa"])
      #expect(items.first?["balance"] as? String == "937.50")
      #expect(items.last?["closed"] as? Bool == true)
      let reopened = try await server.post("/api/v1/accounts/Visa/reopen?reason=mistake", "{}")
      #expect(reopened.status == 200 && reopened.json["events"] as? [String] == ["AccountReopened"])
      #expect(try await server.post("/api/v1/accounts/Visa/reopen", "{}").status == 422)
      #expect(
        try await server.post("/api/v1/accounts/Visa/close", #"{"date": "2024-03-01", "force": true}"#).status == 200)
      // As of a past business date, and as known before the card existed.
      let past = try await server.get("/api/v1/accounts?asOf=2024-03-11")
      #expect((past.json["items"] as? [[String: Any]])?.first?["balance"] as? String == "957.50")
      let known = try await server.get("/api/v1/accounts?asKnownAt=2")
      #expect((known.json["items"] as? [[String: Any]])?.count == 0)
      let missing = try await server.get("/api/v1/accounts/Nowhere")
      #expect(missing.status == 404)
      #expect(missing.json["code"] as? String == "not_found")
    }
  }

  @Test func categoriesLifecycle() async throws {
    try await TestServer.with { server in
      let created = try await server.post(
        "/api/v1/categories", ##"{"name": "Pets", "budgetType": "fixed", "color": "#336699"}"##)
      #expect(created.status == 201)
      let duplicate = try await server.post("/api/v1/categories", #"{"name": "pets"}"#)
      #expect(duplicate.status == 422)
      #expect((duplicate.json["details"] as? [String: String])?["field"] == "name")
      let badType = try await server.post("/api/v1/categories", #"{"name": "X", "budgetType": "weekly"}"#)
      #expect(badType.status == 400)
      let stalePatch = try await server.client.send(
        "PATCH", "/api/v1/categories/Pets", json: #"{"name": "Animals"}"#, headers: ["If-Match": "\"99\""])
      #expect(stalePatch.status == 412)
      let notArchived = try await server.post("/api/v1/categories/Pets/restore", "{}")
      #expect(
        notArchived.status == 422 && (notArchived.json["message"] as? String)?.contains("is not archived") == true)
      let patched = try await server.client.send(
        "PATCH", "/api/v1/categories/Pets", json: #"{"name": "Animals", "icon": "pawprint"}"#,
        headers: ["If-Match": "\"1\""])
      #expect(patched.status == 200)
      let shown = try await server.get("/api/v1/categories/Animals")
      #expect(shown.json["icon"] as? String == "pawprint")
      #expect(shown.json["budgetType"] as? String == "fixed")
      #expect(shown.header("ETag") == "\"3\"")
      // Its transactions are counted (from the category totals), now and as known before.
      let vet = try await server.post(
        "/api/v1/transactions", #"{"amount": "80", "name": "Vet", "category": "Animals", "date": "2024-03-20"}"#)
      #expect(vet.status == 201)
      let addedAt = try #require((vet.json["positions"] as? [Any])?.first as? Int)
      #expect(try await server.get("/api/v1/categories/Animals").json["transactions"] as? Int == 1)
      let before = try await server.get("/api/v1/categories?asKnownAt=\(addedAt - 1)")
      let animals = (before.json["items"] as? [[String: Any]])?.first { $0["name"] as? String == "Animals" }
      #expect(animals?["transactions"] as? Int == 0)
      let food = (before.json["items"] as? [[String: Any]])?.first { $0["name"] as? String == "Food" }
      #expect((food?["transactions"] as? Int ?? 0) > 0)
      let due = try await server.client.send(
        "PUT", "/api/v1/categories/Animals/due-date", json: #"{"date": "2024-03-28"}"#)
      #expect(due.status == 200)
      let rollover = try await server.client.send(
        "PUT", "/api/v1/categories/Animals/rollover", json: #"{"unspent": true, "overspent": true}"#)
      #expect(rollover.status == 200)
      let after = try await server.get("/api/v1/categories/Animals")
      #expect(after.json["dueDate"] as? String == "2024-03-28")
      #expect(after.json["carryOverspent"] as? Bool == true)
      let cleared = try await server.client.send("DELETE", "/api/v1/categories/Animals/due-date")
      #expect(cleared.status == 200)
      #expect(try await server.post("/api/v1/categories/Animals/archive", "{}").status == 200)
      let list = try await server.get("/api/v1/categories")
      #expect((list.json["items"] as? [[String: Any]])?.contains { $0["name"] as? String == "Animals" } == false)
      let all = try await server.get("/api/v1/categories?all=true")
      #expect((all.json["items"] as? [[String: Any]])?.contains { $0["name"] as? String == "Animals" } == true)
      #expect(try await server.post("/api/v1/categories/Animals/restore", "{}").status == 200)
      #expect(
        try await server.client.send("DELETE", "/api/v1/transactions/\(try #require(vet.json["id"] as? String))").status
          == 200)
      #expect(try await server.client.send("DELETE", "/api/v1/categories/Animals").status == 200)
      // Food has transactions: it can only be archived.
      let inUse = try await server.client.send("DELETE", "/api/v1/categories/Food")
      #expect(inUse.status == 422)
      #expect((inUse.json["message"] as? String)?.contains("archive it instead") == true)
    }
  }

  @Test func periodsOpenCloseReopen() async throws {
    try await TestServer.with { server in
      let opened = try await server.post(
        "/api/v1/periods", #"{"name": "Q1", "start": "2024-01-01", "end": "2024-03-15"}"#)
      #expect(opened.status == 201)
      let overlapping = try await server.post("/api/v1/periods", #"{"name": "Other", "start": "2024-03-01"}"#)
      #expect(overlapping.status == 422)
      let closing = try await server.post("/api/v1/periods/Q1/close", "{}")
      #expect(closing.status == 200)
      let closedAt = try #require((closing.json["positions"] as? [Any])?.last as? Int)
      // A transaction in a closed period is refused with the way out in the message.
      let frozen = try await server.post(
        "/api/v1/transactions", #"{"amount": "5", "name": "Late", "category": "Food", "date": "2024-03-01"}"#)
      #expect(frozen.status == 422)
      #expect((frozen.json["message"] as? String)?.contains("reopen") == true)
      let reopen = try await server.post("/api/v1/periods/Q1/reopen", #"{"reason": "late receipt"}"#)
      #expect(reopen.status == 200)
      let list = try await server.get("/api/v1/periods")
      let items = try #require(list.json["items"] as? [[String: Any]])
      #expect(items.first?["closed"] as? Bool == false)
      let shown = try await server.get("/api/v1/periods/Q1")
      #expect(shown.header("ETag") == "\"3\"")
      // As known before the close, at the close, and now (read from the periods' own streams).
      let before = try await server.get("/api/v1/periods?asKnownAt=\(closedAt - 1)")
      #expect((before.json["items"] as? [[String: Any]])?.first?["closed"] as? Bool == false)
      let atClose = try await server.get("/api/v1/periods/Q1?asKnownAt=\(closedAt)")
      #expect(atClose.json["closed"] as? Bool == true && atClose.header("ETag") == "\"2\"")
      let missingReason = try await server.post("/api/v1/periods/Q1/reopen", "{}")
      #expect(missingReason.status == 400)
      #expect((missingReason.json["details"] as? [String: String])?["field"] == "reason")
    }
  }
}
