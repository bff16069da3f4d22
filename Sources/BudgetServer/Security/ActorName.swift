import Foundation

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
    if let bad = name.unicodeScalars.first(where: isForbidden) {
      let code = String(bad.value, radix: 16, uppercase: true)
      throw APIError.badRequest(
        "X-Budget-Actor may not hold control or text-direction characters (found U+\(code))", field: "X-Budget-Actor")
    }
    return name
  }

  private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true  // C0 and C1 controls
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks and controls
    case 0x200B...0x200D, 0x2060, 0xFEFF: true  // zero-width characters
    default: false
    }
  }
}
