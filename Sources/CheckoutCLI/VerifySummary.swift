import ActionLog

/// The end of `checkout verify`'s output: how many logs and actions, how each log came out, and
/// the failing logs again (a fleet's thousands of lines would hide them).
///
/// Built by adding each log's verdict in output order, so that `verify --merge` builds, from the
/// shards' verdicts, exactly the summary one run prints.
struct VerifySummary: Equatable {
    var logs = 0
    /// The steps replayed in every readable log.
    var actions = 0
    var verified = 0
    var open = 0
    var diverged = 0
    var unreadable = 0
    /// The readable logs that hold personal data in clear.
    var inClear = 0
    /// The diverged and unreadable logs, in output order.
    var failures: [LogVerdict] = []
    /// The shard this run verified, if it verified one.
    var shard: Shard?

    mutating func add(_ verdict: LogVerdict) {
        logs += 1
        actions += verdict.steps ?? 0
        switch verdict.status {
        case .verified: verified += 1
        case .open: open += 1
        case .diverged: diverged += 1
        case .unreadable: unreadable += 1
        }
        if verdict.fails { failures.append(verdict) }
        if verdict.personalData == PersonalDataStatus.inClear.name { inClear += 1 }
    }

    /// The exit status: 1 when a log diverged or could not be read.
    var status: Int32 { failures.isEmpty ? 0 : 1 }

    /// `{"summary":{"logs":11,"actions":176,…}}`: the counts (the failing logs have their own lines).
    var jsonLine: String {
        var members: [(key: String, value: CanonicalValue)] = [
            ("logs", .number(String(logs))), ("actions", .number(String(actions))),
            ("verified", .number(String(verified))), ("open", .number(String(open))),
            ("diverged", .number(String(diverged))), ("unreadable", .number(String(unreadable))),
        ]
        if let shard { members.append(("shard", .string(shard.description))) }
        return CanonicalValue.object([("summary", .object(members))]).compactJSON
    }

    /// `11 logs, 176 actions: 9 verified, 0 open, 1 diverged, 1 unreadable`, then a line per
    /// failing log, then how many logs hold personal data in clear (when any does).
    func textLines(_ terminal: Terminal) -> [String] {
        let counts =
            "\(logs) \(logs == 1 ? "log" : "logs"), \(actions) \(actions == 1 ? "action" : "actions"): "
            + "\(verified) verified, \(open) open, \(diverged) diverged, \(unreadable) unreadable"
        let head = (shard.map { "shard \($0.description): " } ?? "") + counts
        var lines = [terminal.bold(head)]
        for failure in failures {
            let label = failure.status.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            switch failure.status {
            case .diverged:
                lines.append("  " + terminal.red(label) + "  \(failure.log) at step \(failure.divergedAt ?? 0)")
            default: lines.append("  " + terminal.red(label) + "  \(failure.reason)")
            }
        }
        if inClear > 0 {
            lines.append(
                "personal data in clear in \(inClear) of \(logs) \(logs == 1 ? "log" : "logs") "
                    + "(checkout replay --mask-personal LOG shows one masked)")
        }
        return lines
    }
}
