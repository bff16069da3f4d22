import Foundation

/// The JSON form of every resource and answer the front ends emit: `budget … --json` and the
/// HTTP API encode these same values, so a field added to one front end is added to both, and
/// `docs/openapi.yaml` describes each (its `WireSchemaTests` compare them).
///
/// Each shape keeps the API's field names: clients depend on them. Money is an exact decimal
/// string and its currency code; ids are their canonical text; names stand in for ids where a
/// person reads them.
public enum Wire {
  /// `milliseconds` since 1970 as an ISO 8601 instant in UTC, e.g. `2024-03-20T09:15:00Z`.
  public static func timestamp(_ milliseconds: Int64) -> String {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000).formatted(.iso8601)
  }
}
