import HTTPTypes
import Hummingbird
import NIOCore

/// The web app at `/` and the OpenAPI document at `/api/v1/openapi.yaml`: hand-written HTML,
/// CSS and JavaScript embedded in the binary (no build step, nothing to install).
struct WebRoutes {
  func register(on router: Router<BasicRequestContext>) {
    router.get("/") { _, _ in Self.serve(WebAssets.indexHTML, type: "text/html; charset=utf-8") }
    router.get("assets/:name") { _, context in
      guard let name = context.parameters.get("name"), let asset = WebAssets.files[name] else {
        throw APIError.notFound("no such asset")
      }
      return Self.serve(asset.body, type: asset.contentType)
    }
    router.get("favicon.ico") { _, _ in Response(status: .noContent) }
    router.get("api/v1/openapi.yaml") { _, _ in
      Self.serve(OpenAPIDocument.yaml, type: "application/yaml; charset=utf-8")
    }
  }

  static func serve(_ text: String, type: String) -> Response {
    let headers: HTTPFields = [
      .contentType: type, .cacheControl: "no-cache",
      .contentSecurityPolicy:
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'",
      HTTPField.Name("X-Content-Type-Options")!: "nosniff",
    ]
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
