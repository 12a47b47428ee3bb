// swift-tools-version:6.1
import PackageDescription

// A package that generates its data layer during every build with daogen's build plugin.
let package = Package(
    name: "PluginExample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // In your package (daogen has no release tag yet): .package(url: "https://github.com/<owner>/daogen.git", branch: "main"),
        // or a clone beside it: .package(path: "../daogen")
        .package(name: "daogen", path: "../.."),
    ],
    targets: [
        .target(
            name: "Bookshelf",
            dependencies: [.product(name: "DAOGenRuntime", package: "daogen")],
            plugins: [.plugin(name: "DAOGenPlugin", package: "daogen")]
        ),
        .testTarget(name: "BookshelfTests", dependencies: ["Bookshelf"]),
    ],
    swiftLanguageModes: [.v6]
)
