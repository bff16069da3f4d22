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

  /// Levenshtein distance between two character arrays.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
