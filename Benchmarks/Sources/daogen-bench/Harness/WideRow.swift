/// A row of the `wide` table as plain values: the data every implementation inserts and updates,
/// and the record of the hand-written implementation.
struct WideRow: Equatable {
    /// The INTEGER PRIMARY KEY.
    var id: Int64
    /// Column `c1`.
    var c1: Int64
    /// Column `c2`.
    var c2: Int64
    /// Column `c3`.
    var c3: Int64
    /// Column `c4`.
    var c4: Int64
    /// Column `c5`.
    var c5: Int64
    /// Column `c6`.
    var c6: Int64
    /// Column `c7`.
    var c7: Int64
    /// Column `c8`.
    var c8: Int64
    /// Column `c9`.
    var c9: Int64
    /// Column `c10`.
    var c10: Int64
}

extension WideRow {
    /// The row with key `id` as the benchmark files hold it: column `cN` is a deterministic
    /// pseudo-random number below one million, shifted by `generation` (0 for inserted rows,
    /// 1 for their updated values).
    init(id: Int64, generation: Int64 = 0) {
        /// One column's value.
        func value(_ column: Int64) -> Int64 {
            var x = UInt64(bitPattern: id &* 0x9E37_79B9 &+ column &* 0x85EB_CA6B &+ generation &* 0xC2B2_AE35)
            x ^= x >> 29
            x = x &* 0xBF58_476D_1CE4_E5B9
            x ^= x >> 32
            return Int64(x % 1_000_000)
        }
        self.init(
            id: id, c1: value(1), c2: value(2), c3: value(3), c4: value(4), c5: value(5),
            c6: value(6), c7: value(7), c8: value(8), c9: value(9), c10: value(10))
    }

    /// Rows with keys `1...count`, in key order.
    static func rows(count: Int, generation: Int64 = 0) -> [WideRow] {
        (0..<count).map { WideRow(id: Int64($0 + 1), generation: generation) }
    }
}
