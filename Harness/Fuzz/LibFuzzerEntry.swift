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

    @_silgen_name("LLVMFuzzerRunDriver")
    func runLibFuzzer(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// SwiftPM links an executable's entry point under this name (`main` is defined as it): with
    /// no `@main` in this build, it hands the command line to libFuzzer's driver.
    @_cdecl("unison_fuzz_main")
    public func libFuzzerMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> CInt {
        var count = argc
        var arguments = argv
        return runLibFuzzer(&count, &arguments) { data, size in fuzzOneInput(data, size) }
    }
#endif
