// Codable forms of the value types, shared by the binary log codec and JSON at the edges.
// Each is written as its canonical text (or, for money, units and currency code), so the
// stored form does not depend on the value types' internal layout.

extension Currency: Codable {
  public init(from decoder: any Decoder) throws {
    self = try Currency(code: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(code)
  }
}

extension Money: Codable {
  private enum CodingKeys: String, CodingKey { case units, currency }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      units: try container.decode(Int64.self, forKey: .units),
      currency: try container.decode(Currency.self, forKey: .currency))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(units, forKey: .units)
    try container.encode(currency, forKey: .currency)
  }
}

extension CivilDate: Codable {
  public init(from decoder: any Decoder) throws {
    self = try CivilDate(parsing: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension YearMonth: Codable {
  public init(from decoder: any Decoder) throws {
    self = try YearMonth(parsing: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension ColorHex: Codable {
  public init(from decoder: any Decoder) throws {
    self = try ColorHex(parsing: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// An untyped id as its string form, as typed ids (``EntityIdentifier``) are: commands that
/// name a new entity before its kind is known (a payment recorded for a schedule) carry one.
extension EntityID: Codable {
  public init(from decoder: any Decoder) throws {
    self = try EntityID(parsing: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
