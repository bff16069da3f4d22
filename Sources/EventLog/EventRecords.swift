/// The log's vocabulary — the recorded event, its metadata, hash and idempotency key — lives in
/// `EventRecords`, which the front ends may import without the log; whoever imports the log
/// sees it too.
@_exported import EventRecords
