/// A decimal number as its significant digits and a power of ten, to tell whether two decimal
/// texts (`-12.50` and `-1.25e1`) have the same value.
struct DecimalDigits: Equatable {
    /// True for a negative number (never for zero).
    var isNegative: Bool
    /// The digits from the first nonzero one to the last nonzero one; empty for zero.
    var digits: [UInt8]
    /// The power of ten of the last digit (0 for zero).
    var exponent: Int

    /// The digits of `text`, a plain decimal number `[+-]digits[.digits][(e|E)[+-]digits]`; nil
    /// when it is not one.
    init?(_ text: String) {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var mantissa: [UInt8] = []
        var fractionDigits = 0
        var inFraction = false
        var exponent = 0
        while let byte = bytes.first {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                mantissa.append(byte - UInt8(ascii: "0"))
                if inFraction { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                guard let power = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)) else { return nil }
                exponent = power
                bytes = bytes[bytes.endIndex...]
                break
            } else {
                return nil
            }
            bytes = bytes.dropFirst()
        }
        guard !mantissa.isEmpty else { return nil }
        let first = mantissa.firstIndex { $0 != 0 }
        guard let first, let last = mantissa.lastIndex(where: { $0 != 0 }) else {
            self.init(isNegative: false, digits: [], exponent: 0)
            return
        }
        let (shifted, overflow) = exponent.subtractingReportingOverflow(fractionDigits - (mantissa.count - 1 - last))
        guard !overflow else { return nil }
        self.init(isNegative: negative, digits: Array(mantissa[first...last]), exponent: shifted)
    }

    /// The number from its parts.
    init(isNegative: Bool, digits: [UInt8], exponent: Int) {
        self.isNegative = isNegative
        self.digits = digits
        self.exponent = exponent
    }
}
