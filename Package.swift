// swift-tools-version: 6.2
// 6.2: the library uses `isolated deinit` (SE-0371), which Swift 6.2 introduced.
import PackageDescription

// MARK: - Shared settings

/// Every Swift target builds in Swift 6 language mode (strict concurrency is part of it).
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    // Catch accidental existential use early; these become errors in a future language mode.
    .enableUpcomingFeature("ExistentialAny"),
]

// MARK: - Package

let package = Package(
    name: "Unison",
    products: [
        .library(name: "Unison", targets: ["Unison"]),
        .library(name: "UnisonHeadless", targets: ["UnisonHeadless"]),
        .library(name: "UnisonGtk", targets: ["UnisonGtk"]),
        // The C/GObject library for C, Python, JavaScript, Vala and Rust (mk/gobject.mk): libunison-1.so.
        .library(name: "unison-1", type: .dynamic, targets: ["UnisonGObject"]),
    ],
    targets: [
        // Toolkit-neutral core: values, animations, transactions, the engine. Foundation only.
        .target(name: "Unison", swiftSettings: swiftSettings),
        // Deterministic and real-time clocks without any toolkit.
        .target(name: "UnisonHeadless", dependencies: ["Unison"], swiftSettings: swiftSettings),
        // GTK4 through the system's pkg-config, with a prefixed shim for macros and variadics: with
        // CUnisonGtkMotion below, the only C the library uses. Named after the project: `CGtk` is
        // taken by other GTK bindings.
        .systemLibrary(
            name: "CUnisonGtk", path: "Bridges/CUnisonGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        // UnisonMotionBin, a GtkWidget subclass in C (GObject types are defined in C): draws its child
        // with render transforms and animates its measured size. Only UnisonGtk uses it.
        .target(name: "CUnisonGtkMotion", dependencies: ["CUnisonGtk"], path: "Bridges/CUnisonGtkMotion"),
        // Real GtkWidgets animated by the engine, GTK's frame clock, the main-loop bridge.
        .target(
            name: "UnisonGtk", dependencies: ["Unison", "CUnisonGtk", "CUnisonGtkMotion"], swiftSettings: swiftSettings),
        // The GObject face: public headers `unison/unison.h`, the GTypes (defined in C), and their
        // behaviour in Swift through `@_cdecl` functions. Built into libunison-1.so.
        .target(name: "CUnisonGObject", dependencies: ["CUnisonGtk"], path: "Bridges/CUnisonGObject"),
        .target(
            name: "UnisonGObject", dependencies: ["Unison", "UnisonGtk", "CUnisonGtk", "CUnisonGObject"],
            swiftSettings: swiftSettings),

        // MARK: Examples
        // GTK helpers for the examples, the demo and the GTK tests (not the library).
        .systemLibrary(
            name: "CUnisonGtkExamples", path: "Bridges/CUnisonGtkExamples", pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]),
        .executableTarget(
            name: "unison-curves", dependencies: ["Unison", "UnisonHeadless"], path: "Examples/Curves",
            swiftSettings: swiftSettings),

        // The demo's pages, shared by the demo application and its screenshot tests.
        .target(
            name: "UnisonDemoKit", dependencies: ["Unison", "UnisonGtk", "CUnisonGtkExamples"],
            path: "Examples/DemoKit", swiftSettings: swiftSettings),
        .executableTarget(
            name: "unison-demo", dependencies: ["Unison", "UnisonGtk", "UnisonDemoKit", "CUnisonGtkExamples"],
            path: "Examples/Demo", swiftSettings: swiftSettings),
        .executableTarget(
            name: "unison-gtk-retarget", dependencies: ["Unison", "UnisonGtk", "CUnisonGtkExamples"],
            path: "Examples/GtkRetarget", swiftSettings: swiftSettings),

        // MARK: Reliability harnesses (make check-deep, Docs/reliability.md)
        // Heap and resident-size figures for the soak and stress harnesses (mallinfo2, malloc_trim, /proc).
        .target(name: "CUnisonHarness", path: "Bridges/CUnisonHarness"),
        // The operation fuzzer: random sequences on the public API against the engine's invariants.
        .target(
            name: "UnisonFuzzKit", dependencies: ["Unison", "UnisonHeadless", "UnisonTestSupport"],
            path: "Harness/FuzzKit", swiftSettings: swiftSettings),
        // Seeded runs of it, or libFuzzer's driver when built with -DUNISON_LIBFUZZER -sanitize=fuzzer.
        .executableTarget(
            name: "unison-fuzz", dependencies: ["UnisonFuzzKit"], path: "Harness/Fuzz", swiftSettings: swiftSettings),
        // A simulated hour on HeadlessClock with the C heap sampled: it must stay flat.
        .executableTarget(
            name: "unison-soak", dependencies: ["Unison", "UnisonHeadless", "UnisonTestSupport", "CUnisonHarness"],
            path: "Harness/Soak", swiftSettings: swiftSettings),
        // Real windows and widgets churned mid-flight, for valgrind memcheck and the GTK soak.
        .executableTarget(
            name: "unison-gtk-stress",
            dependencies: ["Unison", "UnisonGtk", "CUnisonGtkExamples", "UnisonTestSupport", "CUnisonHarness"],
            path: "Harness/GtkStress", swiftSettings: swiftSettings),

        // MARK: Tests
        // What the test targets share: seeded random numbers, stated tolerances, fixtures.
        .target(
            name: "UnisonTestSupport", dependencies: ["Unison", "UnisonHeadless"], path: "Tests/UnisonTestSupport",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "UnisonTests", dependencies: ["Unison", "UnisonHeadless", "UnisonTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "UnisonHeadlessTests",
            dependencies: ["Unison", "UnisonHeadless", "UnisonTestSupport", "UnisonFuzzKit", "CUnisonHarness"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "UnisonGtkTests",
            dependencies: [
                "Unison", "UnisonHeadless", "UnisonGtk", "CUnisonGtkExamples", "UnisonDemoKit", "UnisonTestSupport",
                "unison-gtk-retarget", "unison-demo",
            ],
            swiftSettings: swiftSettings),
    ]
)
