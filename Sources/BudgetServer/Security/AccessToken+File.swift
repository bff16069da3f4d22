import Foundation

#if canImport(Glibc)
  import Glibc
  // `stat`'s fields, as Glibc's module map places them.
  import CDispatch
#endif

extension AccessToken {
  /// The token kept at `path`, or a new one written there (mode 0600) when there is none.
  ///
  /// The file is opened without following symbolic links, must be a regular file of this
  /// user's, and must not be readable by anyone else — a token others could read is no
  /// secret, so it is refused with the fix rather than silently repaired.
  /// - Returns: the token and whether it was made now.
  public static func loadOrCreate(at path: String) throws(AccessTokenError) -> (token: AccessToken, created: Bool) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      defer { close(descriptor) }
      let token = AccessToken.random()
      let bytes = Array((token.value + "\n").utf8)
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard written == bytes.count, fsync(descriptor) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(path)
        throw .file(path: path, reason: "cannot write it: \(reason)")
      }
      return (token, true)
    }
    guard errno == EEXIST else {
      throw .file(path: path, reason: "cannot create it: \(String(cString: strerror(errno)))")
    }
    return (try load(from: path), false)
  }

  /// The token in the file at `path` (`--token-file`): a regular file, not a symbolic link,
  /// owned by this user and readable by no one else. Opened without blocking, so that a named
  /// pipe (which would wait for a writer forever) is refused as not a regular file.
  public static func load(from path: String) throws(AccessTokenError) -> AccessToken {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let reason =
        errno == ELOOP
        ? "it is a symbolic link; give the file itself" : "cannot read it: \(String(cString: strerror(errno)))"
      throw .file(path: path, reason: reason)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw .file(path: path, reason: "it is not a regular file")
    }
    guard status.st_uid == getuid() else {
      throw .file(path: path, reason: "it belongs to another user; use a token file of your own")
    }
    guard status.st_mode & 0o077 == 0 else {
      throw .file(
        path: path,
        reason: "other users can read it (mode \(String(status.st_mode & 0o777, radix: 8))); "
          + "run chmod 600 \(path); if others may have seen it, replace the token (a server's: delete the "
          + "file and start it again; a device's: budget device revoke and budget device add on the hub)")
    }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count >= 0 else { throw .file(path: path, reason: "cannot read it: \(String(cString: strerror(errno)))") }
    do {
      return try AccessToken(String(decoding: bytes[..<count], as: UTF8.self))
    } catch {
      throw .file(path: path, reason: error.description)
    }
  }
}
