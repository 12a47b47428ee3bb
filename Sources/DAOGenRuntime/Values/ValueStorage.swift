/// How a database stores the Swift types that have more than one stored form: `Date` and `UUID`.
///
/// A generated database opens its connections with its schema's `dates:` and `uuids:`
/// (``Database/Configuration/valueStorage``), and every statement of those connections binds and reads
/// dates and UUIDs so: in records, in query parameters, in typed conditions and in raw arguments.
public struct ValueStorage: Sendable, Hashable {
    /// How a `Date` is stored.
    public enum Dates: Sendable, Hashable {
        /// ISO-8601 UTC TEXT with milliseconds, such as `2024-01-02T03:04:05.678Z`.
        case iso8601
        /// The REAL number of seconds since 1970-01-01T00:00:00Z.
        case unixEpoch
        /// The INTEGER number of milliseconds since 1970-01-01T00:00:00Z.
        case unixEpochMilliseconds
    }

    /// How a `UUID` is stored.
    public enum UUIDs: Sendable, Hashable {
        /// Lowercase canonical TEXT, such as `123e4567-e89b-12d3-a456-426614174000`.
        case text
        /// A 16-byte blob.
        case blob
    }

    /// How a `Date` is stored.
    public var dates: Dates
    /// How a `UUID` is stored.
    public var uuids: UUIDs

    /// Creates a storage; the default is ISO-8601 text dates and text UUIDs.
    public init(dates: Dates = .iso8601, uuids: UUIDs = .text) {
        self.dates = dates
        self.uuids = uuids
    }
}
