import LedgerDomain

/// Turns a ``ScheduleBody`` into ``ScheduleTerms``: names resolved like the transaction
/// routes resolve them (422 with a "did you mean"), amounts in the account's currency, and
/// only the fields given applied over the base terms — so a change keeps the rest.
struct ScheduleTermsBuilder {
  let api: LedgerAPI
  let resolver: Resolver

  /// The terms of a new schedule.
  func created(_ body: ScheduleBody) throws -> ScheduleTerms {
    guard let name = body.name else { throw APIError.badRequest("the field 'name' is required", field: "name") }
    guard let amount = body.amount else {
      throw APIError.badRequest("the field 'amount' is required", field: "amount")
    }
    if body.category == nil, body.to == nil, body.splits?.isEmpty ?? true {
      throw APIError.rule(
        "say where the money goes: a category, splits, or 'to' (an account) for a transfer", field: "category")
    }
    let account = try resolver.accountOrOnly(body.account)
    let base = ScheduleTerms(
      name: name, kind: .expense, amount: Money.zero(account.record.currency), account: account.id,
      recurrence: try RecurrenceParser(api: api).recurrence(body, base: nil), reminderDays: 3)
    return try applied(body, to: base, amount: amount)
  }

  /// `base` with every field of `body` given applied (the recurrence too, if any part of it
  /// is given).
  func changed(_ body: ScheduleBody, base: ScheduleTerms) throws -> ScheduleTerms {
    var terms = base
    if let name = body.name { terms.name = name }
    if body.changesRecurrence {
      terms.recurrence = try RecurrenceParser(api: api).recurrence(body, base: base.recurrence)
    }
    return try applied(body, to: terms, amount: body.amount)
  }

  private func applied(_ body: ScheduleBody, to base: ScheduleTerms, amount: String?) throws -> ScheduleTerms {
    var terms = base
    if let account = body.account { terms.account = try resolver.account(account, .body("account")).id }
    let currency = resolver.state.accounts[terms.account]?.currency ?? terms.amount.currency
    if let amount {
      terms.amount = try api.money(amount, currency, positive: true)
    } else if terms.amount.currency != currency {
      terms.amount = Money(units: terms.amount.units, currency: currency)
    }
    if let to = body.to {
      terms.toAccount = try resolver.account(to, .body("to")).id
      terms.kind = .transfer
      terms.category = nil
      terms.splits = []
    }
    if let kind = try api.choice(body.type, ScheduleKind.self, field: "type") {
      terms.kind = kind
      if kind != .transfer { terms.toAccount = nil }
    }
    if let category = body.category {
      terms.category = try resolver.category(category, .body("category"))
      terms.splits = []
    }
    if let splits = body.splits, !splits.isEmpty {
      terms.splits = try splits.enumerated().map { index, part in
        Split(
          category: try resolver.category(part.category, .body("splits[\(index)].category")),
          amount: try api.money(
            part.amount, currency, field: "splits[\(index)].amount", positive: true,
            direction: "each part is positive; the schedule's type gives the direction"), memo: part.memo)
      }
      terms.category = nil
    }
    if let payee = body.payee { terms.payee = payee.isEmpty ? nil : payee }
    if let autopay = body.autopay { terms.autopay = autopay }
    if let reminderDays = body.reminderDays { terms.reminderDays = reminderDays }
    if let estimated = body.estimated { terms.estimated = estimated }
    if let notes = body.notes { terms.notes = notes.isEmpty ? nil : notes }
    return terms
  }
}
