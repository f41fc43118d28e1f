// swift-tools-version: 6.2
// Unison's benchmarks: a package of their own, so that the library, its tests and every app that
// depends on it never link libadwaita or the allocation counter.
import Foundation
import PackageDescription

/// Every Swift target builds in Swift 6 language mode, like the library.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// A path dependency's package identity is its folder's name, which is whatever the clone of
/// Unison is called: read it from where this manifest lives (Benchmarks/ inside the clone).
let unisonFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let unison = unisonFolder.lastPathComponent

let package = Package(
    name: "UnisonBenchmarks",
    dependencies: [.package(path: "..")],
    targets: [
        // Counts heap allocations (a malloc interposer).
        .target(name: "CAllocCounter", path: "Bridges/CAllocCounter"),
        // Counts the calls into GTK's widget setters (an interposer).
        .target(name: "CGtkCallCounter", path: "Bridges/CGtkCallCounter", linkerSettings: [.linkedLibrary("dl")]),
        // libadwaita (AdwSpringAnimation side by side) and the GTK helpers the benchmark needs.
        .systemLibrary(
            name: "CUnisonBench", path: "Bridges/CUnisonBench", pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]),
        .executableTarget(
            name: "unison-bench",
            dependencies: [
                .product(name: "Unison", package: unison),
                .product(name: "UnisonHeadless", package: unison),
                .product(name: "UnisonGtk", package: unison),
                "CUnisonBench", "CAllocCounter", "CGtkCallCounter",
            ],
            path: "Sources/unison-bench", swiftSettings: swiftSettings,
            // Counts UnisonMotionBin's render setter (Bridges/CGtkCallCounter): it is linked into
            // this executable, so it is wrapped at link time rather than interposed.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--wrap=unison_motion_bin_set_render"])]),
    ]
)
