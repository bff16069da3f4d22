import Foundation

/// `P.server`: where the `budget serve` that holds a device's ledger open answers, and the
/// access token it asks for — so that `budget sync` on the device, which that server keeps
/// from the ledger, asks the server to sync instead (`POST /api/v1/sync/run`, through the
/// server's host, origin and token checks like any request). Mode 0600, as `P.remotes` (which
/// holds the device's token for its hub) and `P.token`: whoever can read it can read the
/// ledger itself. Written when the server listens, removed when it stops; one left by a
/// server that was killed names a process that is gone, and is not used.
public struct ServerRecord: Sendable, Hashable, Codable {
  /// The server's base URL, on an address this machine reaches it at.
  public var url: String
  /// The server's process.
  public var pid: Int32
  /// The token its API asks for; `nil` for a server started with `--no-auth`.
  public var token: String?

  public init(url: String, pid: Int32 = getpid(), token: String?) {
    self.url = url
    self.pid = pid
    self.token = token
  }

  /// Writes the record beside the device's ledger (0600, whole or not at all).
  public func write(to files: SyncFiles) throws(SyncFileError) {
    let data: Data
    do { data = try JSONEncoder().encode(self) } catch {
      throw SyncFileError(path: files.server, operation: "encode", code: EINVAL)
    }
    do { try SyncFiles.replace(files.server, with: data) } catch let error as SyncFileError { throw error } catch {
      throw SyncFileError(path: files.server, operation: "write", code: EIO)
    }
  }

  /// The record of the server that holds the device's ledger open, if one does: `nil` when
  /// there is no record, or it is not a plain file of this user's that only this user may
  /// read, or its process is gone.
  public static func read(_ files: SyncFiles) -> ServerRecord? {
    let descriptor = open(files.server, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
      info.st_mode & 0o077 == 0, info.st_size < 64 * 1024
    else { return nil }
    let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readDataToEndOfFile()
    guard let record = try? JSONDecoder().decode(ServerRecord.self, from: data), record.pid > 0,
      kill(record.pid, 0) == 0
    else { return nil }
    return record
  }

  /// Removes the record, if this process wrote it (a server started meanwhile on the same
  /// ledger keeps its own).
  public static func remove(_ files: SyncFiles) {
    let path = files.server
    guard let data = FileManager.default.contents(atPath: path),
      let record = try? JSONDecoder().decode(ServerRecord.self, from: data), record.pid == getpid()
    else { return }
    unlink(path)
  }
}
