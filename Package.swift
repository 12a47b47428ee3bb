// swift-tools-version:6.1
import PackageDescription

/// Generated code for the example and fixture schemas, checked in under Tests/Generated.
/// Each directory is both the golden file set of the generator tests and a module that the
/// consumer tests compile and run against real SQLite files. `Name` is the code of Schemas/Name (or
/// Tests/Schemas/Name) and `NameVk` that of its version k. The one list of fixtures: GoldenFileTests
/// and Scripts/record-golden-files.sh read it from here.
let generatedFixtures = [
    "Library", "Notes", "Roster", "NewsCache", "TestTable", "Evolution", "MigrationTest", "EdgeCases", "EpochDates", "Trust",
    "Documents",
    // The code of older schema versions (`daogen generate --schema-version 1`), to create old files in tests.
    "LibraryV1", "EvolutionV1", "EvolutionV2", "MigrationTestV1", "TrustV1", "DocumentsV1",
    // Two schemas generated into one module (docs/CLI.md, "Several databases in one target"): `Name/Sub` is the code of
    // Tests/Schemas/Name/Sub in Tests/Generated/Name/Sub, and every `Name/...` is one module.
    "Pair/Shelf", "Pair/Cache",
]

/// The modules of the fixtures, in list order: `Name` for `Name`, one for all the `Name/...`.
let fixtureModules = generatedFixtures.reduce(into: [String]()) { modules, fixture in
    let module = String(fixture.prefix { $0 != "/" })
    if !modules.contains(module) { modules.append(module) }
}

/// The Mustache templates and the partials they include, compiled into the binary through Templates/BuiltinTemplates.swift.
let templateFiles = [
    "table-file.mustache", "record.mustache", "record-conformance.mustache", "dao.mustache", "queries.mustache",
    "database-file.mustache", "bind.mustache", "sql-literal.mustache",
]

let package = Package(
    name: "daogen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "daogen", targets: ["daogen"]),
        .library(name: "DAOGenRuntime", targets: ["DAOGenRuntime"]),
        // The generator, for the plugins' tool and tests: not API (the underscore says so, as in
        // swift-openapi-generator's _OpenAPIGeneratorCore); its declarations change with the CLI.
        .library(name: "_DAOGenCore", targets: ["_DAOGenCore"]),
        .plugin(name: "DAOGenPlugin", targets: ["DAOGenPlugin"]),
        .plugin(name: "DAOGenCommand", targets: ["DAOGenCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        // Plugin only (`swift package generate-documentation`): nothing of it is built into a product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "DAOGenRuntime",
            dependencies: ["CSQLite"]
        ),
        .target(
            name: "DAOGenTemplates",
            path: "Templates",
            exclude: templateFiles
        ),
        .target(
            name: "_DAOGenCore",
            dependencies: [
                "CSQLite",
                "DAOGenRuntime",
                "DAOGenTemplates",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            path: "Sources/DAOGenCore"
        ),
        .executableTarget(
            name: "daogen",
            dependencies: [
                "_DAOGenCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "DAOGenPlugin",
            capability: .buildTool(),
            dependencies: ["daogen"]
        ),
        .plugin(
            name: "DAOGenCommand",
            capability: .command(
                intent: .custom(verb: "generate-daos", description: "Writes the generated records and DAOs into the package"),
                permissions: [.writeToPackageDirectory(reason: "daogen writes the generated Swift files into the target's Generated folder")]
            ),
            dependencies: ["daogen"]
        ),
        .testTarget(
            name: "DAOGenCoreTests",
            dependencies: [
                "_DAOGenCore", "DAOGenRuntime", "DAOGenTemplates", "Seeded",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(
            name: "DAOGenRuntimeTests",
            dependencies: ["DAOGenRuntime", "Seeded"]
        ),
        .testTarget(
            name: "ConsumerTests",
            dependencies: ["DAOGenRuntime", "_DAOGenCore", "MigrationCrashHelper", "Seeded", "TestSupport"]
                + fixtureModules.map { .target(name: "Generated\($0)") }
        ),
        .testTarget(
            name: "GenerativeTests",
            dependencies: ["_DAOGenCore", "Seeded", "TestSupport"]
        ),
        // The tests' one seeded random source.
        .target(name: "Seeded", path: "Tests/Seeded"),
        // The tests' one way to run a child process, awaited without holding a thread of the cooperative pool.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // A client of a generated library: its file imports the generated modules, never DAOGenRuntime.
        .testTarget(
            name: "ClientConditionTests",
            dependencies: ["GeneratedLibrary", "SameModuleConditions"]
        ),
        // The Library fixture's generated code (linked in as Generated/) with a hand-written file that
        // imports only Foundation, as an app's own file beside its generated records.
        .target(
            name: "SameModuleConditions",
            dependencies: ["DAOGenRuntime"],
            path: "Tests/SameModuleConditions"
        ),
        .executableTarget(
            name: "MigrationCrashHelper",
            dependencies: ["DAOGenRuntime", "GeneratedEvolution"],
            path: "Tests/MigrationCrashHelper"
        ),
    ] + fixtureModules.map {
        .target(name: "Generated\($0)", dependencies: ["DAOGenRuntime"], path: "Tests/Generated/\($0)")
    },
    swiftLanguageModes: [.v6]
)
