// swift-tools-version:6.1
import PackageDescription

// A tiny command-line notes app: the whole daogen flow a newcomer would copy.
//   swift run notes add "Buy milk"
//   swift run notes list
//   swift run notes delete 1
let package = Package(
    name: "NotesCLI",
    platforms: [.macOS(.v13)],
    products: [.executable(name: "notes", targets: ["notes"])],
    dependencies: [
        .package(name: "daogen", path: "../.."),
    ],
    targets: [
        // The schema (notes.yaml, daogen.yaml) lives in this target; the plugin generates NotesDatabase.
        .target(
            name: "NotesKit",
            dependencies: [.product(name: "DAOGenRuntime", package: "daogen")],
            plugins: [.plugin(name: "DAOGenPlugin", package: "daogen")]
        ),
        .executableTarget(name: "notes", dependencies: ["NotesKit"]),
        .testTarget(name: "NotesKitTests", dependencies: ["NotesKit"]),
    ],
    swiftLanguageModes: [.v6]
)
