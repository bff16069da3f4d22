import LedgerDomain
import ProjectionEngine
import Testing

@Suite("Rebuild passes")
struct RebuildPassesTests {
  /// A projector that folds nothing, with a given cost.
  struct Costing: Projector {
    var name: String
    var relativeFoldCost: Int
    var version: Int { 1 }
    var tables: [TableSpec] { [] }
    func apply<Store: ProjectionStore>(_ event: LedgerEvent, at point: LogPoint, into store: inout Store) throws {}
  }

  static func names(_ passes: [[Int]], _ projectors: [Costing]) -> [[String]] {
    passes.map { $0.map { projectors[$0].name } }
  }

  @Test("given costs 1, 3, 1, 1 and two cores, when split into passes, then the costly one folds alone")
  func costlyAlone() {
    let projectors = [
      Costing(name: "balances", relativeFoldCost: 1), Costing(name: "index", relativeFoldCost: 3),
      Costing(name: "totals", relativeFoldCost: 1), Costing(name: "budget", relativeFoldCost: 1),
    ]
    let passes = ProjectionEngine.passes(for: projectors, cores: 2)
    #expect(Self.names(passes, projectors) == [["index"], ["balances", "totals", "budget"]])
  }

  @Test("given one core, then one pass folds every projector; given more cores than projectors, then one pass each")
  func coresBound() {
    let projectors = (0..<3).map { Costing(name: "p\($0)", relativeFoldCost: 1) }
    #expect(ProjectionEngine.passes(for: projectors, cores: 1) == [[0, 1, 2]])
    #expect(ProjectionEngine.passes(for: projectors, cores: 8).sorted { $0[0] < $1[0] } == [[0], [1], [2]])
    #expect(ProjectionEngine.passes(for: [Costing](), cores: 2) == [])
  }
}
