// The memory allocator of the `budget` executable: importing CJemalloc links jemalloc in
// place of glibc's malloc (the libraries and their tests keep the system's).
//
// An import hands each row from thread to thread — mapped on one, decided on another, written
// and folded into the read models on others — so most of its small allocations are freed on
// a thread other than the one that made them; glibc's arenas pay for that in locks and
// consolidation, jemalloc's thread caches do not. A million-row import takes about a tenth
// less time (docs/benchmarks.md, "Eighteenth session"). CLITests' AllocatorTests checks that
// the built executable runs on jemalloc.
import CJemalloc
