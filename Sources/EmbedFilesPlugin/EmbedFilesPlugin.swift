import Foundation
import PackagePlugin

/// Embeds the server's web app (`Web/static`) and `docs/openapi.yaml` into the target as
/// string literals on every build (`embed-files`), so that what `budget serve` sends is always
/// the files in the repository: a new file in `Web/static` is served without a list to add it to.
@main
struct EmbedFilesPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    let web = target.directoryURL.appending(path: "Web/static")
    let files =
      try FileManager.default.contentsOfDirectory(at: web, includingPropertiesForKeys: nil)
      .filter { !$0.lastPathComponent.hasPrefix(".") }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
      + [context.package.directoryURL.appending(path: "docs/openapi.yaml")]
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles+Text.swift")
    return [
      .buildCommand(
        displayName: "Embedding the web app and the OpenAPI document",
        executable: try context.tool(named: "embed-files").url,
        arguments: [output.path, "EmbeddedFiles"] + files.map(\.path),
        inputFiles: files, outputFiles: [output])
    ]
  }
}
