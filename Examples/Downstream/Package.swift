// swift-tools-version: 6.2
// A GTK app of its own that uses Unison the way any downstream app does: through the products
// `Unison` and `UnisonGtk`, plus GTK's C API through a system-library module of its own.
import Foundation
import PackageDescription

/// A path dependency's package identity is the last component of its path: the name of the folder
/// Unison was cloned into, which this package cannot know (CI picks it). Read it from where this
/// manifest lives (Examples/Downstream/ inside that clone). An app elsewhere writes it out:
/// `.package(path: "../Unison")` and `.product(name: "UnisonGtk", package: "Unison")`.
let unison = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Downstream
    .deletingLastPathComponent()  // Examples
    .deletingLastPathComponent()  // the clone of Unison
    .lastPathComponent

let package = Package(
    name: "UnisonDownstream",
    dependencies: [.package(path: "../..")],
    targets: [
        // GTK's C API for this app's own calls (Unison's C module is internal to Unison).
        .systemLibrary(
            name: "CDownstreamGtk", path: "Sources/CDownstreamGtk", pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]),
        .executableTarget(
            name: "unison-downstream",
            dependencies: [
                .product(name: "Unison", package: unison),
                .product(name: "UnisonGtk", package: unison),
                "CDownstreamGtk",
            ],
            path: "Sources/Downstream",
            swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
