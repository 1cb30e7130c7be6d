import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore

/// `checkout replay LOG`: a recorded checkout, step by step.
struct ReplayCommand {
    let path: String
    let stopAfter: Int?
    let json: Bool
    let verify: Bool
    /// Show bookkeeping (request ids, in-flight counters) and every section's status too.
    let all: Bool
    /// `--mask-personal`: show every personal value as its marker (`‹email#1›`).
    let maskPersonal: Bool
    let maximumLineBytes: Int
    let terminal: Terminal

    init(options: Options) throws {
        var options = options
        guard options.positional.count == 1 else {
            throw UsageError(options.positional.isEmpty ? "replay needs a LOG file" : "replay takes one LOG file")
        }
        path = options.positional[0]
        if let text = options.value("--to") {
            guard let step = Int(text), step >= 0 else { throw UsageError("--to needs a step number, got \"\(text)\"") }
            stopAfter = step
        } else {
            stopAfter = nil
        }
        maximumLineBytes = try Self.maximumLineBytes(&options)
        json = options.flag("--json")
        verify = options.flag("--verify")
        all = options.flag("--all")
        maskPersonal = options.flag("--mask-personal")
        terminal = Terminal(noColor: options.flag("--no-color"))
        try options.rejectUnknown()
        if verify, let stopAfter {
            throw UsageError("--to \(stopAfter) and --verify do not go together: --verify checks every step of the log")
        }
    }

    /// The reducer a replay runs: the checkout's own, with an environment no effect will use
    /// (replays run with effects off).
    static var reducer: Reducer<CheckoutState, CheckoutAction> { JourneyWalk.reducer }

    /// `--max-line-bytes SIZE` (replay's and inspect's), or the default.
    static func maximumLineBytes(_ options: inout Options) throws -> Int {
        guard let text = options.value("--max-line-bytes") else { return ActionLogFormat.defaultMaximumLineBytes }
        guard let bytes = byteCount(text), (1...ActionLogFormat.maximumLineBytesCeiling).contains(bytes) else {
            throw UsageError("--max-line-bytes needs a size from 1 to 256M (bytes, or with K, M or G), got \"\(text)\"")
        }
        return bytes
    }

    /// Loads and replays a log, with a progress bar for a long one.
    static func load(_ path: String, maximumLineBytes: Int, terminal: Terminal) throws -> Replayer<CheckoutState> {
        defer { terminal.clearProgress() }
        return try Replayer(
            path: path, reducer: reducer, schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade,
            maximumLineBytes: maximumLineBytes
        ) { done, estimate in
            guard let estimate, estimate >= longLog else { return }
            terminal.progress(done, of: max(estimate, done + 1))
        }
    }

    /// The steps from which loading a log shows a progress bar (about a second's work).
    static let longLog = 100_000
    /// The steps from which printing them shows a progress bar (about a second's printing).
    static let longPrint = 2_000

    /// A size in bytes: digits, optionally followed by `K`, `M` or `G` (binary multiples).
    static func byteCount(_ text: String) -> Int? {
        var digits = Substring(text)
        var shift = 0
        switch digits.last {
        case "K", "k": shift = 10
        case "M", "m": shift = 20
        case "G", "g": shift = 30
        default: break
        }
        if shift > 0 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0,
            value <= Int.max >> shift
        else { return nil }
        return value << shift
    }

    func run() throws -> Int32 {
        let replay = try Self.load(path, maximumLineBytes: maximumLineBytes, terminal: terminal)
        if let stopAfter, stopAfter > replay.count {
            throw UsageError("--to \(stopAfter) is past the end of \(path): it has \(replay.count) steps")
        }
        // A progress bar only for a long replay: a short one is over before a bar could help.
        let terminal = replay.count >= Self.longPrint ? terminal : terminal.withoutProgress
        let output = Output()
        defer { output.flush() }
        let personalData = PersonalDataView(replay, mask: maskPersonal)
        if let notice = personalData.notice(path: path) {
            FileHandle.standardError.write(Data((notice + "\n").utf8))
        }
        if let torn = replay.tornLine {
            FileHandle.standardError.write(
                Data("checkout: \(torn.path):\(torn.line): \(torn.problem); skipped (the recording was cut off)\n".utf8)
            )
        }
        if !replay.closedCleanly {
            FileHandle.standardError.write(
                Data(
                    ("checkout: \(replay.lastPath): the recording did not close cleanly (the log has no footer): "
                        + "its \(replay.count) complete steps replay, but records lost after them cannot be detected\n")
                        .utf8))
        }
        if verify {
            return report(verification: replay, personalData: personalData, to: output)
        }
        let last = min(stopAfter ?? replay.count, replay.count)
        if json {
            try writeJSON(replay, through: last, personalData: personalData, to: output)
        } else {
            try writeText(replay, through: last, personalData: personalData, to: output, terminal: terminal)
        }
        return 0
    }

    /// The replay for people: per step the action in words, the journey when it moved, the
    /// changes that matter and the analytics events; then the state's fields.
    private func writeText(
        _ replay: Replayer<CheckoutState>, through last: Int, personalData: PersonalDataView, to output: Output,
        terminal: Terminal
    ) throws {
        var walk = try JourneyWalk(replay, personalData: personalData)
        let kind = replay.initialState.kind
        output.line(
            terminal.bold(
                "\(path): a \(kind.rawValue) checkout, \(replay.count) steps, app \(replay.header.appVersion), "
                    + "log \(replay.header.logID)" + (personalData.isMasked ? ", personal data masked" : "")))
        output.line("start  " + terminal.bold(walk.journey.text))
        while walk.walked < last {
            let before = walk.state.native.sections
            guard let step = try walk.next() else { break }
            output.line(terminal.bold("step \(step.number)") + "  " + step.words)
            if step.journeyChanged { output.line("  journey: " + terminal.bold(step.journey.text)) }
            let lines = ReplayText.changes(of: step, before: before, after: walk.state.native.sections, all: all)
            if lines.isEmpty && !step.journeyChanged && step.events.isEmpty {
                output.line(
                    terminal.dim(step.changes.isEmpty ? "  no change" : "  only bookkeeping changed (--all shows it)"))
            }
            for line in lines {
                switch line.kind {
                case .added: output.line(terminal.green("  " + line.text))
                case .removed: output.line(terminal.red("  " + line.text))
                case .changed: output.line("  " + line.text)
                }
            }
            for event in step.events {
                output.line(terminal.dim("  analytics: " + Self.text(of: event)))
            }
            if step.number % 256 == 0 || step.number == last { terminal.progress(step.number, of: last) }
        }
        output.line(terminal.bold(last == replay.count ? "final state" : "state after step \(last)"))
        for line in ReplayText.state(walk.canonical, kind: kind, sections: walk.state.native.sections, all: all) {
            output.line("  " + line)
        }
    }

    /// `purchase currency=GBP shipping=3.95 transaction_id=order-1 value=42` (items too, when known).
    static func text(of event: CheckoutAnalyticsEvent) -> String {
        let parameters = event.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return event.name + (parameters.isEmpty ? "" : " " + parameters.joined(separator: " "))
    }

    /// JSON Lines with the full fidelity of the log: every action and change as recorded.
    private func writeJSON(
        _ replay: Replayer<CheckoutState>, through last: Int, personalData: PersonalDataView, to output: Output
    ) throws {
        var personalData = personalData
        var state = replay.initialState
        var lines = try CanonicalEncoder.encode(personalData.shown(state)).renderedLines
        output.line(
            "{\"log\":\(jsonString(path)),\"steps\":\(replay.count),\"app\":\(jsonString(replay.header.appVersion))"
                + ",\"logId\":\(jsonString(replay.header.logID)),\"closed\":\(replay.closedCleanly)"
                + personalData.jsonText + "}")
        for index in 0..<last {
            let step = replay.steps[index]
            let before = state
            _ = Self.reducer.reduce(&state, step.action)
            let newLines = try CanonicalEncoder.encode(personalData.shown(state)).renderedLines
            let changes = ActionText.changes(from: lines, to: newLines)
            // Analytics events carry no personal data (see CheckoutAnalyticsEvent).
            let events = CheckoutAnalyticsMiddleware.events(for: step.action, before: before, after: state)
            let action = try CanonicalEncoder.encode(personalData.shown(step.action))
            let changeList = changes.map { jsonString(($0.removed ? "- " : "+ ") + $0.text) }.joined(separator: ",")
            let eventList = try events.map { try CanonicalEncoder.encode($0).compactJSON }.joined(separator: ",")
            output.line(
                "{\"step\":\(index + 1),\"seq\":\(step.sequence),\"action\":\(action.compactJSON)"
                    + ",\"changes\":[\(changeList)],\"events\":[\(eventList)]}")
            lines = newLines
            if index % 256 == 0 || index + 1 == last { terminal.progress(index + 1, of: last) }
        }
        // The fingerprint is the replayed state's, as recorded (a masked state's would match nothing).
        let recorded = try CanonicalEncoder.encode(state)
        let fingerprint = Fingerprint.of(canonical: recorded)
        let final = personalData.isMasked ? try CanonicalEncoder.encode(personalData.shown(state)) : recorded
        output.line("{\"final\":\(final.compactJSON),\"step\":\(last),\"fingerprint\":\"\(fingerprint)\"}")
    }

    private func report(
        verification replay: Replayer<CheckoutState>, personalData: PersonalDataView, to output: Output
    ) -> Int32 {
        var personalData = personalData
        // The fingerprints the replay compared: a footer counts only when it was checked.
        let checked = replay.fingerprintsChecked
        guard let divergence = replay.divergence else {
            let fingerprint = (try? Fingerprint.of(replay.finalState))?.description ?? "?"
            if json {
                output.line(
                    "{\"verified\":true,\"steps\":\(replay.count),\"fingerprintsChecked\":\(checked),\"final\":\"\(fingerprint)\""
                        + ",\"closed\":\(replay.closedCleanly)" + personalData.jsonText + "}"
                )
            } else {
                output.line(
                    terminal.green("verified") + ": \(replay.count) steps reproduce the recording "
                        + "(\(checked) fingerprints match; final state \(fingerprint))")
            }
            return 0
        }
        let action =
            (try? CanonicalEncoder.encode(personalData.shown(divergence.action))).map { ActionText.describe($0) } ?? "?"
        let before =
            (try? CanonicalEncoder.encode(personalData.shown(divergence.lastMatchingState)).renderedLines) ?? []
        let after = (try? CanonicalEncoder.encode(personalData.shown(divergence.replayedState)).renderedLines) ?? []
        let changes = ActionText.changes(from: before, to: after)
        if json {
            let list = changes.map { jsonString(($0.removed ? "- " : "+ ") + $0.text) }.joined(separator: ",")
            output.line(
                "{\"verified\":false,\"step\":\(divergence.step),\"recorded\":\"\(divergence.recorded)\""
                    + ",\"replayed\":\"\(divergence.replayed)\",\"sinceStep\":\(divergence.lastMatchingStep),\"changes\":[\(list)]"
                    + ",\"closed\":\(replay.closedCleanly)" + personalData.jsonText + "}"
            )
        } else {
            output.line(terminal.red("diverged") + " at step \(divergence.step): \(action)")
            output.line("  recorded fingerprint \(divergence.recorded), replayed \(divergence.replayed)")
            output.line("  the replayed state since step \(divergence.lastMatchingStep), the last that matched:")
            for change in changes {
                output.line(change.removed ? terminal.red("  - " + change.text) : terminal.green("  + " + change.text))
            }
        }
        return 1
    }
}

/// A JSON string literal.
func jsonString(_ text: String) -> String {
    CanonicalValue.string(text).compactJSON
}
