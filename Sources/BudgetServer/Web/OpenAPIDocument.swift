/// `docs/openapi.yaml`, embedded by `Tools/embed-web.sh` (a test checks the two are equal).
enum OpenAPIDocument {}
