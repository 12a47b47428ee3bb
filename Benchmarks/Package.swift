// swift-tools-version:6.1
import PackageDescription

// daogen's benchmarks: a separate package, so that the main package never depends on GRDB.
// `./run.sh` builds it in release and writes RESULTS.md; `swift run daogen-bench --smoke` is the CI check.
let package = Package(
    name: "daogen-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "daogen", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
    ],
    targets: [
        // The sqlite3 C API for the hand-written baseline.
        .systemLibrary(
            name: "CSQLiteBench",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The benchmark schemas; daogen's build plugin generates their records and DAOs.
        .target(
            name: "BenchSchemas",
            dependencies: [.product(name: "DAOGenRuntime", package: "daogen")],
            plugins: [.plugin(name: "DAOGenPlugin", package: "daogen")]
        ),
        // The cost per row of a JSON column against hand-written JSONEncoder code (issue 24): the runtime
        // and the C API only, so its release build does not wait for GRDB.
        .executableTarget(
            name: "daogen-json-bench",
            dependencies: ["CSQLiteBench", .product(name: "DAOGenRuntime", package: "daogen")]
        ),
        // What `open` pays to confirm a file's schema (issue 29): the runtime only.
        .executableTarget(
            name: "daogen-open-bench",
            dependencies: [.product(name: "DAOGenRuntime", package: "daogen")]
        ),
        // What the change feed costs the writer (issue 33): the runtime only.
        .executableTarget(
            name: "daogen-feed-bench",
            dependencies: [.product(name: "DAOGenRuntime", package: "daogen")]
        ),
        .executableTarget(
            name: "daogen-bench",
            dependencies: [
                "CSQLiteBench",
                "BenchSchemas",
                .product(name: "DAOGenRuntime", package: "daogen"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
