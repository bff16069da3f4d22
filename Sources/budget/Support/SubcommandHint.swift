import ArgumentParser
import LedgerDomain

/// The subcommand a mistyped one was probably meant to be. The parser reads an unknown word
/// after `budget tx` as the default subcommand's argument, so `budget tx ad 5 --name X` says
/// only "Unknown option '--name'" and `budget report balance` "Unexpected argument": the hint
/// names the command the user meant, as names of categories and options already are.
enum SubcommandHint {
  /// "hint: 'ad' is not a command of 'budget tx'; did you mean 'budget tx add'?", when a word
  /// of the command path is one typo from a subcommand of the command before it.
  static func hint(for arguments: [String], root: any ParsableCommand.Type = Budget.self) -> String? {
    var command = root
    var path = [name(of: root)]
    for word in arguments {
      let subcommands = command.configuration.subcommands
      guard !word.hasPrefix("-"), !subcommands.isEmpty else { return nil }
      if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
        command = next
        path.append(word)
        continue
      }
      let candidates = subcommands.flatMap(names(of:))
      let parent = path.joined(separator: " ")
      guard let meant = NameSuggestion.nearest(to: word, among: candidates) ?? prefixMatch(word, candidates) else {
        // Not a typo here: a command of that name deeper down (`budget show` for `budget budget show`)?
        let deeper = paths(named: word, under: command, at: path).prefix(3)
        guard !deeper.isEmpty else { return nil }
        return "hint: '\(word)' is not a command of '\(parent)'; did you mean "
          + deeper.map { "'\($0)'" }.joined(separator: " or ") + "?"
      }
      return "hint: '\(word)' is not a command of '\(parent)'; did you mean '\(parent) \(meant)'?"
    }
    return nil
  }

  /// The full paths of the commands called `word` below `command` (whose path is `path`).
  private static func paths(named word: String, under command: any ParsableCommand.Type, at path: [String]) -> [String]
  {
    command.configuration.subcommands.flatMap { sub -> [String] in
      let here = path + [name(of: sub)]
      return (names(of: sub).contains(word) ? [here.joined(separator: " ")] : [])
        + paths(named: word, under: sub, at: here)
    }
  }

  /// The one candidate `word` abbreviates (`bal` → `balances`), if exactly one.
  private static func prefixMatch(_ word: String, _ candidates: [String]) -> String? {
    let matches = candidates.filter { word.count >= 2 && $0.hasPrefix(word.lowercased()) }
    return matches.count == 1 ? matches[0] : nil
  }

  private static func name(of command: any ParsableCommand.Type) -> String {
    command.configuration.commandName ?? String(describing: command).lowercased()
  }

  private static func names(of command: any ParsableCommand.Type) -> [String] {
    [name(of: command)] + command.configuration.aliases
  }
}
