import EventLog
import Foundation
import Interchange
import Ledger
import LedgerCodec
import LedgerDomain

/// The fuzz targets: each takes arbitrary bytes and must neither crash nor hang; where a
/// value parses, it must also round-trip. libFuzzer drives them (`Tools/Fuzz/fuzz.sh`), and
/// `ReliabilityTests` replays the committed corpus and crashers through the same functions.
public enum FuzzTargets {
  /// Every target by name, as the script and the regression test call them.
  public static let all: [String: @Sendable ([UInt8]) -> Void] = [
    "event-decoder": eventDecoder,
    "money-date": moneyAndDates,
    "csv-import": csvImport,
    "backup-restore": backupRestore,
  ]

  /// Stored bytes → `EventView` → every field → `RecordedEvent` → the log's decoder
  /// (what `StoredEvent.decode` does: the direct path, else the canonical one), plus the
  /// payload decoded as every known event type.
  public static func eventDecoder(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      guard let view = try? EventView(storedBytes: buffer, key: 1) else { return }
      _ = (
        view.position, view.streamVersion, view.recordedAt, view.schemaVersion, view.stream, view.type, view.metadata,
        view.hash
      )
      let recorded = RecordedEvent(view)
      precondition(recorded.payload.count == view.payload.count)
      _ = try? EventCodec.decode(type: view.type, schemaVersion: view.schemaVersion, payload: view.payload)
    }
    // The payload codec alone, for every event type and schema version.
    for (type, version) in LedgerEvent.catalog {
      for schema in 1...version { _ = try? EventCodec.decode(type: type, schemaVersion: schema, payload: bytes) }
    }
  }

  /// Money and date parsing; what parses must format and parse back to the same value.
  public static func moneyAndDates(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    for separator in DecimalSeparator.allCases {
      if let money = try? Money(parsing: text, currency: .eur, decimalSeparator: separator) {
        for grouping in [false, true] {
          let shown = money.formatted(grouping: grouping, decimalSeparator: separator)
          let again = try? Money(parsing: shown, currency: .eur, decimalSeparator: separator)
          precondition(
            again == money,
            "'\(text)' parsed to \(money.units) units, formatted as '\(shown)', parsed back as \(String(describing: again))"
          )
        }
      }
    }
    for format in [DateFormat.iso, .dayMonthYear, .monthDayYear] {
      if let date = try? CivilDate(parsing: text, format: format) {
        let again = try? CivilDate(parsing: date.description)
        precondition(again == date, "'\(text)' parsed to \(date), which does not parse back")
        _ = try? CivilDate(daysSinceEpoch: date.daysSinceEpoch)
      }
    }
    if let month = try? YearMonth(parsing: text) {
      precondition((try? YearMonth(parsing: month.description)) == month, "'\(text)' → \(month) does not parse back")
    }
  }

  /// The CSV reader and importer with the first byte choosing the mapping: delimiter, date
  /// format, decimal comma, debit / credit columns.
  public static func csvImport(_ bytes: [UInt8]) {
    guard let selector = bytes.first else { return }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    var mapping = CSVMapping()
    mapping.dateFormat = [.iso, .dayMonthYear, .monthDayYear][Int(selector % 3)]
    mapping.decimalSeparator = selector & 4 == 0 ? .period : .comma
    if selector & 8 != 0 {
      mapping.amount = nil
      mapping.debit = "debit"
      mapping.credit = "credit"
    }
    if selector & 16 != 0 { mapping.account = "account" } else { mapping.defaultAccount = "Checking" }
    if selector & 32 != 0 { mapping.defaultCategory = "Food" }
    let reader = CSVReader(delimiter: selector & 64 == 0 ? "," : ";")
    guard let records = try? reader.records(in: text) else { return }
    guard let rows = try? CSVImporter(mapping: mapping).rows(records, state: state) else { return }
    precondition(rows.count == records.count - 1, "\(records.count) records gave \(rows.count) rows")
    precondition(Set(rows.map(\.key)).count == rows.count, "two rows share an idempotency key")
  }

  /// The backup reader and the restorer: a backup that reads is restored into a fresh
  /// ledger, which must then verify.
  public static func backupRestore(_ bytes: [UInt8]) {
    guard let events = try? Backup.events(from: Data(bytes)), !events.isEmpty, events.count <= 500 else { return }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-restore-\(getpid()).ledger").path
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.removeItem(atPath: path + "-lock")
    defer {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: path + "-lock")
    }
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      defer { done.signal() }
      let options = Ledger.Options(log: EventLog.Options(durability: .noSync, initialMapSize: 1 << 20))
      guard let ledger = try? await Ledger(path: path, options: options) else { return }
      do {
        try await ledger.restore(events)
      } catch {
        return  // refused: fine, as long as it did not crash
      }
      let report = try? ledger.verify()
      precondition(report?.isOK ?? false, "a restored backup does not verify: \(report?.problems ?? [])")
    }
    done.wait()
  }

  /// A ledger in EUR with the default categories and a checking account.
  static let state: LedgerState = {
    var state = LedgerState()
    let context = DecisionContext(today: (try? CivilDate(year: 2024, month: 12, day: 31))!)
    let commands: [LedgerCommand] = [
      .createLedger(CreateLedger(name: "Fuzz", baseCurrency: .eur)),
      .openAccount(
        OpenAccount(name: "Checking", type: .checking, date: (try? CivilDate(year: 2015, month: 1, day: 1))!)),
    ]
    for command in commands { state.apply((try? decide(command, state: state, context: context)) ?? []) }
    return state
  }()
}
