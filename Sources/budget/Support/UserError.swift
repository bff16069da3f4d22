import EventLog
import Ledger
import LedgerDomain
import ProjectionEngine
import RunningBalances

/// A problem the user can fix: printed as `error: <message>` on stderr, exit code 1.
struct UserError: Error, CustomStringConvertible {
  let message: String

  init(_ message: String) { self.message = message }

  var description: String { message }
}

/// Runs `body`, turning every error a user can cause into a ``UserError``.
func userFacing<R>(_ body: () async throws -> R) async throws -> R {
  do {
    return try await body()
  } catch let error as UserError {
    throw error
  } catch let error as LedgerError {
    throw UserError(error.description)
  } catch let error as DomainError {
    throw UserError(error.description)
  } catch let error as EventLogError {
    throw UserError(error.description)
  } catch let error as MoneyError {
    throw UserError(error.description)
  } catch let error as DateError {
    throw UserError(error.description)
  }
}

/// Synchronous ``userFacing(_:)``.
func userFacing<R>(_ body: () throws -> R) throws -> R {
  do {
    return try body()
  } catch let error as UserError {
    throw error
  } catch let error as LedgerError {
    throw UserError(error.description)
  } catch let error as DomainError {
    throw UserError(error.description)
  } catch let error as EventLogError {
    throw UserError(error.description)
  } catch let error as MoneyError {
    throw UserError(error.description)
  } catch let error as DateError {
    throw UserError(error.description)
  }
}
