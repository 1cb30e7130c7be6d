import ActionLog
import Foundation

/// `checkout verify PATH...`: many logs verified on every core, one line each in path order,
/// then a summary; `--shard` verifies one deterministic share of them (for a batch engine's array
/// job), and `--merge` combines the shards' JSON Lines into the output one run prints.
struct VerifyCommand {
    enum Mode {
        case verify(paths: [String], shard: Shard?, find: String?, jobs: Int, maximumLineBytes: Int)
        case merge(files: [String])
    }

    let mode: Mode
    let json: Bool
    let terminal: Terminal

    init(options: Options, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        var options = options
        json = options.flag("--json")
        terminal = Terminal(noColor: options.flag("--no-color"))
        let merge = options.flag("--merge")
        let shardText = options.value("--shard")
        let shardsText = options.value("--shards")
        let find = options.value("--find")
        let jobsText = options.value("--jobs")
        let lineLimitText = options.value("--max-line-bytes")
        try options.rejectUnknown()
        if merge {
            let verifyOnly = [
                ("--shard", shardText), ("--shards", shardsText), ("--find", find), ("--jobs", jobsText),
                ("--max-line-bytes", lineLimitText),
            ]
            if let (name, _) = verifyOnly.first(where: { $0.1 != nil }) {
                throw UsageError("\(name) chooses how logs are verified; --merge verifies none, it combines outputs")
            }
            guard !options.positional.isEmpty else {
                throw UsageError("--merge needs the shards' outputs (FILE... written by verify --json --shard)")
            }
            mode = .merge(files: options.positional)
            return
        }
        guard !options.positional.isEmpty else { throw UsageError("verify needs a PATH (a log or a directory)") }
        var shards: Int?
        if let shardsText {
            guard let count = Int(shardsText), (1...Shard.maximumCount).contains(count) else {
                throw UsageError("--shards needs a number from 1 to \(Shard.maximumCount), got \"\(shardsText)\"")
            }
            shards = count
        }
        let shard: Shard?
        switch shardText {
        case nil:
            if shards != nil { throw UsageError("--shards goes with --shard auto") }
            shard = nil
        case "auto":
            shard = try Shard.automatic(environment: environment, shards: shards)
        case let text?:
            shard = try Shard.parse(text, shards: shards)
        }
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let jobsText {
            guard let count = Int(jobsText), (1...256).contains(count) else {
                throw UsageError("--jobs needs a number from 1 to 256, got \"\(jobsText)\"")
            }
            jobs = count
        }
        var maximumLineBytes = ActionLogFormat.defaultMaximumLineBytes
        if let lineLimitText {
            guard let bytes = ReplayCommand.byteCount(lineLimitText),
                (1...ActionLogFormat.maximumLineBytesCeiling).contains(bytes)
            else {
                throw UsageError(
                    "--max-line-bytes needs a size from 1 to 256M (bytes, or with K, M or G), got \"\(lineLimitText)\"")
            }
            maximumLineBytes = bytes
        }
        if let find, find.isEmpty {
            throw UsageError("--find needs an order id (or a cart id, session reference or log id)")
        }
        mode = .verify(
            paths: options.positional, shard: shard, find: find, jobs: jobs, maximumLineBytes: maximumLineBytes)
    }

    func run() throws -> Int32 {
        switch mode {
        case .merge(let files):
            let merged = try VerifyMerge(files: files)
            let output = Output()
            var summary = VerifySummary()
            for verdict in merged.verdicts {
                output.line(line(for: verdict))
                summary.add(verdict)
            }
            finish(summary, to: output)
            return summary.status
        case .verify(let paths, let shard, let find, let jobs, let maximumLineBytes):
            let all = VerifyInputs(paths).logs
            let logs = shard.map { shard in all.filter { shard.contains(key: $0.shardKey) } } ?? all
            let output = Output()
            var summary = VerifySummary(shard: shard)
            var found: [LogVerdict] = []
            let verifier = LogVerifier(maximumLineBytes: maximumLineBytes)
            WorkerPool.run(
                logs.count, workers: jobs,
                work: { index in
                    let log = logs[index]
                    if let listingError = log.listingError {
                        var verdict = LogVerdict(log: log.path, status: .unreadable)
                        verdict.error = listingError
                        return verdict
                    }
                    return verifier.verify(log.path)
                },
                inOrder: { index, verdict in
                    summary.add(verdict)
                    if let find {
                        if verdict.isIdentified(by: find) {
                            found.append(verdict)
                            output.line(line(for: verdict))
                        }
                    } else {
                        output.line(line(for: verdict))
                    }
                    output.flush()
                    terminal.progress(index + 1, of: logs.count)
                })
            if let find {
                return report(found: found, id: find, among: summary, to: output)
            }
            finish(summary, to: output)
            return summary.status
        }
    }

    private func line(for verdict: LogVerdict) -> String {
        json ? verdict.jsonLine : verdict.textLine(terminal)
    }

    private func finish(_ summary: VerifySummary, to output: Output) {
        if json {
            output.line(summary.jsonLine)
        } else {
            for line in summary.textLines(terminal) { output.line(line) }
        }
        output.flush()
    }

    /// `--find`'s end: how many logs had the id, among how many (and how many could not be read,
    /// which might); exit 0 when found and every log found verifies.
    private func report(found: [LogVerdict], id: String, among summary: VerifySummary, to output: Output) -> Int32 {
        if json {
            let members: [(key: String, value: CanonicalValue)] = [
                ("id", .string(id)), ("found", .number(String(found.count))), ("logs", .number(String(summary.logs))),
                ("unreadable", .number(String(summary.unreadable))),
            ]
            output.line(CanonicalValue.object([("find", .object(members))]).compactJSON)
        } else if found.isEmpty {
            let unreadable =
                summary.unreadable == 0
                ? "" : " (\(summary.unreadable) could not be read, and might)"
            output.line(terminal.red("not found") + ": no log of \(summary.logs) has \(id)\(unreadable)")
        } else {
            output.line(terminal.bold("found \(id) in \(found.count) of \(summary.logs) logs"))
        }
        output.flush()
        return found.isEmpty || found.contains(where: \.fails) ? 1 : 0
    }
}
