import BenchSchemas
import CSQLiteBench
import DAOGenRuntime
import Foundation

/// `daogen-bench --search [--rows N] [--queries N] [--runs N] [--only daogen|c|insert] [--file PATH]`:
/// full-text search (issue 24), printed as Markdown. Figures, not assertions.
///
/// - Insert: `rows` articles (a title of 4 words, a body of 30, from a vocabulary of 4,000 made-up
///   words) inserted with `insert(contentsOf:)` into `article`, whose `search:` triggers index each
///   row, and into `plain_article`, the same table without an index: rows per second of each.
/// - Search: `queries` queries (one word, two words, a prefix, a phrase), 20 best matches each, run
///   `runs` times through `search(matching:limit:)` and through the same SQL prepared once with the
///   sqlite3 C API, read by index into a struct. Both add up the ids they read (the checksum).
///   For instruction counts, run one implementation at a time under callgrind with `--runs 1` and
///   `--runs 3` on a file made before (`--file`): half the difference is one run's work.
enum SearchBenchmark {
    /// One article, as both implementations read it.
    struct Article {
        var id: Int64
        var title: String
        var body: String
    }

    static func run(_ arguments: ArraySlice<String>) throws -> String {
        var rows = 100_000, queries = 200, runs = 5
        var only: String?
        var file: String?
        var rest = arguments
        while let option = rest.popFirst() {
            switch option {
            case "--rows": rows = Int(rest.popFirst() ?? "") ?? rows
            case "--queries": queries = Int(rest.popFirst() ?? "") ?? queries
            case "--runs": runs = Int(rest.popFirst() ?? "") ?? runs
            case "--only": only = rest.popFirst()
            case "--file": file = rest.popFirst()
            default: throw BenchError("unknown option \(option)")
            }
        }
        let scratch = try Scratch()
        var lines = ["## Full-text search (issue 24)", ""]
        if only == nil || only == "insert" {
            lines += try insertFigures(rows: rows, runs: runs, scratch: scratch)
        }
        if only == "insert" { return lines.joined(separator: "\n") + "\n" }
        let path = file ?? scratch.path("search.sqlite")
        if !FileManager.default.fileExists(atPath: path) {
            let database = try BenchDatabase.open(path: path)
            try database.article.insert(contentsOf: articles(rows))
            try database.close()
        }
        let texts = queryTexts(queries)
        var table = ["| Implementation | Runs (ms) | Median | Checksum |", "|---|---|--:|--:|"]
        for implementation in ["c", "daogen"] where only == nil || only == implementation {
            var times: [Double] = []
            var checksum: Int64 = 0
            for _ in 0..<runs {
                let start = ContinuousClock.now
                checksum = implementation == "c" ? try searchC(texts, path: path) : try searchDAOGen(texts, path: path)
                let elapsed = ContinuousClock.now - start
                times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            }
            let name = implementation == "c" ? "(1) sqlite3 C API, prepared once" : "(2) daogen `search(matching:limit:)`"
            table.append("| \(name) | \(times.map { String(format: "%.1f", $0) }.joined(separator: ", ")) | \(String(format: "%.1f", times.sorted()[times.count / 2])) ms | \(checksum) |")
        }
        lines += ["\(texts.count) queries, 20 best matches each, over \(rows) articles (\(runs) runs):", ""] + table
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Text

    /// A made-up word for each number: two or three syllables.
    static func word(_ number: Int) -> String {
        let syllables = ["ka", "lo", "mi", "ner", "sto", "vi", "an", "tre", "pu", "gel", "dor", "sa", "qui", "ben", "ru", "fol"]
        var n = number
        var text = ""
        for _ in 0..<(number % 3 == 0 ? 3 : 2) {
            text += syllables[n % syllables.count]
            n /= syllables.count
        }
        return text + (number >= 256 ? String(number / 256) : "")
    }

    /// `rows` articles; word frequencies fall off like natural text's (the square of a uniform draw).
    static func articles(_ rows: Int) -> [BenchSchemas.Article] {
        var state: UInt64 = 0x2024
        func draw() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let uniform = Double(state >> 11) / Double(1 << 53)
            return Int(uniform * uniform * 4_000)
        }
        return (0..<rows).map { _ in
            BenchSchemas.Article(
                title: (0..<4).map { _ in word(draw()) }.joined(separator: " "),
                body: (0..<30).map { _ in word(draw()) }.joined(separator: " "))
        }
    }

    /// The queries: a word, two words (AND), a prefix, a phrase, from words of every frequency.
    static func queryTexts(_ count: Int) -> [String] {
        (0..<count).map { number in
            let first = word((number * 37) % 4_000), second = word((number * 53 + 11) % 4_000)
            switch number % 4 {
            case 0: return first
            case 1: return first + " " + second
            case 2: return String(first.prefix(4)) + "*"
            default: return "\"" + word(number % 40) + " " + word((number + 1) % 40) + "\""
            }
        }
    }

    // MARK: - Implementations

    /// `search(matching:limit:)` on the generated DAO.
    static func searchDAOGen(_ texts: [String], path: String) throws -> Int64 {
        let database = try BenchDatabase.open(path: path)
        defer { try? database.close() }
        var checksum: Int64 = 0
        for text in texts {
            for article in try database.article.search(matching: text, limit: 20) {
                checksum &+= article.id ?? 0
                checksum &+= Int64(article.title.utf8.count)
            }
        }
        return checksum
    }

    /// The same SQL prepared once with the C API, bound and read by index.
    static func searchC(_ texts: [String], path: String) throws -> Int64 {
        let connection = try RawConnection(path: path)
        let select = try connection.prepare(RecordSQL.search("article", index: "article_fts", columns: ["id", "title", "body"]))
        defer { sqlite3_finalize(select) }
        var checksum: Int64 = 0
        for text in texts {
            sqlite3_bind_text(select, 1, text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            sqlite3_bind_int64(select, 2, 20)
            sqlite3_bind_int64(select, 3, 0)
            var found: [Article] = []
            while true {
                let code = sqlite3_step(select)
                guard code == SQLITE_ROW else {
                    guard code == SQLITE_DONE else { throw connection.error("search") }
                    break
                }
                found.append(Article(
                    id: sqlite3_column_int64(select, 0),
                    title: String(cString: sqlite3_column_text(select, 1)),
                    body: String(cString: sqlite3_column_text(select, 2))))
            }
            sqlite3_reset(select)
            for article in found {
                checksum &+= article.id
                checksum &+= Int64(article.title.utf8.count)
            }
        }
        return checksum
    }

    // MARK: - Insert

    /// Rows per second of `insert(contentsOf:)` with and without the index, medians of `runs` fresh files.
    static func insertFigures(rows: Int, runs: Int, scratch: Scratch) throws -> [String] {
        let articles = articles(rows)
        let plain = articles.map { PlainArticle(title: $0.title, body: $0.body) }
        var table = ["| Table | Runs (ms) | Median | Rows per second |", "|---|---|--:|--:|"]
        for indexed in [false, true] {
            var times: [Double] = []
            for run in 0..<max(1, min(runs, 3)) {
                let path = scratch.path("insert-\(indexed)-\(run).sqlite")
                let database = try BenchDatabase.open(path: path)
                let start = ContinuousClock.now
                if indexed { try database.article.insert(contentsOf: articles) } else { try database.plainArticle.insert(contentsOf: plain) }
                let elapsed = ContinuousClock.now - start
                try database.close()
                times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            }
            let median = times.sorted()[times.count / 2]
            table.append("| \(indexed ? "`article` (search: title, body)" : "`plain_article` (no index)") | \(times.map { String(format: "%.0f", $0) }.joined(separator: ", ")) | \(String(format: "%.0f", median)) ms | \(Int(Double(rows) / median * 1000)) |")
        }
        return ["Insert \(rows) articles in one transaction (`insert(contentsOf:)`):", ""] + table + [""]
    }
}
