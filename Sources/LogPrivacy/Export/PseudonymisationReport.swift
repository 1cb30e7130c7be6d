public import ActionLog

/// What one export did, in counts and names only: it never holds a personal value or the key, so
/// it can be printed, written as JSON (`checkout pseudonymise --json`) and attached to a ticket.
///
/// ```swift
/// let report = try await LogPseudonymisation(rules: decisions).export(logAt: log, to: output)
/// print(report.leaves.personal, report.pseudonyms.redraws, report.pseudonyms.freeTextFieldsTouched)
/// ```
public struct PseudonymisationReport: Sendable, Hashable, Codable {
    /// The log exported (its first part).
    public var log: String
    /// Where the export was written.
    public var output: String
    /// Steps (actions) exported.
    public var steps: Int
    /// Parts of the original read (a rotated log's; the export is one part).
    public var partsRead: Int
    /// Whether the original closed cleanly, so the export has a footer.
    public var closedCleanly: Bool
    /// The torn last line dropped, if any (the original's line number).
    public var tornLineDropped: Int?
    /// The export header's `privacy` member.
    public var privacy: ActionLogPrivacy
    /// The leaves written, by class (the header's state and every action).
    public var leaves: LeafCounts
    /// The pseudonymiser's counts: distinct values and occurrences by kind, redraws, free-text
    /// fields touched.
    public var pseudonyms: PseudonymReport
    /// Times the export started over because a redrawn value had appeared before the step whose
    /// decision it changed.
    public var restarts: Int

    /// Creates a report.
    public init(
        log: String, output: String, steps: Int, partsRead: Int, closedCleanly: Bool, tornLineDropped: Int?,
        privacy: ActionLogPrivacy, leaves: LeafCounts, pseudonyms: PseudonymReport, restarts: Int
    ) {
        self.log = log
        self.output = output
        self.steps = steps
        self.partsRead = partsRead
        self.closedCleanly = closedCleanly
        self.tornLineDropped = tornLineDropped
        self.privacy = privacy
        self.leaves = leaves
        self.pseudonyms = pseudonyms
        self.restarts = restarts
    }
}
