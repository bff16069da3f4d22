import LedgerDomain
import Testing

@Suite("Did-you-mean suggestions")
struct NameSuggestionTests {
  @Test("given the default names, when 'Fod' is looked up, then 'Food' is suggested; a far name gets nothing")
  func nearest() {
    let names = ["Food", "Restaurants", "Transport", "Bills"]
    #expect(NameSuggestion.nearest(to: "Fod", among: names) == "Food")
    #expect(NameSuggestion.nearest(to: "restaurnts", among: names) == "Restaurants")
    #expect(NameSuggestion.nearest(to: "Holidays", among: names) == nil)
  }
}
