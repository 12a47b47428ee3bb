import CSQLite
import Foundation

/// A `Codable` value stored as JSON text: how a column declared `json: true` binds and reads its Swift value.
///
/// The one place that decides a JSON column's stored form: Foundation's `JSONEncoder` with sorted keys (the
/// same value always makes the same text, so equal values compare equal in SQL) and `JSONDecoder`. A
/// generated record binds `DatabaseJSON(value)` and reads through ``Statement/json(at:table:)``; typed
/// conditions and `Assignment`s of a JSON column take the value wrapped in it. Text that does not decode as
/// `Value` throws ``DAOGenError/invalidJSON(table:column:value:expected:reason:sql:)``, never crashes; a value
/// that does not encode (`Double.nan` inside it, an encoder that throws) makes the statement throw
/// ``DAOGenError/unstorableValue(parameter:value:reason:sql:)``.
public struct DatabaseJSON<Value: Codable & Hashable & Sendable>: DatabaseValueConvertible, Hashable, Sendable {
    /// The Swift value.
    public var value: Value

    /// Wraps `value`, to be stored as JSON text.
    public init(_ value: Value) {
        self.value = value
    }

    /// The JSON text of the value; `nil` when it cannot be encoded.
    public var jsonText: String? {
        (try? JSONCoding.encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The JSON text, or NULL when the value cannot be encoded.
    public var databaseValue: DatabaseValue {
        jsonText.map(DatabaseValue.text) ?? .null
    }

    /// The value of JSON text (or a blob of its UTF-8 bytes) that decodes as `Value`; nil otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseJSON? {
        let data: Data
        switch value {
        case let .text(text): data = Data(text.utf8)
        case let .blob(blob): data = blob
        default: return nil
        }
        return (try? JSONCoding.decoder.decode(Value.self, from: data)).map(DatabaseJSON.init)
    }

    /// Binds the JSON text; a value that cannot be encoded makes the next step throw. Inlinable, so the
    /// encoding is specialized for `Value` in the module that binds it.
    @inlinable
    public func bind(to statement: Statement, at index: Int32) {
        do {
            let data = try JSONCoding.encoder.encode(value)
            data.withUnsafeBytes { bytes in statement.bindUTF8(bytes, at: index) }
        } catch {
            statement.recordUnstorableValue("a \(Value.self)", at: index, reason: "it cannot be encoded as JSON (\(error))")
        }
    }

    /// Decodes the stored JSON text.
    /// - Throws: ``DAOGenError/invalidJSON(table:column:value:expected:reason:sql:)`` when the column holds
    ///   NULL, a number, or text that does not decode as `Value`.
    @inlinable
    public static func read(from statement: Statement, at index: Int32) throws -> DatabaseJSON {
        try DatabaseJSON(statement.decodeJSON(at: index, table: nil))
    }
}

/// The coders of JSON columns, made once: every JSON column encodes with the same options.
@usableFromInline
enum JSONCoding {
    /// Sorted keys: one value, one text. Slashes are not escaped, so URLs read as written.
    @usableFromInline
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Foundation's decoder with its default options.
    @usableFromInline
    static let decoder = JSONDecoder()
}

extension Statement {
    /// The value of the JSON column at 0-based `index` of table `table`: what a generated record reads for a
    /// column declared `json: true`. For an Optional `Value`, NULL is nil.
    /// - Throws: ``DAOGenError/invalidJSON(table:column:value:expected:reason:sql:)``, naming the table and
    ///   the column, when the column holds text that does not decode as `Value` (or NULL, for a `Value` that
    ///   is not Optional).
    @inlinable
    public func json<Value: Decodable>(at index: Int32, table: String) throws -> Value {
        let index = index &+ columnOffset
        if isNull(at: index), let none = (Value.self as? any NullableValue.Type)?.null as? Value {
            return none
        }
        return try decodeJSON(at: index, table: table)
    }

    /// Binds the UTF-8 bytes as TEXT (SQLite copies them).
    @usableFromInline
    func bindUTF8(_ bytes: UnsafeRawBufferPointer, at index: Int32) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            bind("", at: index)
            return
        }
        check(sqlite3_bind_text64(
            handle, index, base.assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count), sqliteTransient, UInt8(SQLITE_UTF8)))
    }

    /// Decodes the TEXT (or blob) at `index` as JSON, straight from SQLite's bytes. Inlinable, so the
    /// decoding is specialized for `Value` in the module that reads it.
    @inlinable
    func decodeJSON<Value: Decodable>(at index: Int32, table: String?) throws -> Value {
        let type = sqlite3_column_type(handle, index)
        guard type == SQLITE_TEXT || type == SQLITE_BLOB else {
            throw jsonError(at: index, table: table, expected: Value.self, reason: type == SQLITE_NULL ? "the column is NULL" : "it is not text")
        }
        let pointer = type == SQLITE_TEXT ? UnsafeRawPointer(sqlite3_column_text(handle, index)) : sqlite3_column_blob(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        let data = pointer.map { Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), count: count, deallocator: .none) } ?? Data()
        do {
            return try JSONCoding.decoder.decode(Value.self, from: data)
        } catch {
            throw jsonError(at: index, table: table, expected: Value.self, reason: Self.describe(error))
        }
    }

    /// The error for the column at `index`, whose value does not decode as `expected` for `reason`: the slow
    /// path of ``decodeJSON(at:table:)``, kept out of line.
    @usableFromInline
    func jsonError(at index: Int32, table: String?, expected: Any.Type, reason: String) -> DAOGenError {
        let stored: String
        if sqlite3_column_type(handle, index) == SQLITE_TEXT, let text = sqlite3_column_text(handle, index) {
            stored = UTF8Text.literal(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index))))
        } else {
            stored = databaseValue(at: index).description
        }
        return DAOGenError.invalidJSON(
            table: table, column: columnName(at: index), value: stored,
            expected: (expected as? any NullableValue.Type)?.wrappedTypeName ?? "\(expected)", reason: reason, sql: sql)
    }

    /// A decoding error in a few words: what was wrong and where in the JSON.
    @usableFromInline
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
            return keys.isEmpty ? "" : " at \(keys)"
        }
        switch error {
        case let .typeMismatch(type, context): return "expected \(type)\(path(context))"
        case let .valueNotFound(type, context): return "missing \(type)\(path(context))"
        case let .keyNotFound(key, context): return "no key '\(key.stringValue)'\(path(context))"
        case let .dataCorrupted(context): return context.codingPath.isEmpty ? "it is not valid JSON" : "invalid value\(path(context))"
        @unknown default: return "\(error)"
        }
    }
}

/// An Optional, whose nil stands for SQL NULL: how ``Statement/json(at:table:)`` reads NULL with one generic
/// function (overloads for `Value` and `Value?` would be ambiguous where the property is Optional).
@usableFromInline
protocol NullableValue {
    /// nil.
    static var null: Self { get }
    /// The wrapped type's name, for errors: a nullable JSON column's text decodes as that type.
    static var wrappedTypeName: String { get }
}

extension Optional: NullableValue {
    @usableFromInline
    static var null: Wrapped? { nil }
    @usableFromInline
    static var wrappedTypeName: String { "\(Wrapped.self)" }
}
