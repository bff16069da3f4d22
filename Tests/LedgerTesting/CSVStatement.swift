/// Bank statements as CSV, for import tests: `rows` expenses from the checking account, one
/// a day from 2024-01-01 on (in a year's first 28 days of each month), each a distinct amount.
public enum CSVStatement {
  /// The header and `rows` rows of `date,amount,payee,category,account`.
  public static func expenses(_ rows: Int, payee: String = "Market", category: String = "Food") -> String {
    var text = "date,amount,payee,category,account\n"
    for index in 0..<rows {
      let month = 1 + (index / 28) % 3
      let day = 1 + index % 28
      let date = "2024-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
      text += "\(date),-\(1 + index / 100).\(String(format2: index % 100)),\(payee) \(index),\(category),Checking\n"
    }
    return text
  }
}

extension String {
  /// `value` with at least two digits.
  fileprivate init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
