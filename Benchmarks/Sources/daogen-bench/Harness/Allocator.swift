#if canImport(Glibc)
import Glibc
#endif

/// Puts the C allocator in the same state before every run, so that no implementation gets, or
/// pays for, the memory the run before it freed.
///
/// With glibc, large blocks (the arrays of fetched rows) are mapped from the system, and glibc
/// raises its mapping threshold after the first such block is freed; from then on, whether a run
/// reuses freed heap memory or takes fresh pages depends on what ran before it, which shifted
/// fetch timings by 20% in either direction. ``configure()`` fixes the threshold and ``reset()``
/// returns free memory to the system before each run, so every run takes fresh pages. Elsewhere
/// both do nothing.
enum Allocator {
    /// The C signature of `mallopt`.
    private typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    /// The C signature of `malloc_trim`.
    private typealias MallocTrim = @convention(c) (Int) -> Int32

    /// glibc's `M_MMAP_THRESHOLD` option of `mallopt`.
    private static let mmapThresholdOption: Int32 = -3

    /// Fixes the mapping threshold at glibc's default (128 KiB), which turns its adjustment off.
    static func configure() {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallOpt.self)(mmapThresholdOption, 128 * 1024)
        #endif
    }

    /// Returns free heap memory to the system (`malloc_trim(0)`).
    static func reset() {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
