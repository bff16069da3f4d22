/// The kinds of command, one per case of ``LedgerCommand``, by the name its sync wire form
/// is keyed with: what a golden test walks to find a command without a frozen sample, and
/// what a device names when it lists the commands waiting in its outbox.
extension LedgerCommand {
  public enum Kind: String, CaseIterable, Sendable, Hashable {
    case createLedger
    case openAccount
    case renameAccount
    case closeAccount
    case reopenAccount
    case changeOpeningBalance
    case setAccountRole
    case createCategory
    case renameCategory
    case moveCategory
    case restyleCategory
    case archiveCategory
    case restoreCategory
    case deleteCategory
    case openPeriod
    case closePeriod
    case reopenPeriod
    case setBudget
    case planIncome
    case moveBudget
    case setDueDate
    case clearDueDate
    case setRollover
    case addTransaction
    case amendTransaction
    case deleteTransaction
    case restoreTransaction
    case makeTransfer
    case cancelTransfer
    case createSchedule
    case changeSchedule
    case withdrawScheduleChange
    case pauseSchedule
    case resumeSchedule
    case endSchedule
    case reinstateSchedule
    case deleteSchedule
    case payOccurrence
    case unpayOccurrence
    case skipOccurrence
    case unskipOccurrence
    case addDebt
    case changeDebtTerms
    case withdrawDebtTerms
    case removeDebt
    case addGoal
    case changeGoal
    case contributeToGoal
    case withdrawFromGoal
    case removeGoalEntry
    case completeGoal
    case archiveGoal
    case reopenGoal
  }

  /// The kind of this command.
  public var kind: Kind {
    switch self {
    case .createLedger: .createLedger
    case .openAccount: .openAccount
    case .renameAccount: .renameAccount
    case .closeAccount: .closeAccount
    case .reopenAccount: .reopenAccount
    case .changeOpeningBalance: .changeOpeningBalance
    case .setAccountRole: .setAccountRole
    case .createCategory: .createCategory
    case .renameCategory: .renameCategory
    case .moveCategory: .moveCategory
    case .restyleCategory: .restyleCategory
    case .archiveCategory: .archiveCategory
    case .restoreCategory: .restoreCategory
    case .deleteCategory: .deleteCategory
    case .openPeriod: .openPeriod
    case .closePeriod: .closePeriod
    case .reopenPeriod: .reopenPeriod
    case .setBudget: .setBudget
    case .planIncome: .planIncome
    case .moveBudget: .moveBudget
    case .setDueDate: .setDueDate
    case .clearDueDate: .clearDueDate
    case .setRollover: .setRollover
    case .addTransaction: .addTransaction
    case .amendTransaction: .amendTransaction
    case .deleteTransaction: .deleteTransaction
    case .restoreTransaction: .restoreTransaction
    case .makeTransfer: .makeTransfer
    case .cancelTransfer: .cancelTransfer
    case .createSchedule: .createSchedule
    case .changeSchedule: .changeSchedule
    case .withdrawScheduleChange: .withdrawScheduleChange
    case .pauseSchedule: .pauseSchedule
    case .resumeSchedule: .resumeSchedule
    case .endSchedule: .endSchedule
    case .reinstateSchedule: .reinstateSchedule
    case .deleteSchedule: .deleteSchedule
    case .payOccurrence: .payOccurrence
    case .unpayOccurrence: .unpayOccurrence
    case .skipOccurrence: .skipOccurrence
    case .unskipOccurrence: .unskipOccurrence
    case .addDebt: .addDebt
    case .changeDebtTerms: .changeDebtTerms
    case .withdrawDebtTerms: .withdrawDebtTerms
    case .removeDebt: .removeDebt
    case .addGoal: .addGoal
    case .changeGoal: .changeGoal
    case .contributeToGoal: .contributeToGoal
    case .withdrawFromGoal: .withdrawFromGoal
    case .removeGoalEntry: .removeGoalEntry
    case .completeGoal: .completeGoal
    case .archiveGoal: .archiveGoal
    case .reopenGoal: .reopenGoal
    }
  }
}
