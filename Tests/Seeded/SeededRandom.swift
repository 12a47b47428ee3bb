/// The one random source of the tests (SplitMix64): the same seed gives the same inputs on every
/// machine and toolchain, so a failure names a seed that reproduces it. Draw through these helpers
/// rather than the standard library's `random(in:using:)`, whose algorithm is not promised to stay
/// the same.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A source that starts from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range` (both ends included).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % width)
    }

    /// A number in 0..<`bound`.
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    /// One element of a non-empty collection.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// A text of a number (in `count`) of pieces drawn from `pieces`.
    public mutating func text(joining pieces: [String], count: ClosedRange<Int>) -> String {
        (0..<int(count)).map { _ in pick(pieces) }.joined()
    }

    /// The seed of the `index`th item of a run with `seed`: independent streams per item.
    public static func derive(_ seed: UInt64, _ index: Int) -> UInt64 {
        var mixer = SeededRandom(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }
}
