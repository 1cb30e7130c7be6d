public import ActionLog
public import Foundation

/// Exports a log with its personal data pseudonymised, proving that the export replays to the
/// same decisions as the original, or refusing: `checkout pseudonymise` on the command line, and
/// the call an app makes on the device before it uploads a log.
///
/// ```swift
/// import Checkout
/// import LogPrivacy
///
/// let decisions = CheckoutDecisions(reducer: CheckoutReducer.make(environment: environment))
/// let progress = Progress()
/// let task = Task {
///     try await LogPseudonymisation(rules: decisions).export(logAt: logPath, into: logDirectory, progress: progress)
/// }
/// // … task.cancel() stops it; progress.fractionCompleted for a progress bar
/// let report = try await task.value   // report.output: the export, in logDirectory's exports area
/// ```
///
/// What an export does:
///
/// 1. Reads the whole log (every rotated part; a torn last line is dropped, as a reader drops it)
///    with the log's own typed decoders, and makes every personal value it holds known to one
///    ``Pseudonymiser``, so that no pseudonym equals an original value of the log and free text
///    can be scrubbed of every value, wherever in the log it first appears.
/// 2. Replays the original and the export side by side with the rules' reducer: each action's
///    personal leaves are replaced (`DataVisitor`, the classification beside each type), and at
///    every step the rules compare what the two replays decided
///    (`ReplayDecisions.difference(between:and:)`; from the second step on, which follows a step
///    that decided the same, `ReplayDecisions.differenceFollowingEqualStep(between:and:)`, which
///    may compare only what the step changed). The original's recorded fingerprints are
///    checked as it goes: a log that does not verify under this build is refused naming the step.
///    A pseudonym that changes a decision is found by bisection over the step's personal values
///    and redrawn (deterministically from the key, at most ``Pseudonymiser/maximumAttempts``
///    candidates); the export then starts over, so the redrawn value is the same at every
///    occurrence. If no candidate keeps the decision, the export is refused naming the step, the
///    decision and the field.
/// 3. Writes, as it goes, a new log under a temporary name (one part, the original's log id,
///    creation time, app version and sequence numbers; fingerprints at the original's sequence
///    numbers, recomputed over the export's states; a footer only if the original had one; a
///    header `privacy` member naming the scheme version and, for a kept key only, the key's id).
/// 4. Reads the written file back and replays it against its own fingerprints, and only then
///    renames it to the output. Nothing partial or unverified is ever at the output; an existing
///    output is replaced only when ``overwrite`` is set.
///
/// **Memory.** The log is streamed: in memory are two states (original and export), one batch of
/// at most 4,096 records being decoded, about 64 KiB of output lines, and the pseudonymiser's
/// tables, which grow with the number of *distinct* personal values in the log (a few hundred
/// bytes each), not with its length: a million-action log of one checkout holds a handful.
///
/// **Keys.** A random key by default (made for this export and never written: its pseudonyms can
/// neither be reversed nor linked to another export's). Pass a kept key only where one
/// customer's logs must share pseudonyms; a key built into an app can be extracted from it.
public struct LogPseudonymisation<Rules: ReplayDecisions>: Sendable {
    /// The app's notion of "the same decisions", and its reducer.
    public var rules: Rules
    /// The key, or nil for a random key made for each export.
    public var key: PseudonymKey?
    /// Whether an existing output may be replaced.
    public var overwrite: Bool
    /// The longest line read (see `ActionLogReader`).
    public var maximumLineBytes: Int

    /// Creates an export with `rules`, under `key` (nil: a random key per export).
    public init(
        rules: Rules, key: PseudonymKey? = nil, overwrite: Bool = false,
        maximumLineBytes: Int = ActionLogFormat.defaultMaximumLineBytes
    ) {
        self.rules = rules
        self.key = key
        self.overwrite = overwrite
        self.maximumLineBytes = maximumLineBytes
    }

    /// Exports the log whose first part is `path` to `output`, off the caller's thread.
    /// Cancelling the calling task stops the export (it throws `CancellationError` and leaves
    /// nothing at `output`); `progress` counts the steps of each pass: while the first pass
    /// reads the log its total is unknown (negative: `isIndeterminate`) and it counts the steps
    /// read; then the total is three passes of the log's steps and one unit for the rename.
    ///
    /// - Throws: ``PseudonymisationError`` naming where and why, ``PseudonymKeyError`` if no
    ///   random key can be made, or `CancellationError`.
    public func export(
        logAt path: String, to output: String, progress: Progress? = nil
    ) async throws
        -> PseudonymisationReport
    {
        let progress = progress ?? Progress(totalUnitCount: 0)
        return try await withTaskCancellationHandler {
            try await Task.detached(priority: .utility) {
                try self.exportNow(logAt: path, to: output, progress: progress)
            }.value
        } onCancel: {
            progress.cancel()
        }
    }

    /// Exports the log whose first part is `path` into `directory`'s exports area, under the
    /// log's file name, off the caller's thread (see ``export(logAt:to:progress:)``).
    /// `ActionLogDirectory.eraseAll()` erases exports not yet uploaded, and the
    /// temporary files of an export that was killed.
    public func export(
        logAt path: String, into directory: ActionLogDirectory, progress: Progress? = nil
    ) async throws
        -> PseudonymisationReport
    {
        let exports: String
        do {
            exports = try directory.createExportsDirectory()
        } catch {
            throw PseudonymisationError.cannotWrite(path: directory.exportsPath, reason: error.description)
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return try await export(logAt: path, to: exports + "/" + name, progress: progress)
    }

    /// Exports on the calling thread (the command-line tool's form of
    /// ``export(logAt:to:progress:)``); `progress.cancel()` stops it.
    public func exportNow(
        logAt path: String, to output: String, progress: Progress? = nil
    ) throws
        -> PseudonymisationReport
    {
        let key = try self.key ?? PseudonymKey.random()
        let run = ExportRun(
            rules: rules, key: key, path: path, output: output, overwrite: overwrite,
            maximumLineBytes: maximumLineBytes, progress: progress)
        return try run.run()
    }
}
