import Crypto
import Foundation

/// Random secrets and their digests, for sessions, login codes and event-stream tickets.
enum Secrets {
  /// `count` bytes from the system's secure generator, as lowercase hex.
  static func hex(bytes count: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in
      let byte = UInt8.random(in: .min ... .max, using: &generator)
      return (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }.joined()
  }

  /// The letters of a login code: Crockford's base 32 (no I, L, O or U, which are read wrong).
  static let codeAlphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

  /// A login code of 20 letters (100 bits) in groups of four: `7K2Q-…`.
  static func loginCode() -> String {
    var generator = SystemRandomNumberGenerator()
    let letters = (0..<20).map { _ in codeAlphabet[Int.random(in: 0..<32, using: &generator)] }
    return stride(from: 0, to: 20, by: 4).map { String(letters[$0..<$0 + 4]) }.joined(separator: "-")
  }

  /// A login code as typed: dashes and spaces dropped, upper case, and the letters people
  /// confuse read as the digits they stand for.
  static func normalisedCode(_ text: String) -> String {
    String(
      text.uppercased().compactMap { character -> Character? in
        switch character {
        case "-", " ": nil
        case "O": "0"
        case "I", "L": "1"
        default: character
        }
      })
  }

  /// SHA-256 of `text`, as lowercase hex.
  static func digest(_ text: String) -> String {
    SHA256.hash(data: Data(text.utf8)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }
}

extension AccessToken {
  /// A short public name for this token (an HMAC of a fixed label under it): sessions record
  /// it, so that they end when the token is replaced, without keeping the token itself.
  public var fingerprint: String {
    let key = SymmetricKey(data: Data(value.utf8))
    let code = HMAC<SHA256>.authenticationCode(for: Data("budget-ledger session token v1".utf8), using: key)
    return code.prefix(12).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }
}
