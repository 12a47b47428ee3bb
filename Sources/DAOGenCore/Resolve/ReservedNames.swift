/// The names a generated type must not take, and why: each would hide a type that generated code or the
/// app's own code uses, in the whole module (a record, a view's record, a DAO, the database type) or
/// inside a record (an enum, a query's result struct).
///
/// The list is principled rather than exhaustive: the Swift standard library's types and protocols that
/// code names unqualified, the Concurrency module's (imported implicitly), the Foundation types generated
/// code and apps commonly use, and every public name of DAOGenRuntime. A name that is not here (an
/// obscure Foundation class) may still be taken: the app then qualifies its own uses (`Foundation.Host`).
enum ReservedNames {
    /// The Swift standard library.
    static let standardLibrary: Set<String> = [
        "Any", "AnyObject", "AnyClass", "AnyHashable", "AnyIterator", "AnySequence", "AnyCollection", "AnyKeyPath",
        "Array", "ArraySlice", "BidirectionalCollection", "BinaryFloatingPoint", "BinaryInteger", "Bool", "CaseIterable",
        "Character", "ClosedRange", "Codable", "CodingKey", "Collection", "Comparable", "ContiguousArray",
        "CustomDebugStringConvertible", "CustomStringConvertible", "Decodable", "Decoder", "Dictionary", "Double",
        "Encodable", "Encoder", "Equatable", "Error", "FixedWidthInteger", "Float", "Float16", "FloatingPoint",
        "Hashable", "Hasher", "Identifiable", "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "IteratorProtocol",
        "KeyPath", "LosslessStringConvertible", "Mirror", "MutableCollection", "Never", "Numeric",
        "ObjectIdentifier", "Optional", "OptionSet", "RandomAccessCollection", "Range", "RangeExpression",
        "RangeReplaceableCollection", "RawRepresentable", "Regex", "Result", "Sendable", "Sequence", "Set",
        "SignedInteger", "SignedNumeric", "Slice", "StaticString", "Strideable", "String", "StringProtocol",
        "Substring", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128", "Unicode", "UnsignedInteger",
        "UnsafeBufferPointer", "UnsafeMutableBufferPointer", "UnsafeMutablePointer", "UnsafeMutableRawPointer",
        "UnsafePointer", "UnsafeRawPointer", "Void", "WritableKeyPath",
    ]

    /// Swift Concurrency (the `_Concurrency` module every file imports implicitly).
    static let concurrency: Set<String> = [
        "Actor", "AsyncIteratorProtocol", "AsyncSequence", "AsyncStream", "AsyncThrowingStream", "CancellationError",
        "CheckedContinuation", "Clock", "ContinuousClock", "DiscardingTaskGroup", "Duration", "Executor", "GlobalActor",
        "InstantProtocol", "MainActor", "SerialExecutor", "SuspendingClock", "Task", "TaskGroup", "TaskLocal",
        "TaskPriority", "ThrowingDiscardingTaskGroup", "ThrowingTaskGroup", "UnsafeContinuation",
    ]

    /// The Foundation types generated code uses and apps commonly name.
    static let foundation: Set<String> = [
        "Bundle", "Calendar", "CharacterSet", "CocoaError", "Data", "Date", "DateComponents", "DateFormatter",
        "DateInterval", "Decimal", "DispatchQueue", "FileHandle", "FileManager", "Foundation", "IndexPath",
        "IndexSet", "ISO8601DateFormatter", "JSONDecoder", "JSONEncoder", "Locale", "LocalizedError", "Measurement",
        "NSError", "NSLock", "NSObject", "Notification", "NotificationCenter", "NumberFormatter", "OperationQueue",
        "ProcessInfo", "PropertyListDecoder", "PropertyListEncoder", "Thread", "TimeInterval", "TimeZone", "Timer",
        "URL", "URLComponents", "URLError", "URLQueryItem", "URLRequest", "URLSession", "UserDefaults", "UUID",
    ]

    /// The public names of DAOGenRuntime, which every generated file imports.
    static let runtime: Set<String> = [
        "DAOGenError", "DAOGenRuntime", "Database", "DatabaseError", "DatabaseValue", "DatabaseValueConvertible",
        "DatabaseRecord", "KeyedRecord", "RecordDAO", "RecordSQL", "RecordStatements", "ResultCode", "SchemaDefinition",
        "SchemaDescription", "SQLAssignment", "SQLColumn", "SQLCondition", "SQLIdentifier", "SQLOrderable", "SQLOrdering",
        "SQLOrderingTerm", "SQLUniqueKey", "Statement", "StatementKey", "TableRecord", "TypedColumn", "ValueStorage",
    ]

    /// The names generated code declares inside every record: its columns, its ordering, its assignments and
    /// its keys.
    static let recordMembers: Set<String> = ["Column", "Columns", "Ordering", "Assignment", "UniqueKey"]

    /// Property names a column must not take: members of the runtime's record protocols, which every
    /// record (or its `Assignment` and `UniqueKey`) has already.
    static let recordPropertyNames: Set<String> = ["primaryKey", "sqlAssignment", "keyColumns"]

    /// Every name a generated type must not take.
    static let typeNames: Set<String> = standardLibrary.union(concurrency).union(foundation).union(runtime).union(recordMembers)

    /// Whose type `name` is, for a message: `Swift's Task`, `Foundation's Date`, `DAOGenRuntime's Database`.
    static func owner(of name: String) -> String {
        if name == "Foundation" || name == "DAOGenRuntime" { return "the module \(name)" }
        if runtime.contains(name) { return "DAOGenRuntime's \(name)" }
        if foundation.contains(name) { return "Foundation's \(name)" }
        if recordMembers.contains(name) { return "the record's own \(name)" }
        return "Swift's \(name)"
    }

    /// Names an enum case must not take: they are members every generated enum already has.
    static let enumCaseNames: Set<String> = ["allCases", "rawValue", "hashValue", "init", "Type", "Protocol"]
}
