import EventLog
import LedgerDomain

/// What a group of events (one correlation id) is among the user's actions, as its metadata
/// says: undo and redo take back and re-apply whole actions, follow-ups included.
enum ActionRole: Equatable {
  /// A command the user gave (or the first commit of one: an import's batches share its id).
  case command
  /// What a command caused afterwards, in a commit of its own — the bill a new transaction
  /// paid: its correlation id is the command's, and so is its causation id.
  case followUp
  /// An undo (correlation id `undo-…`) of the action whose correlation id is `of`.
  case undo(of: String)
  /// A redo (correlation id `redo-…`) of the undo whose correlation id is `of`.
  case redo(of: String)

  static let undoPrefix = "undo-"
  static let redoPrefix = "redo-"

  /// The role of an event with `metadata`; `nil` for one without a correlation id (recorded
  /// before undo existed: no action reaches back past it).
  init?(_ metadata: EventMetadata) {
    guard let correlation = metadata.correlationId else { return nil }
    if correlation.hasPrefix(Self.undoPrefix) {
      self = .undo(of: metadata.causationId ?? "")
    } else if correlation.hasPrefix(Self.redoPrefix) {
      self = .redo(of: metadata.causationId ?? "")
    } else if metadata.causationId == correlation {
      self = .followUp
    } else {
      self = .command
    }
  }

  /// Whether it is an undo or a redo.
  var isUndoOrRedo: Bool {
    switch self {
    case .undo, .redo: true
    case .command, .followUp: false
    }
  }
}

extension Ledger {
  /// `metadata` for a follow-up of the user action whose events carry the correlation id
  /// `action`: what that action caused afterwards, in a commit of its own (the bills a new
  /// transaction or an import paid). Its events carry the action's correlation id — so that
  /// one undo takes back the action and what followed it — and the same id as their cause,
  /// which marks them as a follow-up (undo then looks further back for the action itself).
  public static func followUp(of action: String, _ metadata: EventMetadata) -> EventMetadata {
    EventMetadata(actor: metadata.actor, correlationId: action, causationId: action)
  }

  /// The correlation id of the command that added transaction `id` (its stream's first
  /// event), if it has one.
  func correlation(ofTransaction id: TransactionID) throws(LedgerError) -> String? {
    do {
      return try log.read(stream: try StreamName(id.stream), limit: 1).first?.metadata.correlationId
    } catch {
      throw LedgerError(error)
    }
  }
}
