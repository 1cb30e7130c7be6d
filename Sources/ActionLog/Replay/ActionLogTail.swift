import Foundation
public import StateStore

/// Where a recording got to: the newest part of a log, reduced to the state after its last
/// complete record. What an app reads on relaunch, after it was killed while recording, to go on
/// from where it was.
///
/// ```swift
/// let tail = try ActionLogTail(path: logPath, reducer: reducer)
/// let store = Store(reducer: reducer, state: tail.finalState)   // go on from there
/// if let torn = tail.tornLine { print("line \(torn.line) was being written when the app died") }
/// ```
///
/// Unlike ``Replayer``, which replays a log from its first part, the tail reads one part: the
/// newest part of the log at `path` (a rotated log continues in `log.1.jsonl`, `log.2.jsonl`, …,
/// see ``ActionLogFormat/partPath(of:part:)``), whose header holds the state it starts from. It
/// keeps no steps, so it costs one part's reading and reducing, whatever the log's length.
///
/// - A part beside the log that belongs to another log (an older recording at the same path:
///   another log id or part number) is not followed.
/// - A part whose file is empty, or whose header is torn, was being created when the recording
///   stopped: the log ends in the part before it (whose footer holds its last state).
/// - A torn last line is skipped and reported (``tornLine``), as ``ActionLogReader`` does;
///   every complete record before it counts. Any other bad line is an error: a log damaged in
///   the middle does not say where it got to.
/// - The fingerprints the part recorded are checked against the states the reducer rebuilds;
///   the first that differs is reported (``firstDivergentSequence``), not an error: the state is
///   what today's reducer makes of the log.
public struct ActionLogTail<State: StoreState & Codable>: Sendable {
    /// The part read: the log's own path, unless it rotated.
    public let path: String
    /// The header of the part read (its state is where that part starts; its log id is the
    /// log's).
    public let header: ActionLogHeader<State>
    /// The state after the last complete record (the part's starting state if it has none).
    public let finalState: State
    /// The sequence number of the last complete record (`header.firstSequence - 1` when the part
    /// has none).
    public let lastSequence: Int
    /// The footer of the part read: `nil` when the recording stopped without closing the log
    /// (the app was killed).
    public let footer: ActionLogFooter?
    /// A torn last line that was skipped: its line number in ``path`` and what was wrong.
    public let tornLine: (line: Int, problem: ActionLogError.LineProblem)?
    /// The first record (by sequence number) after which the rebuilt state's fingerprint differs
    /// from the one recorded, if any: the reducer changed since the log was recorded.
    public let firstDivergentSequence: Int?

    /// Finds the newest part of the log at `path` and reduces it to its last complete record.
    ///
    /// - Parameters:
    ///   - path: The log's first part (the path its recorder was given).
    ///   - reducer: The current reducer (its effects are not run).
    ///   - schemaVersion: This app's action schema version.
    ///   - upgrade: How to read actions of an older schema; without it, older logs are refused.
    ///   - maximumLineBytes: The longest line taken (see
    ///     ``ActionLogReader/init(path:schemaVersion:upgrade:maximumLineBytes:)``).
    /// - Throws: ``ActionLogError`` when the log's first part cannot be read (missing, empty, not
    ///   a log, another format or schema), or a part's line before its last is bad.
    public init(
        path: String,
        reducer: Reducer<State, State.Action>,
        schemaVersion: Int = 1,
        upgrade: ActionSchemaUpgrade? = nil,
        maximumLineBytes: Int = ActionLogFormat.defaultMaximumLineBytes
    ) throws(ActionLogError) {
        func open(_ path: String) throws(ActionLogError) -> ActionLogReader<State> {
            try ActionLogReader<State>(
                path: path, schemaVersion: schemaVersion, upgrade: upgrade, maximumLineBytes: maximumLineBytes)
        }
        var reader = try open(path)
        let logID = reader.header.logID
        var part = reader.header.part
        while part < ActionLogFormat.maximumPart {
            let nextPath = ActionLogFormat.partPath(of: path, part: part + 1)
            guard FileManager.default.fileExists(atPath: nextPath) else { break }
            let next: ActionLogReader<State>
            do {
                next = try open(nextPath)
            } catch {
                // Created, but its header never written whole: the rotation was under way.
                guard Self.isUnfinishedHeader(error) else { throw error }
                break
            }
            guard next.header.logID == logID, next.header.part == part + 1 else { break }
            reader = next
            part += 1
        }

        var state = reader.header.state
        var lastSequence = reader.header.firstSequence - 1
        var divergent: Int?
        while case let batch = try reader.nextBatch(), !batch.isEmpty {
            for record in batch {
                _ = reducer.reduce(&state, record.action)
                lastSequence = record.sequence
                if divergent == nil, let recorded = record.fingerprint, (try? Fingerprint.of(state)) != recorded {
                    divergent = record.sequence
                }
            }
        }
        if divergent == nil, let footer = reader.footer, lastSequence >= reader.header.firstSequence,
            (try? Fingerprint.of(state)) != footer.fingerprint
        {
            divergent = lastSequence
        }
        self.path = reader.path
        header = reader.header
        finalState = state
        self.lastSequence = lastSequence
        footer = reader.footer
        tornLine = reader.tornLine
        firstDivergentSequence = divergent
    }

    /// Whether the part's recording closed with a footer.
    public var closedCleanly: Bool { footer != nil }

    /// An empty file, or a first line cut short or garbled: a header being written when the
    /// writer stopped.
    static func isUnfinishedHeader(_ error: ActionLogError) -> Bool {
        switch error {
        case .empty:
            return true
        case .badLine(_, 1, let problem):
            switch problem {
            case .missingNewline, .missingChecksum, .checksumMismatch: return true
            default: return false
            }
        default:
            return false
        }
    }
}
