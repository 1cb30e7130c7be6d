import StateStore

/// Everything that can go wrong writing or reading an action log, each saying what and where.
public enum ActionLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file operation failed (disk full, closed file, permissions...).
    case io(LogIOError)
    /// A value could not be encoded for the log.
    case encodingFailed(what: String, reason: String)
    /// The log file could not be opened or read.
    case cannotRead(path: String, reason: String)
    /// The file is empty: it has no header.
    case empty(path: String)
    /// The file is not an action log: its first line is not a log header (another kind of file).
    case notAnActionLog(path: String, reason: NotALogReason)
    /// The log was written in a newer format version than this engine reads.
    case newerFormat(path: String, found: Int, supported: Int)
    /// The log's actions were written with a newer schema than this app knows.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The log's actions were written with an older schema and no upgrade step was given.
    case olderSchemaWithoutUpgrade(path: String, found: Int, supported: Int)
    /// A line is bad: the reader stops there, after handing back every good record before it.
    case badLine(path: String, line: Int, problem: LineProblem)
    /// An action names a case this app's action type does not have.
    case unknownAction(path: String, line: Int, name: String, at: String)
    /// Recording stopped because another part would take the log past
    /// ``ActionLogConfiguration/maximumTotalBytes``; the log was closed cleanly before it.
    case sizeLimitReached(path: String, limitBytes: Int)

    /// Why a file is not an action log.
    public enum NotALogReason: Equatable, Sendable, CustomStringConvertible {
        /// Line 1 is not a log header: not a line of this format (text, another JSON file, a
        /// binary file), or a checksummed line without the format's name (a record: the file was
        /// cut from its start). A header that begins as this format's do but is torn or damaged is
        /// a ``LineProblem`` at line 1 instead.
        case notALogHeader
        /// Line 1 is a checksummed header that names another format.
        case otherFormat(String)

        /// A readable reason.
        public var description: String {
            switch self {
            case .notALogHeader: return "line 1 is not a log header"
            case .otherFormat(let name):
                return "line 1 is the header of another format (\"\(name)\", not \"\(ActionLogFormat.name)\")"
            }
        }
    }

    /// What is wrong with a line.
    public enum LineProblem: Equatable, Sendable, CustomStringConvertible {
        /// The line does not end with a newline (it was being written when the writer stopped).
        case missingNewline
        /// The line has no checksum trailer.
        case missingChecksum
        /// The checksum does not match the line's bytes.
        case checksumMismatch(expected: String, found: String)
        /// The line is not valid JSON.
        case invalidJSON(String)
        /// A required member is missing or has the wrong type.
        case missingField(String)
        /// The sequence number is not the next one.
        case sequenceGap(expected: Int, found: Int)
        /// The action could not be decoded.
        case undecodableAction(String)
        /// The state could not be decoded.
        case undecodableState(String)
        /// A line after the footer, or a second header.
        case unexpectedLine(String)
        /// The line is longer than the reader's limit (`maximumLineBytes`, bytes before the
        /// newline); reading stops there rather than holding it in memory.
        case lineTooLong(limit: Int)
        /// An integer field holds a value outside what the format allows.
        case outOfRange(field: String, value: String, allowed: String)
        /// The footer's `count` disagrees with the last record's sequence number: records were
        /// lost (or added) before the footer.
        case footerCountMismatch(count: Int, lastSequence: Int)
        /// A recorded fingerprint disagrees with the state the log itself holds at that point (the
        /// header's state, or the footer of a part without records): the log was edited or damaged.
        case fingerprintMismatch(field: String, recorded: String, computed: String)

        /// A readable reason.
        public var description: String {
            switch self {
            case .missingNewline: return "the line has no newline (torn)"
            case .missingChecksum: return "the line has no checksum"
            case .checksumMismatch(let expected, let found):
                return "checksum mismatch (line says \(found), bytes give \(expected))"
            case .invalidJSON(let reason): return "invalid JSON: \(reason)"
            case .missingField(let field): return "missing or invalid field \"\(field)\""
            case .sequenceGap(let expected, let found): return "sequence number \(found), expected \(expected)"
            case .undecodableAction(let reason): return "the action cannot be decoded: \(reason)"
            case .undecodableState(let reason): return "the state cannot be decoded: \(reason)"
            case .unexpectedLine(let reason): return reason
            case .lineTooLong(let limit):
                return "the line is longer than \(limit) bytes, the longest line this reader takes"
            case .outOfRange(let field, let value, let allowed):
                return "field \"\(field)\" is \(value), outside \(allowed)"
            case .footerCountMismatch(let count, let lastSequence):
                if count > lastSequence {
                    let missing = count - lastSequence
                    let which =
                        missing == 1 ? "record \(count) is" : "records \(lastSequence + 1) to \(count) are"
                    return "the footer counts \(count) actions but the last record is \(lastSequence): "
                        + "\(which) missing before the footer"
                }
                return "the footer counts \(count) actions but the records go on to \(lastSequence)"
            case .fingerprintMismatch(let field, let recorded, let computed):
                return "\"\(field)\" is \(recorded) but the state it stands for gives \(computed): "
                    + "the log was edited or damaged"
            }
        }
    }

    /// One line: the file, the line and the reason.
    public var description: String {
        switch self {
        case .io(let error): return error.description
        case .encodingFailed(let what, let reason): return "cannot encode \(what) for the log: \(reason)"
        case .cannotRead(let path, let reason): return "\(path): cannot read: \(reason)"
        case .empty(let path): return "\(path): the file is empty (no header)"
        case .notAnActionLog(let path, let reason): return "\(path): not an action log: \(reason)"
        case .newerFormat(let path, let found, let supported):
            return "\(path):1: format version \(found) is newer than this engine reads (\(supported))"
        case .newerSchema(let path, let found, let supported):
            return "\(path):1: action schema \(found) is newer than this app's (\(supported))"
        case .olderSchemaWithoutUpgrade(let path, let found, let supported):
            return
                "\(path):1: action schema \(found) is older than this app's (\(supported)) and no upgrade step is set"
        case .badLine(let path, let line, let problem): return "\(path):\(line): \(problem)"
        case .unknownAction(let path, let line, let name, let at):
            return "\(path):\(line): unknown action case \"\(name)\"" + (at.isEmpty ? "" : " in \(at)")
        case .sizeLimitReached(let path, let limitBytes):
            return "\(path): recording stopped at the log's size limit of \(limitBytes) bytes (closed cleanly)"
        }
    }
}
