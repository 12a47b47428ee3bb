import CSQLite
import Foundation

extension Statement {
    /// Records the outcome of a `sqlite3_bind_*` call.
    @inlinable
    func check(_ code: Int32) {
        if code != SQLITE_OK {
            recordBindFailure(code)
        }
    }

    /// Binds NULL to the parameter at 1-based `index`.
    @inlinable
    public func bindNull(at index: Int32) {
        check(sqlite3_bind_null(handle, index))
    }

    /// Binds an INTEGER to the parameter at 1-based `index`.
    @inlinable
    public func bind(_ value: Int64, at index: Int32) {
        check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds an INTEGER to the parameter at 1-based `index`.
    @inlinable
    public func bind(_ value: Int, at index: Int32) {
        check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    /// Binds a REAL to the parameter at 1-based `index`.
    ///
    /// SQLite stores NaN as NULL, so `Double.nan` is not bound: the next ``step()`` throws
    /// ``DAOGenError/unstorableValue(parameter:value:reason:sql:)``. Infinities are stored.
    @inlinable
    public func bind(_ value: Double, at index: Int32) {
        if value.isNaN {
            recordNaN(at: index)
            return
        }
        check(sqlite3_bind_double(handle, index, value))
    }

    /// Records that NaN was bound at `index` (the slow path of binding a `Double`).
    @usableFromInline
    func recordNaN(at index: Int32) {
        recordUnstorableValue("nan", at: index, reason: "SQLite stores NaN as NULL")
    }

    /// Binds the INTEGER 1 or 0 to the parameter at 1-based `index`.
    @inlinable
    public func bind(_ value: Bool, at index: Int32) {
        check(sqlite3_bind_int64(handle, index, value ? 1 : 0))
    }

    /// Binds TEXT to the parameter at 1-based `index`; SQLite copies its UTF-8 bytes, embedded
    /// NUL bytes included. An empty string binds empty text, not NULL.
    @inlinable
    public func bind(_ value: String, at index: Int32) {
        // The implicit C-string pointer is never nil, even for an empty string.
        check(sqlite3_bind_text64(
            handle, index, value, sqlite3_uint64(value.utf8.count), sqliteTransient, UInt8(SQLITE_UTF8)))
    }

    /// Binds a blob to the parameter at 1-based `index`; SQLite copies the bytes. Empty data
    /// binds an empty blob, not NULL.
    @inlinable
    public func bind(_ value: Data, at index: Int32) {
        let code = value.withUnsafeBytes { bytes -> Int32 in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_zeroblob(handle, index, 0)
            }
            return sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(bytes.count), sqliteTransient)
        }
        check(code)
    }

    /// Binds `value` to the parameter at 1-based `index`, as `Value` decides
    /// (``DatabaseValueConvertible/bind(to:at:)``): NULL for nil, an enum's raw value, a date or UUID in
    /// the database's ``valueStorage``.
    @inlinable
    public func bind<Value: DatabaseValueConvertible>(_ value: Value, at index: Int32) {
        value.bind(to: self, at: index)
    }

    /// Binds a value of any storage class to the parameter at 1-based `index`.
    @inlinable
    public func bind(_ value: DatabaseValue, at index: Int32) {
        switch value {
        case .null: bindNull(at: index)
        case let .integer(integer): bind(integer, at: index)
        case let .real(real): bind(real, at: index)
        case let .text(text): bind(text, at: index)
        case let .blob(data): bind(data, at: index)
        }
    }
}
