// swift-tools-version: 6.0
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
    ],
    targets: [
        // Toolkit-neutral core: values, animations, transactions, the engine. Foundation only.
        .target(name: "Unison", swiftSettings: swiftSettings),
        // Deterministic and real-time clocks without any toolkit.
        .target(name: "UnisonHeadless", dependencies: ["Unison"], swiftSettings: swiftSettings),
        // The only C: GTK4 through the system's pkg-config, with a shim for macros and variadics.
        .systemLibrary(
            name: "CGtk", path: "Bridges/CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        // Real GtkWidgets animated by the engine, GTK's frame clock, the main-loop bridge.
        .target(name: "UnisonGtk", dependencies: ["Unison", "CGtk"], swiftSettings: swiftSettings),

        // MARK: Examples
        .executableTarget(
            name: "unison-curves", dependencies: ["Unison", "UnisonHeadless"], path: "Examples/Curves",
            swiftSettings: swiftSettings),

        // The demo's pages, shared by the demo application and its screenshot tests.
        .target(
            name: "UnisonDemoKit", dependencies: ["Unison", "UnisonGtk", "CGtk"], path: "Examples/DemoKit",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "unison-demo", dependencies: ["Unison", "UnisonGtk", "UnisonDemoKit", "CGtk"], path: "Examples/Demo",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "unison-gtk-retarget", dependencies: ["Unison", "UnisonGtk", "CGtk"], path: "Examples/GtkRetarget",
            swiftSettings: swiftSettings),

        // MARK: Benchmarks
        // Counts heap allocations (a malloc interposer); linked into the benchmark only.
        .target(name: "CAllocCounter", path: "Bridges/CAllocCounter"),
        // libadwaita, to measure AdwSpringAnimation side by side; linked into the benchmark only.
        .systemLibrary(
            name: "CAdw", path: "Bridges/CAdw", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        .executableTarget(
            name: "unison-bench",
            dependencies: ["Unison", "UnisonHeadless", "UnisonGtk", "CGtk", "CAdw", "CAllocCounter"],
            path: "Benchmarks/Sources/unison-bench", swiftSettings: swiftSettings),

        // MARK: Tests
        .testTarget(name: "UnisonTests", dependencies: ["Unison", "UnisonHeadless"], swiftSettings: swiftSettings),
        .testTarget(
            name: "UnisonHeadlessTests", dependencies: ["Unison", "UnisonHeadless"], swiftSettings: swiftSettings),
        .testTarget(
            name: "UnisonGtkTests",
            dependencies: [
                "Unison", "UnisonHeadless", "UnisonGtk", "CGtk", "UnisonDemoKit", "unison-gtk-retarget", "unison-demo",
            ],
            swiftSettings: swiftSettings),
    ]
)
