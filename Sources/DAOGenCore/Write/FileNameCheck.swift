/// Whether a name can be a file name on the file systems daogen writes to (Linux's and macOS's): at most
/// 255 bytes of UTF-8 (the limit of one path component, the `.swift` suffix included), no `/` and no NUL,
/// and not only dots. Resolve checks every output name with it, at the YAML node that gives the name,
/// and `OutputWriter` again before it writes anything.
enum FileNameCheck {
    /// The longest file name, in bytes of UTF-8, that every supported file system takes.
    static let maximumByteCount = 255

    /// What is wrong with `name` as a file name, said after it (`is 300 bytes long, more than ...`); nil
    /// when it can be one.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.allSatisfy({ $0 == "." }) { return "is only dots, which name folders" }
        if name.contains("/") { return "holds a '/', which separates folders" }
        if name.utf8.contains(0) { return "holds a NUL character" }
        let count = name.utf8.count
        if count > maximumByteCount {
            return "is \(count) bytes long, more than the \(maximumByteCount) bytes a file name may have"
        }
        return nil
    }
}
