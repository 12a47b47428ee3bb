import Foundation

/// `DatabaseValue` encodes as a one-key object naming its storage class (`{"integer": 1}`, `{"null": true}`),
/// so a record holding one (an `ANY` column) stays `Codable` and decodes back to the same storage class.
extension DatabaseValue: Codable {
    private enum CodingKeys: String, CodingKey {
        case null, integer, real, text, blob
    }

    /// Encodes the value under the name of its storage class.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .null: try container.encode(true, forKey: .null)
        case let .integer(value): try container.encode(value, forKey: .integer)
        case let .real(value): try container.encode(value, forKey: .real)
        case let .text(value): try container.encode(value, forKey: .text)
        case let .blob(value): try container.encode(value, forKey: .blob)
        }
    }

    /// Decodes a value encoded by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let value = try container.decodeIfPresent(Int64.self, forKey: .integer) {
            self = .integer(value)
        } else if let value = try container.decodeIfPresent(Double.self, forKey: .real) {
            self = .real(value)
        } else if let value = try container.decodeIfPresent(String.self, forKey: .text) {
            self = .text(value)
        } else if let value = try container.decodeIfPresent(Data.self, forKey: .blob) {
            self = .blob(value)
        } else if container.contains(.null) {
            self = .null
        } else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "Expected one of the keys null, integer, real, text, blob."))
        }
    }
}
