import LedgerDomain

extension CSVImportOptions {
  /// The parameters ``init(parameters:)`` reads, named as the `budget import csv` options
  /// are, in camel case (`--date-column` is `dateColumn`).
  public static let parameterNames: Set<String> = [
    "account", "dateColumn", "amountColumn", "debitColumn", "creditColumn", "typeColumn", "noTypeColumn",
    "incomeValues", "expenseValues", "allIncome", "payeeColumn", "categoryColumn", "accountColumn",
    "descriptionColumn", "notesColumn", "tagsColumn", "dateFormat", "decimalComma", "delimiter", "defaultCategory",
    "dryRun", "batchSize",
  ]

  /// Options from named parameters (a request's query), checked as `budget import csv` checks
  /// its options: the same defaults, the same conflicts refused.
  ///
  /// - Throws: ``CSVImportError/invalidOptions(_:)`` naming the parameter at fault.
  public init(parameters: [String: String]) throws(CSVImportError) {
    if let unknown = parameters.keys.filter({ !Self.parameterNames.contains($0) }).sorted().first {
      throw .invalidOptions(
        "unknown parameter '\(unknown.prefix(100))'; the mapping parameters are \(Self.parameterNames.sorted().joined(separator: ", "))"
      )
    }
    func flag(_ name: String) throws(CSVImportError) -> Bool {
      switch parameters[name]?.lowercased() {
      case nil, "false", "0": return false
      case "", "true", "1": return true
      case let other?: throw .invalidOptions("\(name) must be true or false (got '\(other.prefix(100))')")
      }
    }
    func column(_ name: String) throws(CSVImportError) -> String? {
      guard let value = parameters[name] else { return nil }
      guard !value.isEmpty else { throw .invalidOptions("\(name) must name a column") }
      return value
    }
    var mapping = CSVMapping()
    let debit = try column("debitColumn")
    let credit = try column("creditColumn")
    let type = try column("typeColumn")
    let noType = try flag("noTypeColumn")
    let allIncome = try flag("allIncome")
    if type != nil, debit != nil || credit != nil {
      throw .invalidOptions(
        "typeColumn gives the direction of amountColumn; with debitColumn/creditColumn the columns give it")
    }
    if noType, type != nil || parameters["incomeValues"] != nil || parameters["expenseValues"] != nil {
      throw .invalidOptions("noTypeColumn reads no type column; leave out typeColumn, incomeValues and expenseValues")
    }
    if allIncome, type != nil || debit != nil || credit != nil {
      throw .invalidOptions(
        "allIncome is for a file of signed amounts; with typeColumn or debitColumn/creditColumn the file gives each row's direction"
      )
    }
    mapping.date = try column("dateColumn") ?? mapping.date
    let amount = try column("amountColumn") ?? "amount"
    mapping.amount = debit == nil ? amount : nil
    mapping.debit = debit
    mapping.credit = credit
    mapping.type = type
    mapping.detectsType = !noType
    if parameters["incomeValues"] != nil || parameters["expenseValues"] != nil {
      func words(_ list: String?) -> [String]? { list.map { $0.split(separator: ",").map(String.init) } }
      let standard = DirectionWords.standard
      do {
        mapping.directionWords = try DirectionWords(
          income: words(parameters["incomeValues"]) ?? standard.income,
          expense: words(parameters["expenseValues"]) ?? standard.expense)
      } catch {
        throw .invalidOptions("\(error)")
      }
    }
    mapping.payee = try column("payeeColumn") ?? mapping.payee
    mapping.category = try column("categoryColumn") ?? mapping.category
    mapping.account = try column("accountColumn")
    mapping.description = try column("descriptionColumn")
    mapping.notes = try column("notesColumn")
    mapping.tags = try column("tagsColumn")
    mapping.defaultCategory = parameters["defaultCategory"]
    mapping.defaultAccount = parameters["account"]
    mapping.decimalSeparator = try flag("decimalComma") ? .comma : .period
    switch parameters["dateFormat"] ?? "iso" {
    case "iso": mapping.dateFormat = .iso
    case "dmy": mapping.dateFormat = .dayMonthYear
    case "mdy": mapping.dateFormat = .monthDayYear
    case let other: throw .invalidOptions("dateFormat must be iso, dmy or mdy (got '\(other.prefix(100))')")
    }
    self.init(mapping: mapping)
    self.allIncome = allIncome
    dryRun = try flag("dryRun")
    if let text = parameters["delimiter"] {
      guard text.count == 1, let delimiter = text.first, delimiter != "\"", !delimiter.isNewline else {
        throw .invalidOptions("delimiter must be one character (not a quote or a line break)")
      }
      self.delimiter = delimiter
    }
    if let text = parameters["batchSize"] {
      guard let size = Int(text) else {
        throw .invalidOptions("batchSize must be a whole number (got '\(text.prefix(100))')")
      }
      batchSize = size
    }
    try validate()
  }
}
