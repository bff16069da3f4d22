/// The web app's files (`Web/static`) and `docs/openapi.yaml` as text, written into the server
/// on every build by the `EmbedFilesPlugin` build plugin (`EmbeddedFiles.embedded`): the
/// binary needs no files beside it, and serves what the repository holds.
enum EmbeddedFiles {}
