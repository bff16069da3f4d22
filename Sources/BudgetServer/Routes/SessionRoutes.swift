import Foundation
import HTTPTypes
import Hummingbird
import Ledger
import LedgerWire
import NIOCore

/// `/sessions`, `/logout` and `/events/tickets`: the owner's view of the web app's logins
/// (list, end one, end this one) and the short-lived tickets an `EventSource` opens its
/// stream with. Devices manage none of these.
struct SessionRoutes {
  let sessions: SessionStore
  let tickets: EventTickets

  func register(on group: APIGroup) {
    group.get("sessions") { _, _ in
      try RequestPrincipal.requireOwner("sees and ends web sessions")
      let items = try stored().map { Wire.Session($0, current: $0.id == RequestPrincipal.session?.id) }
      return try JSONCoding.response(SessionListDTO(items: items))
    }
    group.delete("sessions/:id") { _, context in
      try RequestPrincipal.requireOwner("sees and ends web sessions")
      let id = context.parameters.get("id") ?? ""
      guard try end([id]).contains(id) else {
        let known = try stored().map(\.id)
        throw APIError.notFound(
          "no session '\(id)'" + (known.isEmpty ? "" : " — sessions: \(known.joined(separator: ", "))"))
      }
      return loggedOut(id == RequestPrincipal.session?.id, port: context.localPort)
    }
    group.post("logout") { _, context in
      guard let session = RequestPrincipal.session else {
        throw APIError(
          .badRequest, code: "not_a_session",
          "only a web session logs out; a token stops working when it is replaced (delete its file and start budget serve again)"
        )
      }
      try end([session.id])
      return loggedOut(true, port: context.localPort)
    }
    group.post("events/tickets") { _, _ in
      let ticket = tickets.issue(
        to: EventTickets.Holder(
          principal: RequestPrincipal.current, device: RequestPrincipal.device, session: RequestPrincipal.session))
      return try JSONCoding.response(
        EventTicketDTO(ticket: ticket, expiresInSeconds: Int(tickets.lifetime.components.seconds)), status: .created)
    }
  }

  private func stored() throws -> [WebSession] {
    do { return try sessions.list() } catch {
      throw APIError(.internalServerError, code: "sessions_unavailable", error.description)
    }
  }

  @discardableResult
  private func end(_ ids: [String]) throws -> [String] {
    do { return try sessions.logout(ids) } catch {
      throw APIError(.internalServerError, code: "sessions_unavailable", error.description)
    }
  }

  /// 204; ending the request's own session also makes the browser forget its cookie.
  private func loggedOut(_ own: Bool, port: Int?) -> Response {
    var headers = HTTPFields()
    if own { headers[.setCookie] = SessionCookie.clear(port: port) }
    return Response(status: .noContent, headers: headers)
  }
}

/// `GET /sessions`.
struct SessionListDTO: Encodable {
  var items: [Wire.Session]
}

/// `POST /events/tickets`.
struct EventTicketDTO: Encodable {
  var ticket: String
  var expiresInSeconds: Int
}
