// swift-tools-version:6.1
import PackageDescription

// A package that checks its generated data layer into git. Regenerate with
//   swift package --allow-writing-to-package-directory generate-daos --target Journal
// and let CI fail when someone forgets (the test runs the same check as `daogen check`).
let package = Package(
    name: "CheckedInExample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "daogen", path: "../.."),
    ],
    targets: [
        .target(
            name: "Journal",
            dependencies: [.product(name: "DAOGenRuntime", package: "daogen")],
            exclude: ["Schema"]
        ),
        .testTarget(
            name: "JournalTests",
            dependencies: ["Journal", .product(name: "_DAOGenCore", package: "daogen")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
