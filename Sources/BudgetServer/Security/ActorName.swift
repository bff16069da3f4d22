import Foundation
import LedgerDomain

/// The name an `X-Budget-Actor` header gives, checked before it is recorded forever with the
/// events it writes: printable, at most 64 characters, with no control characters and none of
/// the invisible marks that reorder text on screen (bidi controls), so a name cannot pass for
/// another in `budget history`.
enum ActorName {
  static let maximumLength = 64

  static func validated(_ text: String) throws(APIError) -> String {
    let name = text.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty, name.count <= maximumLength else {
      throw APIError.badRequest(
        "X-Budget-Actor must be 1 to \(maximumLength) characters (got \(name.count))", field: "X-Budget-Actor")
    }
    if let bad = HiddenCharacters.first(in: name) ?? name.unicodeScalars.first(where: { $0 == "\t" || $0 == "\n" }) {
      let code = String(bad.value, radix: 16, uppercase: true)
      throw APIError.badRequest(
        "X-Budget-Actor may not hold control or text-direction characters (found U+\(code))", field: "X-Budget-Actor")
    }
    return name
  }
}
