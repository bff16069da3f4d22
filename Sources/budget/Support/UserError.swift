import BudgetServer
import Interchange
import Ledger
import LedgerDomain
import LedgerWire
import SyncClient

/// A problem the user can fix: printed as `error: <message>` on stderr, exit code 1.
struct UserError: Error, CustomStringConvertible {
  let message: String

  init(_ message: String) { self.message = message }

  var description: String { message }

  /// The user-facing form of `error`, if a user can cause it; `nil` for internal faults.
  static func from(_ error: any Error) -> UserError? {
    switch error {
    case let error as UserError: error
    // Not an error to report: the command is run again (``Budget/main()``).
    case LedgerError.sync(.madeWorkingLedger): nil
    case let error as LedgerError: UserError(error.description)
    case let error as DomainError: UserError(error.description)
    case let error as ResolveError: UserError(error.userMessage)
    case let error as MoneyError: UserError(error.description)
    case let error as DateError: UserError(error.description)
    case let error as OutputFileError: UserError(error.description)
    case let error as SyncError: UserError(error.description)
    case let error as SyncFileError: UserError(error.description)
    case let error as HubError: UserError(error.description)
    case let error as AccessTokenError: UserError(error.description)
    case let error as SessionFileError: UserError(error.description)
    default: LedgerError.fromLog(error).map { UserError($0.description) }
    }
  }
}

/// Runs `body`, turning every error a user can cause into a ``UserError``.
func userFacing<R>(_ body: () async throws -> R) async throws -> R {
  do { return try await body() } catch { throw UserError.from(error) ?? error }
}

/// Synchronous ``userFacing(_:)``.
func userFacing<R>(_ body: () throws -> R) throws -> R {
  do { return try body() } catch { throw UserError.from(error) ?? error }
}
