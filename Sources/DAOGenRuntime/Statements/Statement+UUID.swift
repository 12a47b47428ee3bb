import CSQLite
import Foundation

// The stored forms of a `UUID`: `UUID`'s conformance picks one by the statement's `valueStorage`.

extension Statement {
    /// Binds the lowercase canonical text of `uuid`, such as
    /// `123e4567-e89b-12d3-a456-426614174000`, to the parameter at 1-based `index`.
    @usableFromInline
    func bindUUIDText(_ uuid: UUID, at index: Int32) {
        let code = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: UUIDText.length) { buffer in
            UUIDText.write(uuid, into: buffer)
            return buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: UUIDText.length) { text in
                sqlite3_bind_text(handle, index, text, Int32(UUIDText.length), sqliteTransient)
            }
        }
        check(code)
    }

    /// Binds the 16 bytes of `uuid` as a blob to the parameter at 1-based `index`.
    @usableFromInline
    func bindUUIDBlob(_ uuid: UUID, at index: Int32) {
        let code = withUnsafeBytes(of: uuid.uuid) { bytes in
            sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), sqliteTransient)
        }
        check(code)
    }

    /// The column at 0-based `index` read as canonical UUID text (either case).
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when the column holds
    ///   something else.
    @usableFromInline
    func uuidText(at index: Int32) throws -> UUID {
        guard let uuid = try optionalUUIDText(at: index) else { throw invalidValue(at: index, expected: "UUID (text)") }
        return uuid
    }

    /// The column at 0-based `index` read as canonical UUID text (either case), or nil for NULL: what
    /// `isNull(at:)` followed by ``uuidText(at:)`` reads, with one call to SQLite for the value.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when the column holds
    ///   something else.
    @usableFromInline
    func optionalUUIDText(at index: Int32) throws -> UUID? {
        let value = sqlite3_column_value(handle, index)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL:
            return nil
        case SQLITE_TEXT:
            // Asked before the text: asking a blob or number for text converts it.
            if let text = sqlite3_value_text(value),
               let uuid = UUIDText.uuid(parsing: UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))) {
                return uuid
            }
        default:
            break
        }
        throw invalidValue(at: index, expected: "UUID (text)")
    }

    /// The column at 0-based `index` read as a 16-byte blob.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when the column holds
    ///   something else.
    @usableFromInline
    func uuidBlob(at index: Int32) throws -> UUID {
        guard let uuid = try optionalUUIDBlob(at: index) else { throw invalidValue(at: index, expected: "UUID (16-byte blob)") }
        return uuid
    }

    /// The column at 0-based `index` read as a 16-byte blob, or nil for NULL: what `isNull(at:)`
    /// followed by ``uuidBlob(at:)`` reads, with one call to SQLite for the value.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when the column holds
    ///   something else.
    @usableFromInline
    func optionalUUIDBlob(at index: Int32) throws -> UUID? {
        let value = sqlite3_column_value(handle, index)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL:
            return nil
        case SQLITE_BLOB:
            if let bytes = sqlite3_value_blob(value),
               let uuid = UUIDText.uuid(bytes: UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value)))) {
                return uuid
            }
        default:
            break
        }
        throw invalidValue(at: index, expected: "UUID (16-byte blob)")
    }
}
