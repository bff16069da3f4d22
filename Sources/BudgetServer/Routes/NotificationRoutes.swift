import Hummingbird
import Ledger
import LedgerWire

/// `/notifications`: `budget notifications` — what the ledger has to tell its user, as known
/// at `asKnownAt`.
struct NotificationRoutes {
  let api: LedgerAPI

  func register(on group: APIGroup) {
    group.get("notifications") { request, _ in
      try api.requireLedger()
      let time = try QueryParameters(request).time()
      let answer = try api.ledger.budgetNotices(at: time.point)
      return try api.answer(
        Wire.Notifications(answer.value, position: answer.position, ledger: api.ledger), position: answer.position)
    }
  }
}
