extension String {
  /// The text's Unicode scalars without leading and trailing whitespace, for the parsers here
  /// (Foundation's trimming is not available to this module).
  var trimmedScalars: ArraySlice<Unicode.Scalar> {
    var scalars = Array(unicodeScalars)[...]
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return scalars
  }
}
