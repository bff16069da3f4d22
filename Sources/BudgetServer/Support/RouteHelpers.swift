import Foundation
import Hummingbird

/// The request context every route uses.
typealias Context = ServerContext
/// A group of API routes.
typealias APIGroup = RouterGroup<Context>

extension LedgerAPI {
  /// A path parameter (`:ref`), percent-decoded.
  func parameter(_ context: Context, _ name: String) throws -> String {
    guard let value = context.parameters.get(name) else { throw APIError.badRequest("missing path parameter \(name)") }
    return value.removingPercentEncoding ?? value
  }

  /// A string enum from a body field or parameter, with the allowed values in the error.
  func choice<E: RawRepresentable & CaseIterable>(_ text: String?, _ type: E.Type, field: String) throws -> E?
  where E.RawValue == String {
    guard let text else { return nil }
    guard let value = E(rawValue: text.lowercased()) else {
      let allowed = E.allCases.map(\.rawValue).joined(separator: ", ")
      throw APIError.badRequest("\(field) must be one of \(allowed) (got '\(text)')", field: field)
    }
    return value
  }
}
