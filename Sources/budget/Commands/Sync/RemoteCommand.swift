import ArgumentParser
import Foundation
import Ledger

/// `budget remote add|list|set-url|remove`: the hubs a device syncs with.
struct RemoteCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remote", abstract: "The hubs this device syncs with: add, list, set-url, remove.",
    subcommands: [Add.self, List.self, SetURL.self, Remove.self])

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Remember a hub and this device's token for it (stored 0600 beside the ledger).")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "A name for the hub, e.g. home.") var name: String
    @Argument(help: "The hub's URL, e.g. https://budget.example.org.") var url: String
    @Option(help: "Read the device's token from this file (0600); without it, it is asked for.") var tokenFile: String?

    func run() async throws {
      let path = try options.resolvedPath()
      let token = try LedgerOptions.deviceToken(from: tokenFile)
      try userFacing { try RemoteList(files: SyncFiles(ledger: path)).add(Remote(name: name, url: url, token: token)) }
      print("added remote '\(name)' (\(url))")
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the hubs (never their tokens).")
    @OptionGroup var options: LedgerOptions

    func run() async throws {
      let remotes = try userFacing { try RemoteList(files: SyncFiles(ledger: try options.resolvedPath())).remotes() }
      if options.json {
        try Console.json(remotes.map { ["name": $0.name, "url": $0.url] })
        return
      }
      guard !remotes.isEmpty else {
        print("no remotes; add one with: budget remote add NAME URL --token-file FILE")
        return
      }
      for remote in remotes { print("\(remote.name)\t\(remote.url)") }
    }
  }

  struct SetURL: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set-url", abstract: "Point a hub's name at its new address, keeping this device's token.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The hub's name, e.g. origin.") var name: String
    @Argument(help: "Its new URL, e.g. http://127.0.0.1:8081.") var url: String

    func run() async throws {
      try userFacing {
        try RemoteList(files: SyncFiles(ledger: try options.resolvedPath())).setURL(named: name, to: url)
      }
      print("remote '\(name)' is now \(url)")
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Forget a hub and its token.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The hub's name.") var name: String

    func run() async throws {
      try userFacing { try RemoteList(files: SyncFiles(ledger: try options.resolvedPath())).remove(named: name) }
      print("removed remote '\(name)'")
    }
  }
}
