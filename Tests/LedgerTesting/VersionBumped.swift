import LedgerDomain
import ProjectionEngine

/// `base` with its version raised by one: opening a ledger with it must rebuild the
/// projector by re-projection, as after a schema change. Its rebuild hints are `base`'s.
public struct VersionBumped: TunedProjector {
  public let base: any Projector

  public init(_ base: any Projector) { self.base = base }

  public var name: String { base.name }
  public var version: Int { base.version + 1 }
  public var tables: [TableSpec] { base.tables }
  public var rebuildHints: RebuildHints { RebuildHints(of: base) }

  public func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws {
    try base.apply(event, at: point, into: &store)
  }
}
