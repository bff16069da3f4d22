import EventRecords

/// An idempotency key a client gave (`Idempotency-Key`, or the key of a device's change), as
/// the ledger stores it: after the sender's namespace (``RequestPrincipal/keyNamespace``).
///
/// The program's own keys — `schedule:ID:DATE` for autopay, `csv:…` and `csv-…` for an
/// import's rows, `outbox:…` on a device — never start with `api:` or `device:`, so no key a
/// client sends can be one of them: a device cannot make the hub's autopay skip a bill or an
/// import skip a row, nor take the owner's keys before the owner uses them.
enum ClientKey {
  /// `given` under `namespace`; a key that would then be longer than the ledger allows is
  /// stored by its SHA-256 instead (the same key always gives the same stored key, so a
  /// retry still finds the first answer).
  static func stored(_ given: String, in namespace: String) -> IdempotencyKey? {
    guard !given.isEmpty else { return nil }
    if let key = IdempotencyKey(validating: namespace + given) { return key }
    return IdempotencyKey(validating: namespace + "sha256:" + ChainHash.sha256(Array(given.utf8)).hex)
  }
}
