import Foundation

/// `checkout verify --merge FILE...`: the shards' `--json` outputs read back, checked to be the
/// complete outputs of one sharded run (every shard once, each file ending with its summary, no
/// log twice), and their verdicts put in path order: what one run over all the logs prints.
struct VerifyMerge {
    /// Why the files do not make one run: the file (and line) and the reason.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Every file's verdicts, in path order.
    private(set) var verdicts: [LogVerdict] = []

    init(files: [String]) throws {
        let read = try files.map { file in (file: file, contents: try Self.read(file)) }
        try Self.checkShards(read.map { ($0.file, $0.contents.shard) })
        var origin: [String: String] = [:]
        for (file, contents) in read {
            for (line, verdict) in contents.verdicts {
                if let first = origin.updateValue("\(file):\(line)", forKey: verdict.log) {
                    throw Failure(
                        description: "\(verdict.log) is in both \(first) and \(file):\(line) "
                            + "(shards overlap, or an output was given twice)")
                }
                verdicts.append(verdict)
            }
        }
        verdicts.sort { $0.log.utf8.lexicographicallyPrecedes($1.log.utf8) }
    }

    /// What a line of `verify --json` can be: a log's verdict, the summary, or `--find`'s end.
    private struct Line: Decodable {
        struct Counts: Decodable {
            var logs: Int
            var actions: Int
            var verified: Int
            var open: Int
            var diverged: Int
            var unreadable: Int
            var shard: String?
        }
        struct Find: Decodable {}
        var summary: Counts?
        var find: Find?
        var log: String?
    }

    /// A file's verdicts with their line numbers, and the shard its summary names.
    private static func read(_ file: String) throws -> (verdicts: [(Int, LogVerdict)], shard: Shard?) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw Failure(description: "\(file): cannot read: \(reason)")
        }
        let decoder = JSONDecoder()
        var verdicts: [(Int, LogVerdict)] = []
        var counted = VerifySummary()
        var summary: (line: Int, counts: Line.Counts)?
        for (offset, text) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where !text.isEmpty {
            let number = offset + 1
            func bad(_ reason: String) -> Failure { Failure(description: "\(file):\(number): \(reason)") }
            if let summary { throw bad("a line after the summary (line \(summary.line))") }
            let line: Line
            do {
                line = try decoder.decode(Line.self, from: Data(text))
            } catch {
                throw bad("not a line of checkout verify --json")
            }
            if line.find != nil {
                throw bad("the end of a --find search: merge outputs of verify --json without --find")
            }
            if let counts = line.summary {
                summary = (number, counts)
            } else if line.log != nil, let verdict = try? decoder.decode(LogVerdict.self, from: Data(text)) {
                verdicts.append((number, verdict))
                counted.add(verdict)
            } else {
                throw bad("not a line of checkout verify --json")
            }
        }
        guard let summary else {
            throw Failure(
                description: "\(file): no summary at its end: the run did not finish, or its output was cut short")
        }
        let counts = summary.counts
        let listed = [
            counted.logs, counted.actions, counted.verified, counted.open, counted.diverged, counted.unreadable,
        ]
        guard [counts.logs, counts.actions, counts.verified, counts.open, counts.diverged, counts.unreadable] == listed
        else {
            throw Failure(
                description: "\(file):\(summary.line): the summary counts \(counts.logs) logs and \(counts.actions) "
                    + "actions, but the lines before it hold \(counted.logs) logs and \(counted.actions) actions")
        }
        var shard: Shard?
        if let text = counts.shard {
            do {
                shard = try Shard.parse(text, shards: nil)
            } catch {
                throw Failure(description: "\(file):\(summary.line): the summary's shard \"\(text)\" is not I/N")
            }
        }
        return (verdicts, shard)
    }

    /// Every file a different shard of the same count, and every shard there; or no shards at all.
    private static func checkShards(_ files: [(file: String, shard: Shard?)]) throws {
        let sharded = files.filter { $0.shard != nil }
        guard !sharded.isEmpty else { return }
        if let whole = files.first(where: { $0.shard == nil }), let part = sharded.first {
            throw Failure(
                description: "\(whole.file) is the output of a whole run but \(part.file) is shard "
                    + "\(part.shard?.description ?? "?"): merge the outputs of one sharded run")
        }
        let count = sharded[0].shard?.count ?? 0
        var byIndex: [Int: String] = [:]
        for (file, shard) in sharded {
            guard let shard else { continue }
            guard shard.count == count else {
                throw Failure(
                    description:
                        "\(sharded[0].file) is one of \(count) shards but \(file) is shard \(shard.description)")
            }
            if let other = byIndex.updateValue(file, forKey: shard.index) {
                throw Failure(description: "\(other) and \(file) are both shard \(shard.description)")
            }
        }
        let missing = (0..<count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            let list = missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ")
            throw Failure(
                description: "shard\(missing.count == 1 ? "" : "s") \(list)\(missing.count > 10 ? ", …" : "") "
                    + "missing: merge every shard's output")
        }
    }
}
