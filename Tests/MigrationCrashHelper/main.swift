// Opens a Shop database file with the latest generated code, migrating it, so a test can kill this
// process with SIGKILL in the middle of a migration and check what is left on disk.
import Foundation
import GeneratedEvolution

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: MigrationCrashHelper <database-path>\n".utf8))
    exit(2)
}
do {
    let shop = try ShopDatabase.open(path: CommandLine.arguments[1])
    print("migrated to version \(try shop.database.userVersion())")
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
