// The libFuzzer entry point for every fuzz target; `FUZZ_TARGET` picks one
// (event-decoder, money-date, csv-import, backup-restore). Built by Tools/Fuzz/fuzz.sh with
// `swiftc -sanitize=fuzzer`; libFuzzer supplies `main`.
import Foundation
import FuzzHarness

private let target: @Sendable ([UInt8]) -> Void = {
  let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
  guard let target = FuzzTargets.all[name] else {
    fatalError("set FUZZ_TARGET to one of \(FuzzTargets.all.keys.sorted())")
  }
  return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  target(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
