/// SQL identifiers, quoted the one way daogen writes them.
public enum SQLIdentifier {
    /// `name` as a quoted SQL identifier: in double quotes, each double quote inside doubled
    /// (`my "x"` -> `"my ""x"""`), so any name, keyword or not, reads as that name.
    public static func quoted(_ name: String) -> String {
        // Bytes, not Foundation's string functions (through NSString on Linux): this runs per identifier.
        var name = name
        let quote = UInt8(ascii: "\"")
        return name.withUTF8 { bytes in
            let quotes = bytes.reduce(0) { $1 == quote ? $0 + 1 : $0 }
            return String(unsafeUninitializedCapacity: bytes.count + quotes + 2) { buffer in
                var count = 0
                buffer[count] = quote
                count += 1
                for byte in bytes {
                    buffer[count] = byte
                    count += 1
                    if byte == quote {
                        buffer[count] = quote
                        count += 1
                    }
                }
                buffer[count] = quote
                return count + 1
            }
        }
    }
}
