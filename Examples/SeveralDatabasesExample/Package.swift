// swift-tools-version:6.1
import PackageDescription

// One target, two databases: Sources/Store/Catalog and Sources/Store/Sessions each hold a daogen.yaml,
// and daogen's build plugin generates each into the Store module during every build.
let package = Package(
    name: "SeveralDatabasesExample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // In your package: a path or branch dependency on daogen.
        .package(name: "daogen", path: "../.."),
    ],
    targets: [
        .target(
            name: "Store",
            dependencies: [.product(name: "DAOGenRuntime", package: "daogen")],
            plugins: [.plugin(name: "DAOGenPlugin", package: "daogen")]
        ),
        .testTarget(name: "StoreTests", dependencies: ["Store"]),
    ],
    swiftLanguageModes: [.v6]
)
