public import StateStore

/// Reads a log's records across its rotated parts, one batch at a time, in constant memory: the
/// streaming counterpart of ``Replayer``'s reading, for tools that walk a log once (an export).
///
/// ```swift
/// let reader = try ActionLogPartsReader<CheckoutState>(
///     path: "checkout.jsonl", schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
/// while case let batch = try reader.nextBatch(), !batch.isEmpty {
///     for record in batch { /* … */ }
/// }
/// print(reader.footer != nil ? "closed" : "open")
/// ```
///
/// Each part is checked to continue the one before as ``Replayer`` checks it (log id, part
/// number, sequence, state); a torn last line ends the log (``tornLine``), as a reader's does.
public final class ActionLogPartsReader<State: StoreState & Decodable> {
    /// The first part's header.
    public let header: ActionLogHeader<State>
    /// The part being read.
    public private(set) var path: String
    /// The torn last line skipped, if any: the part's path, the line and what was wrong.
    public private(set) var tornLine: (path: String, line: Int, problem: ActionLogError.LineProblem)?
    /// The footer of the last part, once reached: nil while reading, and for a log that was still
    /// open (or torn). A rotated part's footer (the one naming the next part) is never returned.
    public private(set) var footer: ActionLogFooter?
    /// How many parts have been opened.
    public private(set) var partsRead = 1

    private var reader: ActionLogReader<State>
    private let schemaVersion: Int
    private let upgrade: ActionSchemaUpgrade?
    private let maximumLineBytes: Int
    private var finished = false

    /// Opens the log's first part (`path`) and reads its header.
    ///
    /// - Throws: ``ActionLogError`` as ``ActionLogReader`` does.
    public init(
        path: String, schemaVersion: Int = 1, upgrade: ActionSchemaUpgrade? = nil,
        maximumLineBytes: Int = ActionLogFormat.defaultMaximumLineBytes
    ) throws(ActionLogError) {
        reader = try ActionLogReader<State>(
            path: path, schemaVersion: schemaVersion, upgrade: upgrade, maximumLineBytes: maximumLineBytes)
        header = reader.header
        self.path = path
        self.schemaVersion = schemaVersion
        self.upgrade = upgrade
        self.maximumLineBytes = maximumLineBytes
    }

    /// The next records (at most `maximumCount`), moving to the next part when one ends; empty
    /// at the end of the log.
    ///
    /// - Throws: ``ActionLogError`` for a bad line (naming it) or a part that does not continue
    ///   the one before.
    public func nextBatch(maximumCount: Int = 4096) throws(ActionLogError) -> [ActionLogRecord<State.Action>] {
        while !finished {
            let batch = try reader.nextBatch(maximumCount: maximumCount)
            if !batch.isEmpty { return batch }
            if let torn = reader.tornLine {
                tornLine = (reader.path, torn.line, torn.problem)
                finished = true
                break
            }
            guard let partFooter = reader.footer, let next = partFooter.nextPart else {
                footer = reader.footer
                finished = true
                break
            }
            reader = try reader.nextPart(
                named: next, footer: partFooter, logID: header.logID, schemaVersion: schemaVersion, upgrade: upgrade,
                maximumLineBytes: maximumLineBytes)
            path = reader.path
            partsRead += 1
        }
        return []
    }
}

extension ActionLogReader {
    /// Opens the part `name` (a sibling file) that continues this one, which ended with `footer`,
    /// and checks that it does (see ``checkContinuation(_:at:of:at:footer:logID:)``). Inlinable,
    /// so the reader is made in the caller's code, specialised for its types.
    @inlinable
    func nextPart(
        named name: String, footer: ActionLogFooter, logID: String, schemaVersion: Int,
        upgrade: ActionSchemaUpgrade?, maximumLineBytes: Int
    ) throws(ActionLogError) -> ActionLogReader<State> {
        let nextPath = ActionLogFormat.sibling(of: path, named: name)
        let next = try ActionLogReader<State>(
            path: nextPath, schemaVersion: schemaVersion, upgrade: upgrade, maximumLineBytes: maximumLineBytes)
        try Self.checkContinuation(next.header, at: nextPath, of: header, at: path, footer: footer, logID: logID)
        return next
    }

    /// Throws unless the part `next` (at `nextPath`) continues `previous` (at `previousPath`),
    /// which ended with `footer`: the same log, the next part number (so parts never loop), the
    /// next sequence number, and the state the previous part ended with.
    @usableFromInline
    static func checkContinuation<Other>(
        _ next: ActionLogHeader<State>, at nextPath: String, of previous: ActionLogHeader<Other>,
        at previousPath: String, footer: ActionLogFooter, logID: String
    ) throws(ActionLogError) {
        let continues =
            next.logID == logID && next.part == previous.part + 1
            && next.firstSequence == footer.count + 1 && next.fingerprint == footer.fingerprint
        guard continues else {
            throw .badLine(
                path: nextPath, line: 1,
                problem: .unexpectedLine(
                    "this part does not continue \(previousPath) (log id, part number, sequence or state differs)"))
        }
    }
}

extension ActionLogFormat {
    /// The file `name` in the directory of `path` (a rotated part's footer names the next part by
    /// its file name).
    @usableFromInline
    static func sibling(of path: String, named name: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }
}
