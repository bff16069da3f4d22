import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The secret that API clients and the web app's login link present: at least 128 bits.
///
/// `budget serve` makes one on its first start (256 random bits as 64 hex digits) and keeps it
/// in a 0600 file beside the ledger, so that scripts and the login link keep working across
/// restarts; `--token-file` or `$BUDGET_TOKEN` give one instead. It is never taken from the
/// command line, where every user of the machine sees it in `ps`.
public struct AccessToken: Sendable, Equatable, CustomStringConvertible {
  /// The token's text (printable ASCII, no spaces).
  public let value: String

  /// The fewest characters accepted: 32 hex digits are 128 bits.
  public static let minimumLength = 32

  /// - Throws: ``AccessTokenError`` when `value` is shorter than ``minimumLength`` or holds
  ///   anything but printable ASCII.
  public init(_ value: String) throws(AccessTokenError) {
    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .notPrintable }
    guard trimmed.utf8.count >= Self.minimumLength else { throw .tooShort(length: trimmed.utf8.count) }
    self.value = trimmed
  }

  /// A new token: 32 bytes from the system's secure generator (`getrandom`), as hex.
  public static func random() -> AccessToken {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let hex = bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    return AccessToken(unchecked: hex)
  }

  private init(unchecked value: String) { self.value = value }

  /// Never prints the secret itself.
  public var description: String { "AccessToken(\(value.utf8.count) characters)" }

  /// Whether `given` is this token (compared in time independent of where they differ).
  public func matches(_ given: some StringProtocol) -> Bool { ConstantTime.equal(given, value) }
}

/// Why a token cannot be used.
public enum AccessTokenError: Error, Sendable, Equatable, CustomStringConvertible {
  case tooShort(length: Int)
  case notPrintable
  /// The token file could not be read or made, or is open to other users.
  case file(path: String, reason: String)

  public var description: String {
    switch self {
    case .tooShort(let length):
      "the access token has \(length) characters; it needs at least \(AccessToken.minimumLength) (128 bits): make one with openssl rand -hex 32"
    case .notPrintable:
      "the access token may only hold printable ASCII characters without spaces: make one with openssl rand -hex 32"
    case .file(let path, let reason):
      "token file \(path): \(reason)"
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
