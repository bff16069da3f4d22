// eventlog-torture: appends batches to a ledger as fast as it can, from several tasks at once,
// and prints one line per acknowledged batch. The crash-safety test kills it with SIGKILL at
// random moments and then checks that every acknowledged batch is on disk, whole.
//
//   eventlog-torture LEDGER FIRST_BATCH [TASKS]
//
// Batch b has 1 to 12 events split over two streams (b mod 5 and b mod 3), each payload
// "b/i/n". After the append returns, it writes "ack b first last" to stdout, unbuffered. Every
// other appending task runs on the log's writer (`EventLog.executor`).

import EventLog
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count >= 3, let firstBatch = Int(arguments[2]) else {
  FileHandleStderr.write("usage: eventlog-torture LEDGER FIRST_BATCH [TASKS]\n")
  exit(2)
}
let tasks = arguments.count > 3 ? Int(arguments[3]) ?? 4 : 4

enum FileHandleStderr {
  static func write(_ text: String) { writeLine(text, to: 2) }
}

/// Writes `text` with one write(2): lines shorter than PIPE_BUF never interleave.
func writeLine(_ text: String, to descriptor: Int32) {
  var text = text
  text.withUTF8 { bytes in _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
}

/// Appends batch `number` and reports it.
func appendBatch(_ number: Int, to log: EventLog) async throws {
  let size = 1 + number % 12
  let events = (1...size).map { index in
    ProposedEvent(type: "TortureEvent", payload: Array("\(number)/\(index)/\(size)".utf8))
  }
  let split = (size + 1) / 2
  var streams = [StreamAppend(stream: try StreamName("left-\(number % 5)"), events: Array(events[..<split]))]
  if split < size {
    streams.append(StreamAppend(stream: try StreamName("right-\(number % 3)"), events: Array(events[split...])))
  }
  let result = try await log.append(AppendBatch(streams, idempotencyKey: try IdempotencyKey("batch-\(number)")))
  let line = "ack \(number) \(result.positions.lowerBound) \(result.positions.upperBound)\n"
  writeLine(line, to: 1)
}

let next = Atomic<Int>(firstBatch)
do {
  let log = try EventLog(path: arguments[1])
  try await withThrowingTaskGroup(of: Void.self) { group in
    for task in 0..<tasks {
      // Half the appenders run on the log's writer (EventLog.executor), half on the shared pool.
      group.addTask(executorPreference: task.isMultiple(of: 2) ? log.executor : nil) {
        while true {
          let number = next.add(1, ordering: .relaxed).oldValue
          try await appendBatch(number, to: log)
        }
      }
    }
    try await group.waitForAll()
  }
} catch {
  FileHandleStderr.write("eventlog-torture: \(error)\n")
  exit(1)
}
