public import ActionLog

/// Why a log was not exported. Every case names where (the log's path, the step and line, the
/// field's path) and what; none carries a personal value or the key.
///
/// ```swift
/// do {
///     _ = try await LogPseudonymisation(rules: decisions).export(logAt: log, to: output)
/// } catch let error as PseudonymisationError {
///     print(error)  // checkout.jsonl:41: step 40 does not verify under this build: …
/// }
/// ```
public enum PseudonymisationError: Error, Sendable, CustomStringConvertible {
    /// The log cannot be read: refused as `checkout replay` refuses it, naming the line.
    case unreadable(ActionLogError)
    /// The path names a later part of a rotated log: export its first part, which continues into
    /// this one.
    case notFirstPart(path: String, part: Int)
    /// The log does not replay to its own recorded fingerprints under this build (at `step`, on
    /// `line` of `path`): an export could not prove that it keeps the decisions.
    case doesNotVerify(path: String, step: Int, line: Int)
    /// Every pseudonym tried for `field` changed `decision` at `step` (on `line`): refused rather
    /// than written as a different journey. `field` names the field whose pseudonym changed it,
    /// or lists the fields in play when none alone did.
    case decisionChanged(path: String, step: Int, line: Int, decision: String, field: String)
    /// A value could not be pseudonymised (see ``PseudonymError``), in `field` at `step` (0: the
    /// header's state) on `line`.
    case cannotPseudonymise(path: String, step: Int, line: Int, field: String, reason: String)
    /// The output exists and overwriting was not asked for.
    case outputExists(path: String)
    /// The output is the log itself (or one of its parts).
    case outputIsInput(path: String)
    /// The output could not be written.
    case cannotWrite(path: String, reason: String)
    /// The written export did not replay to its own fingerprints (at `step`): a fault of this
    /// build, never written to the output.
    case exportDoesNotVerify(step: Int, reason: String)

    /// One line naming where and what.
    public var description: String {
        switch self {
        case .unreadable(let error):
            return error.description
        case .notFirstPart(let path, let part):
            return "\(path):1: part \(part) of a rotated log, not its first part (export the first part: it continues "
                + "into this one)"
        case .doesNotVerify(let path, let step, let line):
            return "\(path):\(line): step \(step) does not verify under this build (its recorded fingerprint differs "
                + "from the replay's): an export cannot prove that it keeps the decisions; refused"
        case .decisionChanged(let path, let step, let line, let decision, let field):
            return "\(path):\(line): step \(step): every pseudonym tried for \(field) changed the decision "
                + "\(decision); refused rather than exported as a different journey"
        case .cannotPseudonymise(let path, let step, let line, let field, let reason):
            let at = step == 0 ? "the header's state" : "step \(step)"
            return "\(path):\(line): \(at): \(field) cannot be pseudonymised: \(reason)"
        case .outputExists(let path):
            return "\(path) exists (use --force to overwrite it)"
        case .outputIsInput(let path):
            return "\(path) is the log being exported: write the export elsewhere"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .exportDoesNotVerify(let step, let reason):
            return "the export did not verify at step \(step) (\(reason)); nothing was written"
        }
    }
}
