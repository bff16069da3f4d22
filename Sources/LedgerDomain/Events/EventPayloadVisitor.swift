/// Something done with an event's payload whatever its type, given the payload with its
/// static type by ``LedgerEvent/visit(_:)``.
///
/// A visitor that cannot fail leaves `Failure` as `Never`, and is called without `try`.
public protocol EventPayloadVisitor {
  associatedtype Result
  associatedtype Failure: Error = Never
  func visit<P: EventPayload>(_ payload: P) throws(Failure) -> Result
}
