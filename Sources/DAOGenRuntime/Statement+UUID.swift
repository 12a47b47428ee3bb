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
        if sqlite3_column_type(handle, index) == SQLITE_TEXT, let text = sqlite3_column_text(handle, index) {
            let count = Int(sqlite3_column_bytes(handle, index))
            if let uuid = UUIDText.uuid(parsing: UnsafeBufferPointer(start: text, count: count)) {
                return uuid
            }
        }
        throw invalidValue(at: index, expected: "UUID (text)")
    }

    /// The column at 0-based `index` read as a 16-byte blob.
    ///
    /// - Throws: ``DAOGenError/invalidValue(column:value:expected:sql:)`` when the column holds
    ///   something else.
    @usableFromInline
    func uuidBlob(at index: Int32) throws -> UUID {
        if sqlite3_column_type(handle, index) == SQLITE_BLOB, let bytes = sqlite3_column_blob(handle, index) {
            let count = Int(sqlite3_column_bytes(handle, index))
            if let uuid = UUIDText.uuid(bytes: UnsafeRawBufferPointer(start: bytes, count: count)) {
                return uuid
            }
        }
        throw invalidValue(at: index, expected: "UUID (16-byte blob)")
    }
}
