import Foundation

/// Which names the server answers to, and which pages may write to it.
///
/// A page on another site can make the browser send requests here in two ways: by pointing
/// its own name at 127.0.0.1 (DNS rebinding — the request then carries *its* name in `Host`)
/// and by plain cross-origin requests (they carry its `Origin`). So a request is served only
/// when its `Host` is a loopback name, the bound address, an IP literal (a rebinding attack
/// always needs a DNS name) or a name given with `--allow-host`; and an unsafe one only when
/// its `Origin`, if any, is the very host it was sent to.
public struct HostPolicy: Sendable, Equatable {
  /// Lower-cased names besides the loopback ones (the bound address, `--allow-host` names).
  public private(set) var names: Set<String>

  /// The names every server answers to.
  static let loopbackNames: Set<String> = ["localhost", "127.0.0.1", "::1"]

  /// - Parameters:
  ///   - boundAddress: the address the server listens on; allowed unless it is a wildcard.
  ///   - allowedHosts: further names, e.g. the one a reverse proxy forwards (`budget.example.org`).
  public init(boundAddress: String, allowedHosts: [String] = []) {
    var names = Self.loopbackNames
    let bound = Self.bare(boundAddress.lowercased())
    if bound != "0.0.0.0", bound != "::" { names.insert(bound) }
    for host in allowedHosts { names.insert(Self.bare(host.lowercased())) }
    self.names = names
  }

  /// Whether a request whose `Host` is `authority` ("name", "name:port", "[::1]:port") is for
  /// this server.
  public func allows(authority: String) -> Bool {
    guard let host = Self.hostName(ofAuthority: authority) else { return false }
    return names.contains(host) || Self.isIPLiteral(host)
  }

  /// Whether `origin` (an `Origin` header) is the origin of a page served by this server,
  /// reached as `authority`: same host and port, over http or https. `null` (a sandboxed or
  /// file page) is no origin of ours.
  public func isSameOrigin(_ origin: String, authority: String) -> Bool {
    let lowered = origin.lowercased()
    for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
      let rest = lowered.dropFirst(scheme.count)
      return !rest.contains("/") && rest == authority.lowercased()
    }
    return false
  }

  /// The host of an authority, lower-cased, without port or IPv6 brackets; nil when it is
  /// malformed (empty, a user part, stray brackets, a port that is no number).
  static func hostName(ofAuthority authority: String) -> String? {
    let text = authority.lowercased()
    guard !text.isEmpty, !text.contains("@"), !text.contains("/"), !text.contains(" ") else { return nil }
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return nil }
      let host = String(text[text.index(after: text.startIndex)..<close])
      let rest = text[text.index(after: close)...]
      guard rest.isEmpty || (rest.hasPrefix(":") && isPort(rest.dropFirst())) else { return nil }
      return host.isEmpty ? nil : host
    }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    switch parts.count {
    case 1: return String(parts[0])
    case 2: return parts[0].isEmpty || !isPort(parts[1]) ? nil : String(parts[0])
    default: return nil  // an IPv6 address must be bracketed in Host
    }
  }

  private static func isPort(_ text: Substring) -> Bool {
    !text.isEmpty && text.count <= 5 && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber)
      && Int(text).map { $0 <= 65_535 } == true
  }

  /// `[::1]` → `::1`.
  private static func bare(_ host: String) -> String {
    host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
  }

  /// A dotted IPv4 address or an IPv6 address (as found between brackets).
  static func isIPLiteral(_ host: String) -> Bool {
    let octets = host.split(separator: ".", omittingEmptySubsequences: false)
    if octets.count == 4,
      octets.allSatisfy({
        !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && Int($0)! <= 255
      })
    {
      return true
    }
    return host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
  }
}
