#if UNISON_LIBFUZZER
    import UnisonFuzzKit

    /// libFuzzer's entry: one input, one sequence. A broken invariant aborts, so that libFuzzer
    /// records the input as a crash.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        MainActor.assumeIsolated {
            let fuzzer = OperationFuzzer(bytes: bytes)
            if !fuzzer.run() { fatalError("invariant broken: \(fuzzer.failures.joined(separator: "; "))") }
        }
        return 0
    }
#endif
