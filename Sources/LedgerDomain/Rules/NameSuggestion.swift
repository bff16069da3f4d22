/// Finds the known name closest to a mistyped one, for "did you mean" hints.
public enum NameSuggestion {
  /// The candidate nearest to `name` (case-insensitive edit distance), if it is close enough
  /// to be a plausible typo: at most a third of the name's length, and at least 1.
  public static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
    let target = Array(name.lowercased())
    let allowed = max(1, target.count / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(target, Array(candidate.lowercased()))
      if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.name
  }

  /// Edit distance counting insertions, deletions, substitutions and swaps of neighbours
  /// (optimal string alignment), so "Marhc" is one typo from "March".
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
