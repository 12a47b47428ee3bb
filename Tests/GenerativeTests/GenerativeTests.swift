import Foundation
import Testing

/// The property-based test of issue 8: random valid schema histories (renames, changed definitions, NOT
/// NULL tightening with defaults, enums, composite and WITHOUT ROWID keys, indexes, foreign keys, data
/// steps) generate code that compiles, creates files at an old version holding adversarial rows, and
/// migrates them to the latest version with every row. CI runs a fixed seed and a few dozen histories;
/// `Scripts/generative-test.sh --seed S --histories N` runs more.
@Suite(.serialized) struct GenerativeTests {
    @Test func randomHistoriesMigrateEveryRow() async throws {
        try await onOwnThread { issues in
            let seed = UInt64(environmentInteger("DAOGEN_GENERATIVE_SEED") ?? 8)
            let count = environmentInteger("DAOGEN_GENERATIVE_HISTORIES") ?? 24
            let batch = environmentInteger("DAOGEN_GENERATIVE_BATCH") ?? 40
            let report = try GenerativeRun(seed: seed, count: count, batchSize: batch).run()
            print("generative: seed \(seed): \(report.tried) histories tried, \(report.passed) passed, \(report.failures.count) failed")
            for failure in report.failures {
                issues.record("\(failure)")
            }
        }
    }
}
