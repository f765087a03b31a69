#if FUZZING
// The fuzz build (`make fuzz-build`: -sanitize=fuzzer,address) makes this binary too, for
// the AddressSanitizer runs of `make test` (scripts/sanitize.sh): one build instead of two,
// the modules compiled once. libFuzzer's runtime is linked into every product of that
// build and names the fuzz entry point, which only spinnerd-fuzz implements; here it is
// never called (spinnerd's own main runs, libFuzzer's driver never starts).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzEntryPointNeverCalled(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { 0 }
#endif
