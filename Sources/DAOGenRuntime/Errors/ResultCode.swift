/// SQLite result codes.
///
/// A connection opened by ``Database`` reports extended result codes, such as
/// ``constraintUnique``; ``primary`` gives the primary code they refine, such as ``constraint``.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric code, as SQLite defines it.
    public var rawValue: Int32

    /// Wraps a numeric SQLite result code.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary result code: the low eight bits of an extended code.
    public var primary: ResultCode {
        ResultCode(rawValue: rawValue & 0xFF)
    }

    /// The code's SQLite name and number, such as `SQLITE_CONSTRAINT_UNIQUE (2067)`.
    public var description: String {
        "\(name) (\(rawValue))"
    }

    /// `SQLITE_OK`: successful result.
    public static let ok = ResultCode(rawValue: 0)
    /// `SQLITE_ERROR`: generic error.
    public static let error = ResultCode(rawValue: 1)
    /// `SQLITE_BUSY`: the database file is locked.
    public static let busy = ResultCode(rawValue: 5)
    /// `SQLITE_LOCKED`: a table in the database is locked.
    public static let locked = ResultCode(rawValue: 6)
    /// `SQLITE_READONLY`: attempt to write a read-only database.
    public static let readonly = ResultCode(rawValue: 8)
    /// `SQLITE_INTERRUPT`: operation terminated by `sqlite3_interrupt`.
    public static let interrupt = ResultCode(rawValue: 9)
    /// `SQLITE_IOERR`: some kind of disk I/O error occurred.
    public static let ioErr = ResultCode(rawValue: 10)
    /// `SQLITE_CORRUPT`: the database disk image is malformed.
    public static let corrupt = ResultCode(rawValue: 11)
    /// `SQLITE_FULL`: insertion failed because the database is full.
    public static let full = ResultCode(rawValue: 13)
    /// `SQLITE_CANTOPEN`: unable to open the database file.
    public static let cantOpen = ResultCode(rawValue: 14)
    /// `SQLITE_CONSTRAINT`: abort due to a constraint violation.
    public static let constraint = ResultCode(rawValue: 19)
    /// `SQLITE_MISMATCH`: data type mismatch.
    public static let mismatch = ResultCode(rawValue: 20)
    /// `SQLITE_MISUSE`: library used incorrectly.
    public static let misuse = ResultCode(rawValue: 21)
    /// `SQLITE_RANGE`: bind parameter index out of range.
    public static let range = ResultCode(rawValue: 25)
    /// `SQLITE_NOTADB`: the file opened is not a database file.
    public static let notADB = ResultCode(rawValue: 26)
    /// `SQLITE_ROW`: `sqlite3_step` has another row ready.
    public static let row = ResultCode(rawValue: 100)
    /// `SQLITE_DONE`: `sqlite3_step` has finished executing.
    public static let done = ResultCode(rawValue: 101)

    /// `SQLITE_CONSTRAINT_CHECK`: a CHECK constraint failed.
    public static let constraintCheck = ResultCode(rawValue: 275)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`: a foreign key constraint failed.
    public static let constraintForeignKey = ResultCode(rawValue: 787)
    /// `SQLITE_CONSTRAINT_NOTNULL`: a NOT NULL constraint failed.
    public static let constraintNotNull = ResultCode(rawValue: 1299)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`: a PRIMARY KEY constraint failed.
    public static let constraintPrimaryKey = ResultCode(rawValue: 1555)
    /// `SQLITE_CONSTRAINT_UNIQUE`: a UNIQUE constraint failed.
    public static let constraintUnique = ResultCode(rawValue: 2067)
    /// `SQLITE_CONSTRAINT_TRIGGER`: a RAISE function in a trigger failed.
    public static let constraintTrigger = ResultCode(rawValue: 1811)
}
