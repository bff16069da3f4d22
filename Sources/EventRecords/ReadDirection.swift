/// Which way a read walks the log.
public enum ReadDirection: Sendable, Hashable {
  case forward
  case backward
}
