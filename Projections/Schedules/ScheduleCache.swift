import LedgerDomain
import Synchronization

/// The schedules read model decoded once and kept while it does not change: every schedule's
/// timeline and every paid or skipped occurrence's row, as of a ``SchedulesProjector`` stamp
/// (the position of the last event that changed its tables). A query reads the stamp as known
/// at its position — one lookup — and, when it is the one kept, answers from memory instead
/// of scanning and decoding the tables again: a server asked for the bills or the forecast
/// many times decodes them once per change.
///
/// One per ledger (``ScheduleQueries`` takes it); it keeps the last model read, whichever
/// position it was read at.
public final class ScheduleCache: Sendable {
  private let kept = Mutex<ScheduleModel?>(nil)

  public init() {}

  func model(stamp: UInt64) -> ScheduleModel? {
    kept.withLock { $0?.stamp == stamp ? $0 : nil }
  }

  func keep(_ model: ScheduleModel) {
    kept.withLock { $0 = model }
  }
}

/// The schedules tables as known at one stamp, decoded.
struct ScheduleModel: Sendable {
  var stamp: UInt64
  /// By name, deleted ones too.
  var schedules: [ScheduleInfo]
  /// Each schedule's paid or skipped occurrences, by nominal date.
  var rows: [ScheduleID: [CivilDate: OccurrenceRow]]
}
