import CSQLiteAllocator
import Foundation
import Testing

/// The allocator `daogen` gives SQLite keeps SQLite's contracts (`sqlite3_mem_methods`): aligned blocks
/// of at least the size asked, sizes it reports, contents kept across realloc, blocks freed on another
/// thread than the one that allocated them, and a bounded cache per thread. (`daogen` itself, which the
/// CI runs on every example schema, allocates all of SQLite's memory through it.)
@Suite struct SQLiteAllocatorTests {
    @Test func blocksHoldWhatWasAskedAndKeepItAcrossRealloc() throws {
        var random = SplitMix64(seed: 0xA110_CA7E)
        var blocks: [(pointer: UnsafeMutableRawPointer, size: Int, fill: UInt8)] = []
        for step in 0..<20_000 {
            if !blocks.isEmpty, Int.random(in: 0..<3, using: &random) == 0 {
                let block = blocks.remove(at: Int.random(in: 0..<blocks.count, using: &random))
                try Self.expectFilled(block.pointer, size: block.size, with: block.fill)
                daogen_allocator_free(block.pointer)
                continue
            }
            let size = [Int.random(in: 0...64, using: &random), Int.random(in: 0...9_000, using: &random), Int.random(in: 8_000...20_000, using: &random)]
                .randomElement(using: &random)!
            let fill = UInt8(truncatingIfNeeded: step)
            if !blocks.isEmpty, Bool.random(using: &random) {
                // Grow or shrink a block: the bytes both sizes cover are kept.
                let index = Int.random(in: 0..<blocks.count, using: &random)
                let old = blocks[index]
                let moved = try #require(daogen_allocator_realloc(old.pointer, Int32(size)))
                try Self.expectFilled(moved, size: min(old.size, size), with: old.fill)
                moved.initializeMemory(as: UInt8.self, repeating: fill, count: size)
                blocks[index] = (moved, size, fill)
                try Self.expectUsable(moved, size: size)
                continue
            }
            let pointer = try #require(daogen_allocator_malloc(Int32(size)))
            try Self.expectUsable(pointer, size: size)
            pointer.initializeMemory(as: UInt8.self, repeating: fill, count: size)
            blocks.append((pointer, size, fill))
        }
        for block in blocks {
            try Self.expectFilled(block.pointer, size: block.size, with: block.fill)
            daogen_allocator_free(block.pointer)
        }
    }

    @Test func freedBlocksAreReusedAndTheCacheIsBounded() throws {
        let first = try #require(daogen_allocator_malloc(100))
        daogen_allocator_free(first)
        let second = try #require(daogen_allocator_malloc(100))
        #expect(first == second, "a freed block of the same class comes back first")
        daogen_allocator_free(second)
        let blocks = (0..<10_000).map { _ in daogen_allocator_malloc(100)! }
        for block in blocks { daogen_allocator_free(block) }
        #expect(daogen_allocator_cached_bytes() <= 100 * 64 * 1024, "at most 64 KiB a size class")
    }

    @Test func blocksMayBeFreedOnAnotherThread() async throws {
        let addresses = (0..<5_000).map { UInt(bitPattern: daogen_allocator_malloc(Int32($0 % 3_000))) }
        await withTaskGroup(of: Void.self) { group in
            for part in 0..<4 {
                group.addTask {
                    for address in addresses[(part * 1_250)..<((part + 1) * 1_250)] {
                        daogen_allocator_free(UnsafeMutableRawPointer(bitPattern: address))
                    }
                    for size in 0..<2_000 { daogen_allocator_free(daogen_allocator_malloc(Int32(size))) }
                    // The blocks of 92 size classes, each kept to at most 64 KiB.
                    #expect(daogen_allocator_cached_bytes() <= 92 * 64 * 1024)
                }
            }
        }
    }

    /// A thread that exits hands its cached blocks back to malloc (a destructor frees them); a new
    /// thread starts with an empty cache.
    @Test func threadsThatExitReleaseTheirCaches() {
        for _ in 0..<8 {
            let finished = DispatchSemaphore(value: 0)
            let cached = ResultBox(0)
            let startedEmpty = ResultBox(0)
            let thread = Thread {
                startedEmpty.value = daogen_allocator_cached_bytes() == 0 ? 1 : 0
                for size in 0..<2_000 { daogen_allocator_free(daogen_allocator_malloc(Int32(size % 700))) }
                cached.value = daogen_allocator_cached_bytes()
                finished.signal()
            }
            thread.start()
            finished.wait()
            #expect(startedEmpty.value == 1, "a new thread starts with an empty cache")
            #expect(cached.value > 0)
        }
    }

    /// A value written on one thread and read on another after a semaphore.
    private final class ResultBox: @unchecked Sendable {
        var value: Int
        init(_ value: Int) { self.value = value }
    }

    private static func expectUsable(_ pointer: UnsafeMutableRawPointer, size: Int) throws {
        #expect(Int(bitPattern: pointer) % 16 == 0)
        #expect(Int(daogen_allocator_size(pointer)) >= size)
        #expect(Int(daogen_allocator_size(pointer)) == Int(daogen_allocator_roundup(Int32(size))) || size > 8_192)
    }

    private static func expectFilled(_ pointer: UnsafeMutableRawPointer, size: Int, with fill: UInt8) throws {
        let bytes = UnsafeRawBufferPointer(start: pointer, count: size)
        #expect(bytes.allSatisfy { $0 == fill }, "a block of \(size) bytes lost its contents")
    }
}
