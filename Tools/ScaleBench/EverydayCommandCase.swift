/// One everyday command at both sizes, with its bars.
struct EverydayCommandCase: Codable, Sendable {
  var id: String
  var words: String
  var targetMs: Double
  var main: CommandCase
  var small: CommandCase?
  /// median(main) / median(small).
  var growth: Double?
  var maximumGrowth: Double
}
