import Foundation
import LedgerTesting
import Testing

/// Hostile requests against a real `budget serve`: each gets a clear 4xx and changes nothing.
@Suite("Hostile HTTP input", .serialized)
struct HostileHTTPTests {
  struct Attack: Sendable, CustomStringConvertible {
    var name: String
    var bytes: [UInt8]
    /// Acceptable statuses (all 4xx).
    var statuses: ClosedRange<Int> = 400...499
    var description: String { name }
  }

  /// A request with the server's token (`authorized: false` leaves it out), a JSON body's
  /// headers unless `headers` give a `Content-Type`, and `Host: 127.0.0.1` unless they give one.
  static func request(
    _ method: String, _ path: [UInt8], body: [UInt8]? = nil, headers: [String] = [], authorized: Bool = true
  ) -> [UInt8] {
    var head = Array("\(method) ".utf8) + path + Array(" HTTP/1.1\r\nConnection: close\r\n".utf8)
    if !headers.contains(where: { $0.lowercased().hasPrefix("host:") }) { head += Array("Host: 127.0.0.1\r\n".utf8) }
    if authorized { head += Array("Authorization: Bearer \(ServerProcess.token)\r\n".utf8) }
    if let body {
      if !headers.contains(where: { $0.lowercased().hasPrefix("content-type:") }) {
        head += Array("Content-Type: application/json\r\n".utf8)
      }
      head += Array("Content-Length: \(body.count)\r\n".utf8)
    }
    for header in headers { head += Array("\(header)\r\n".utf8) }
    return head + Array("\r\n".utf8) + (body ?? [])
  }

  static func post(_ json: String, to path: String = "/api/v1/transactions") -> [UInt8] {
    request("POST", Array(path.utf8), body: Array(json.utf8))
  }

  static func transaction(
    amount: String = #""12.50""#, date: String = #""2024-06-01""#, name: String = #""Shop""#
  ) -> [UInt8] {
    post(#"{"amount": \#(amount), "name": \#(name), "category": "Food", "account": "Checking", "date": \#(date)}"#)
  }

  static let attacks: [Attack] = [
    // Size and shape
    Attack(
      name: "a 1 MiB body",
      bytes: post(#"{"amount": "1", "name": ""# + String(repeating: "x", count: 1 << 20) + #""}"#), statuses: 413...413),
    Attack(name: "truncated JSON", bytes: post(#"{"amount": "12.50", "name": "#)),
    Attack(name: "JSON that is an array", bytes: post("[1, 2, 3]")),
    Attack(name: "a body that is not JSON at all", bytes: post("amount=12.50&name=Shop")),
    Attack(
      name: "a 100,000-deep nested array",
      bytes: post(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))),
    Attack(name: "amount as a JSON number", bytes: transaction(amount: "12.5")),
    Attack(name: "a missing amount", bytes: post(#"{"name": "Shop", "category": "Food"}"#)),
    Attack(
      name: "a 1 MiB request line",
      bytes: request("GET", Array(("/api/v1/transactions?q=" + String(repeating: "a", count: 1 << 20)).utf8))),
    Attack(
      name: "a 1 MiB header",
      bytes: request(
        "GET", Array("/api/v1/ledger".utf8), headers: ["X-Filler: " + String(repeating: "b", count: 1 << 20)])),
    Attack(name: "a malformed request line", bytes: Array("GARBAGE\r\n\r\n".utf8)),
    Attack(
      name: "a header without a colon", bytes: request("GET", Array("/api/v1/ledger".utf8), headers: ["NoColonHere"])),
    // Encoding
    Attack(
      name: "invalid UTF-8 in a JSON string",
      bytes: request(
        "POST", Array("/api/v1/transactions".utf8),
        body: Array(#"{"amount": "12.50", "name": "#.utf8) + [0x22, 0xFF, 0xFE, 0xC0, 0x22]
          + Array(#", "category": "Food"}"#.utf8))),
    Attack(
      name: "invalid UTF-8 percent-encoded in a path", bytes: request("GET", Array("/api/v1/categories/%FF%FE".utf8))),
    Attack(
      name: "raw invalid UTF-8 bytes in a path",
      bytes: request("GET", Array("/api/v1/categories/".utf8) + [0xFF, 0xC3, 0x28])),
    Attack(name: "a NUL in a name", bytes: transaction(name: #""Sh\u0000op""#)),
    // Paths
    Attack(name: "../ out of the API", bytes: request("GET", Array("/api/v1/../../../../etc/passwd".utf8))),
    Attack(name: "../ out of the web app", bytes: request("GET", Array("/../../../../etc/passwd".utf8))),
    Attack(
      name: "percent-encoded ../ in an entity reference",
      bytes: request("GET", Array("/api/v1/categories/..%2F..%2F..%2Fetc%2Fpasswd".utf8))),
    Attack(
      name: "percent-encoded ../ into the static files",
      bytes: request("GET", Array("/static/..%2F..%2F..%2F..%2Fetc%2Fpasswd".utf8))),
    // Numbers
    Attack(name: "a 30-digit amount", bytes: transaction(amount: #""123456789012345678901234567890""#)),
    Attack(name: "an amount just over Int64 in 1/10,000", bytes: transaction(amount: #""922337203685478""#)),
    Attack(name: "an amount with 5 decimals", bytes: transaction(amount: #""1.00001""#)),
    Attack(name: "an amount in exponent notation", bytes: transaction(amount: #""1e9""#)),
    Attack(name: "NaN", bytes: transaction(amount: #""NaN""#)),
    Attack(name: "a zero amount", bytes: transaction(amount: #""0""#)),
    Attack(name: "a negative zero amount", bytes: transaction(amount: #""-0.00""#)),
    Attack(name: "a negative amount", bytes: transaction(amount: #""-12.50""#)),
    Attack(
      name: "a huge limit parameter",
      bytes: request("GET", Array("/api/v1/transactions?limit=99999999999999999999999".utf8))),
    Attack(name: "a negative offset", bytes: request("GET", Array("/api/v1/transactions?offset=-5".utf8))),
    Attack(
      name: "a huge asKnownAt position",
      bytes: request("GET", Array("/api/v1/reports/balances?asKnownAt=184467440737095516160".utf8))),
    // Dates
    Attack(name: "the year 0", bytes: transaction(date: #""0000-01-01""#)),
    Attack(name: "the year 9999", bytes: transaction(date: #""9999-12-31""#)),
    Attack(name: "a five-digit year", bytes: transaction(date: #""12024-01-01""#)),
    Attack(name: "30 February", bytes: transaction(date: #""2024-02-30""#)),
    Attack(name: "a negative year", bytes: transaction(date: #""-2024-01-01""#)),
    Attack(
      name: "a month 13 budget",
      bytes: request(
        "PUT", Array("/api/v1/budget/2024-13/categories/Food".utf8), body: Array(#"{"amount": "10"}"#.utf8))),
    Attack(
      name: "an asOf in the year 99999", bytes: request("GET", Array("/api/v1/reports/balances?asOf=99999-01-01".utf8))),
    // Concurrency headers
    Attack(
      name: "If-Match that is not a version",
      bytes: request(
        "PATCH", Array("/api/v1/transactions/0000".utf8), body: Array(#"{"name": "x"}"#.utf8),
        headers: ["If-Match: \"banana\""])),
    Attack(
      name: "an Idempotency-Key of 10 KiB",
      bytes: request(
        "POST", Array("/api/v1/transactions".utf8),
        body: Array(#"{"amount": "12.50", "name": "Shop", "category": "Food"}"#.utf8),
        headers: ["Idempotency-Key: " + String(repeating: "k", count: 10_240)])),
    // Other sites' pages and other local users
    Attack(
      name: "a write without the token",
      bytes: request("POST", Array("/api/v1/transactions".utf8), body: Array(Self.shop.utf8), authorized: false)),
    Attack(
      name: "the token in the query of a write",
      bytes: request(
        "POST", Array("/api/v1/transactions?access_token=\(ServerProcess.token)".utf8), body: Array(Self.shop.utf8),
        authorized: false)),
    Attack(
      name: "a text/plain form post from another site",
      bytes: request(
        "POST", Array("/api/v1/transactions".utf8), body: Array(Self.shop.utf8),
        headers: ["Content-Type: text/plain", "Origin: https://evil.example", "Sec-Fetch-Site: cross-site"])),
    Attack(
      name: "a urlencoded post with the token but no JSON type",
      bytes: request(
        "POST", Array("/api/v1/transactions".utf8), body: Array(Self.shop.utf8),
        headers: ["Content-Type: application/x-www-form-urlencoded"])),
    Attack(
      name: "a write from a foreign Origin",
      bytes: request(
        "POST", Array("/api/v1/undo".utf8), body: Array("{}".utf8), headers: ["Origin: https://evil.example"])),
    Attack(
      name: "a rebound DNS name in Host",
      bytes: request("POST", Array("/api/v1/undo".utf8), body: Array("{}".utf8), headers: ["Host: evil.example"])),
    Attack(
      name: "an absolute-form request target",
      bytes: request("POST", Array("http://evil.example/api/v1/undo".utf8), body: Array("{}".utf8))),
  ]

  static let shop = #"{"amount": "12.50", "name": "Shop", "category": "Food"}"#

  @Test(
    "given budget serve on a ledger, when each hostile request is sent (oversized, malformed, invalid UTF-8, .. paths, huge / zero / negative amounts, far past and future dates, missing tokens, other sites' writes, rebound names), then each gets a 4xx with a JSON error, the server stays up, and the head position does not move"
  )
  func hostileRequests() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("hostile.ledger")
    let budget = try BinaryRunner.checkingLedger(at: path)
    let server = try ServerProcess(budget: budget, ledger: path)
    defer { server.stop() }
    let http = server.client
    let head = try http.send("GET", "/api/v1/ledger").json["position"] as? Int
    #expect(head != nil)
    // The control: a valid request does change the ledger (so the head check can fail).
    let valid = try http.sendRaw(Self.transaction())
    #expect(valid.status == 201, "a valid transaction was refused: \(valid.text)")
    let headAfterValid = try http.send("GET", "/api/v1/ledger").json["position"] as? Int
    #expect(headAfterValid == (head ?? 0) + 1)

    for attack in Self.attacks {
      let response: RawResponse
      do {
        response = try http.sendRaw(attack.bytes)
      } catch {
        Issue.record("\(attack): no HTTP answer (\(error))")
        continue
      }
      #expect(
        attack.statuses.contains(response.status), "\(attack): HTTP \(response.status) \(response.text.prefix(200))")
      #expect(!response.text.contains("root:x:0"), "\(attack): leaked /etc/passwd")
      if response.status != 400 || !attack.name.contains("request line") && !attack.name.contains("colon") {
        #expect(
          response.json["message"] is String || response.body.isEmpty,
          "\(attack): not a JSON error: \(response.text.prefix(200))")
      }
      let now = try http.send("GET", "/api/v1/ledger")
      #expect(now.status == 200, "the server is unwell after \(attack)")
      #expect(
        now.json["position"] as? Int == headAfterValid,
        "\(attack) moved the head from \(headAfterValid ?? -1) to \(now.json["position"] ?? "?")")
      if now.json["position"] as? Int != headAfterValid { break }  // later attacks would all report the same move
    }
    server.stop()
    #expect(try budget.verify(deep: true).status == 0)
  }

  @Test(
    "given budget serve, when a transaction is dated in the year 1 or 1800 (valid dates, long before the account was opened), then it is refused with a 422 and the ledger is unchanged"
  )
  func farPastDates() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("past.ledger")
    let budget = try BinaryRunner.checkingLedger(at: path)
    let server = try ServerProcess(budget: budget, ledger: path)
    defer { server.stop() }
    let http = server.client
    for date in ["0001-01-01", "1800-01-01"] {
      let head = try http.send("GET", "/api/v1/ledger").json["position"] as? Int
      let response = try http.sendRaw(Self.transaction(date: "\"\(date)\""))
      // The domain keeps business dates within 1900-01-01...today (docs/domain.md).
      #expect(response.status == 422, "\(date): HTTP \(response.status) \(response.text.prefix(200))")
      #expect(response.text.contains("is before 1900-01-01"))
      #expect(try http.send("GET", "/api/v1/ledger").json["position"] as? Int == head)
    }
  }
}
