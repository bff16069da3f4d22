/// The answers this module gives live in `QueryResults`, which the front ends may import
/// without it; whoever imports this module sees them too.
@_exported import QueryResults
