// Opens a Shop database file with the latest generated code, creating or migrating it, and prints the
// version and the number of purchases. Tests run it to kill a process with SIGKILL in the middle of a
// migration, to open one file from several processes at once, and to open a file it may not write.
//
//   MigrationCrashHelper <database-path> [--start-at <seconds since 1970>] [--as-nobody] [--busy-timeout <seconds>]
//
// --start-at waits until that moment, so that processes started one after another open the file at
//            the same time.
// --as-nobody drops root privileges (to uid and gid 65534) first, so that file permissions apply.
// --busy-timeout opens with that busy timeout (5 s by default), to have a migration outlast it.
import DAOGenRuntime
import Foundation
import GeneratedEvolution

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `message` to standard error and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var startAt: Double?
var asNobody = false
var configuration = Database.Configuration()
var path: String?
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--start-at":
        guard !arguments.isEmpty, let moment = Double(arguments.removeFirst()) else {
            fail("--start-at needs a number of seconds since 1970", status: 2)
        }
        startAt = moment
    case "--as-nobody":
        asNobody = true
    case "--busy-timeout":
        guard !arguments.isEmpty, let seconds = Double(arguments.removeFirst()) else {
            fail("--busy-timeout needs a number of seconds", status: 2)
        }
        configuration.busyTimeout = seconds
    default:
        guard path == nil else { fail("usage: MigrationCrashHelper <database-path> [--start-at <seconds>] [--as-nobody] [--busy-timeout <seconds>]", status: 2) }
        path = argument
    }
}
guard let path else {
    fail("usage: MigrationCrashHelper <database-path> [--start-at <seconds>] [--as-nobody] [--busy-timeout <seconds>]", status: 2)
}
if asNobody, getuid() == 0 {
    guard setgid(65534) == 0, setuid(65534) == 0 else { fail("cannot drop root privileges", status: 3) }
}
if let startAt {
    let wait = startAt - Date().timeIntervalSince1970
    if wait > 0 { Thread.sleep(forTimeInterval: wait) }
}
do {
    let shop = try ShopDatabase.open(path: path, configuration: configuration)
    print("version \(try shop.database.userVersion()), \(try shop.purchase.count()) purchases")
} catch {
    fail("\(error)", status: 1)
}
