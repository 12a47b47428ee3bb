import Foundation

/// Hand-written canonical UUID text, lowercase (`123e4567-e89b-12d3-a456-426614174000`),
/// written into and parsed from raw UTF-8 bytes so that binding and reading allocate nothing.
enum UUIDText {
    /// The length of the canonical text.
    static let length = 36

    /// Writes the lowercase canonical text of `uuid` into `buffer`, which holds at least ``length`` bytes.
    static func write(_ uuid: UUID, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        let hexDigits: StaticString = "0123456789abcdef"
        withUnsafeBytes(of: uuid.uuid) { bytes in
            hexDigits.withUTF8Buffer { hex in
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    buffer[position] = hex[Int(byte >> 4)]
                    buffer[position + 1] = hex[Int(byte & 0x0F)]
                    position += 2
                }
            }
        }
    }

    /// The lowercase canonical text of `uuid`.
    static func string(from uuid: UUID) -> String {
        String(unsafeUninitializedCapacity: length) { buffer in
            write(uuid, into: buffer)
            return length
        }
    }

    /// The UUID whose canonical text (in either case) is in `bytes`, or nil.
    static func uuid(parsing bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == length else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &value) { output -> Bool in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    guard bytes[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = hexValue(bytes[position]), let low = hexValue(bytes[position + 1]) else {
                    return false
                }
                output[index] = high << 4 | low
                position += 2
            }
            return true
        }
        return parsed ? UUID(uuid: value) : nil
    }

    /// The UUID whose canonical text (in either case) is `string`, or nil.
    static func uuid(from string: String) -> UUID? {
        var text = string
        return text.withUTF8 { uuid(parsing: $0) }
    }

    /// The UUID whose 16 bytes are in `bytes`, or nil when there are not exactly 16.
    static func uuid(bytes: UnsafeRawBufferPointer) -> UUID? {
        guard bytes.count == 16 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { output in
            output.copyMemory(from: bytes)
        }
        return UUID(uuid: value)
    }

    /// The value of one hexadecimal digit, either case.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
