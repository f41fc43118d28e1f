import Foundation
import UnisonFuzzKit

// `unison-fuzz`: the operation fuzzer (Harness/FuzzKit) as a program.
//
//   unison-fuzz --trace SEED   replays one sequence (default length), printing each operation
//   unison-fuzz [--sequences N] [--seed S] [--length L]
//       seeded: N sequences of up to L random bytes each (SplitMix64 from S), figures at the end;
//       exits 1 at the first sequence that breaks an invariant, naming its seed.
//   built with -DUNISON_LIBFUZZER -sanitize=fuzzer (see `make fuzz`): libFuzzer drives the same
//   decoder, through LLVMFuzzerTestOneInput (LibFuzzerEntry.swift), and this file is left out.

#if !UNISON_LIBFUZZER
    @main
    struct FuzzMain {
        @MainActor
        static func main() {
            var sequences = 10_000
            var seed: UInt64 = 1
            var length = 256
            if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == "--trace",
                let seed = UInt64(CommandLine.arguments[2])
            {
                let fuzzer = OperationFuzzer(bytes: SeededFuzzRun.bytes(seed: seed, maxLength: 256))
                fuzzer.tracing = true
                let clean = fuzzer.run()
                print((fuzzer.trace + fuzzer.failures).joined(separator: "\n"))
                exit(clean ? 0 : 1)
            }
            var arguments = CommandLine.arguments.dropFirst().makeIterator()
            while let argument = arguments.next() {
                let value = arguments.next().flatMap { UInt64($0) }
                switch (argument, value) {
                case ("--sequences", let value?): sequences = Int(value)
                case ("--seed", let value?): seed = value
                case ("--length", let value?): length = max(Int(value), 1)
                default:
                    print("usage: unison-fuzz [--sequences N] [--seed S] [--length L]")
                    exit(2)
                }
            }
            let report = SeededFuzzRun(firstSeed: seed, sequences: sequences, maxLength: length).run()
            print(report.summary)
            if let failure = report.firstFailure {
                print("FAILED: \(failure)")
                exit(1)
            }
        }
    }
#endif
