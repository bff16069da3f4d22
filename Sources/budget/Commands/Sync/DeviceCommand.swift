import ArgumentParser
import BudgetServer
import Foundation
import Ledger
import LedgerWire

/// `budget device add|list|revoke`: the devices this ledger, as a hub, lets sync.
struct DeviceCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "device", abstract: "Devices that sync with this ledger as their hub: add, list, revoke.",
    subcommands: [Add.self, List.self, Revoke.self])

  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add a device and print its token — shown this once; give it to budget clone on the device.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The device's name, e.g. laptop or phone-anna.") var name: String
    @Flag(help: "The device may pull but not change anything.") var readOnly = false

    func run() async throws {
      let registry = try options.deviceRegistry()
      let (device, token) = try userFacing {
        try registry.add(name: name, readOnly: readOnly, now: DeviceRegistry.now())
      }
      if options.json {
        try Console.json(NewDeviceReport(device, token: token))
      } else {
        print("added device '\(device.name)'\(device.readOnly ? " (read-only)" : ""); its token, shown only now:")
        print(token)
        Console.note(
          "on the device: save it to a file (chmod 600), then: budget clone URL --ledger PATH --token-file FILE")
      }
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List the devices, revoked ones too.")
    @OptionGroup var options: LedgerOptions

    func run() async throws {
      let devices = try userFacing { try options.deviceRegistry().devices() }
      if options.json {
        try Console.json(devices.map(DeviceReport.init))
        return
      }
      guard !devices.isEmpty else {
        print("no devices; add one with: budget device add NAME")
        return
      }
      var table = Table([("DEVICE", .left), ("ACCESS", .left), ("ADDED", .left), ("REVOKED", .left)])
      for device in devices {
        table.add([
          device.name, device.readOnly ? "read-only" : "read-write", Wire.timestamp(device.addedAt),
          device.revokedAt.map(Wire.timestamp) ?? "",
        ])
      }
      print(table.render())
    }
  }

  struct Revoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "revoke", abstract: "Revoke a device: it can no longer pull or push, at once.")
    @OptionGroup var options: LedgerOptions
    @Argument(help: "The device to revoke.") var name: String

    func run() async throws {
      let registry = try options.deviceRegistry()
      let device = try userFacing { try registry.revoke(name: name, now: DeviceRegistry.now()) }
      if options.json {
        try Console.json(DeviceReport(device))
      } else {
        print("revoked device '\(device.name)'")
      }
    }
  }
}

extension LedgerOptions {
  /// The devices of the ledger at `--ledger`, which must exist (it is their hub).
  func deviceRegistry() throws -> DeviceRegistry {
    let path = try resolvedPath()
    let files = SyncFiles(ledger: path)
    guard !files.isDevice else {
      throw UserError("\(path) is itself a device of a hub; add devices on the hub's ledger")
    }
    guard FileManager.default.fileExists(atPath: path) else {
      throw UserError("no ledger at \(path); devices belong to a hub's ledger (pass --ledger PATH)")
    }
    return DeviceRegistry(files: files)
  }

  /// A device token, read from `tokenFile` (0600, yours) or typed at a prompt without echo —
  /// never from the command line, where every user of the machine could read it.
  static func deviceToken(from tokenFile: String?) throws -> String {
    if let tokenFile {
      return try userFacing { try AccessToken.load(from: tokenFile).value }
    }
    guard isatty(STDIN_FILENO) == 1, let typed = getpass("device token: ") else {
      throw UserError("give the device's token with --token-file FILE (0600), or run this at a terminal to type it")
    }
    let token = String(cString: typed).trimmingCharacters(in: .whitespaces)
    guard token.count >= 32 else { throw UserError("that token has \(token.count) characters; a device token has 43") }
    return token
  }
}
