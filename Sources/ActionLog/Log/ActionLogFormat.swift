import StateStore

/// The action-log format: JSON Lines, one header, one line per reduced action, an optional footer.
///
/// ```
/// {"format":"checkoutengine-actionlog","formatVersion":1,"engine":"0.1.0","app":"4.2","schema":1,"logId":"…","created":1763770000000,"part":0,"firstSeq":1,"state":{…},"fp":"…","crc":"1a2b3c4d"}
/// {"seq":1,"t":1763770000123,"action":{"increment":{}},"crc":"…"}
/// {"seq":64,"t":1763770000456,"action":{…},"fp":"9f2c41d07b6a3e58","crc":"…"}
/// {"end":{"count":64,"fp":"9f2c41d07b6a3e58"},"crc":"…"}
/// ```
///
/// - Every line ends with `\n` and carries, as its last member, `"crc"`: the ``LineChecksum`` of
///   every byte of the line before `,"crc":"`. A line without its newline, or whose checksum does
///   not match, is *torn*.
/// - `fp` is the ``Fingerprint`` of the state after that action, written every
///   ``ActionLogConfiguration/fingerprintInterval`` actions (and in the header and footer).
/// - `t` is the recording time in milliseconds since 1970: information for people, never an input
///   to a reducer.
/// - A log that rotates continues in a new part whose header holds the state at that point, so
///   each part replays on its own; the old part's footer names the next (`"next":"…"`).
public enum ActionLogFormat {
    /// The format's name, in every header.
    public static let name = "checkoutengine-actionlog"
    /// The format version this engine writes and reads. Older versions are upgraded on reading;
    /// newer ones are refused.
    public static let version = 1
    /// This engine's version, written in headers.
    public static let engineVersion = "0.1.0"

    /// The longest line a reader takes by default: 16 MiB before the newline. A checkout log's
    /// lines are a few hundred bytes to a few kilobytes (the header, holding a whole state, is the
    /// longest); a longer line is refused with ``ActionLogError/LineProblem/lineTooLong(limit:)``
    /// rather than read into memory, so a damaged or hostile file (`/dev/zero`, a file of one huge
    /// line) cannot exhaust memory.
    public static let defaultMaximumLineBytes = 16 << 20
    /// The largest line limit a reader accepts (256 MiB); a larger `maximumLineBytes` is taken
    /// as this.
    public static let maximumLineBytesCeiling = 1 << 28
    /// The largest sequence number (and `firstSeq`, and footer `count`) a log may hold: 2^53, the
    /// largest integer every JSON reader keeps exactly. Bounding it at decoding keeps every sum a
    /// reader does on sequence numbers far from overflow. (`Int.max` where `Int` has 32 bits.)
    public static let maximumSequence = Int(truncatingIfNeeded: min(Int64(1) << 53, Int64(Int.max)))
    /// The largest part number of a rotated log: 2^31 - 1.
    public static let maximumPart = Int(Int32.max)

    /// The file of part `part` of the log whose first part is `path`, as a recorder names the
    /// parts it rotates to: `log.jsonl`, `log.1.jsonl`, `log.2.jsonl`, … (`log.1` for a path
    /// without an extension).
    public static func partPath(of path: String, part: Int) -> String {
        guard part > 0 else { return path }
        if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") {
            return "\(path[..<dot]).\(part)\(path[dot...])"
        }
        return "\(path).\(part)"
    }

    /// `{"format":"checkoutengine-actionlog"`: how every header this engine writes begins.
    static let headerPrefix = Array("{\"format\":\"\(name)\"".utf8)

    /// `,"crc":"` + 8 hex digits + `"}` + `\n`.
    static let trailerLength = 19
    static let trailerPrefix: [UInt8] = Array(#","crc":""#.utf8)

    /// Finishes a line: appends the checksum trailer over `body` (which must be a JSON object
    /// without its closing brace) and the newline.
    static func seal(_ body: inout [UInt8]) {
        let checksum = body.withUnsafeBytes { LineChecksum.compute($0) }
        body.append(contentsOf: #","crc":""#.utf8)
        LineChecksum.appendHex(checksum, to: &body)
        body.append(contentsOf: "\"}\n".utf8)
    }

    /// Finishes a line held as text (see the byte version).
    static func seal(_ body: inout String) {
        let checksum = LineChecksum.compute(body)
        body += #","crc":""#
        body += LineChecksum.hex(checksum)
        body += "\"}\n"
    }
}

/// The first line of a log: what wrote it, and the state it starts from.
public struct ActionLogHeader<State>: Sendable where State: Sendable {
    /// The format version the log was written in.
    public var formatVersion: Int
    /// The engine version that wrote it.
    public var engineVersion: String
    /// The host app's version.
    public var appVersion: String
    /// The version of the action schema (the host's action enum) the log was written with.
    public var schemaVersion: Int
    /// A random identifier of the log (shared by all parts of a rotated log).
    public var logID: String
    /// When the log was created, in milliseconds since 1970.
    public var createdMilliseconds: Int64
    /// Which part of a rotated log this is (0 for the first).
    public var part: Int
    /// The sequence number of the first action in this part.
    public var firstSequence: Int
    /// The state before the first action of this part.
    public var state: State
    /// The fingerprint of `state`.
    public var fingerprint: Fingerprint
    /// The `privacy` member: present only in a pseudonymised export (its scheme version and kept
    /// key's id); nil for a log that holds personal data in clear, as every recorder writes it.
    public var privacy: ActionLogPrivacy? = nil
}

/// One recorded action.
public struct ActionLogRecord<Action>: Sendable where Action: Sendable {
    /// The action's sequence number, from 1, without gaps.
    public var sequence: Int
    /// When it was recorded, in milliseconds since 1970.
    public var timeMilliseconds: Int64
    /// The action.
    public var action: Action
    /// The fingerprint of the state after this action, when the recorder wrote one.
    public var fingerprint: Fingerprint?
    /// The line number of this record in its file (the header is line 1).
    public var line: Int

    @usableFromInline @inline(__always)
    init(sequence: Int, timeMilliseconds: Int64, action: Action, fingerprint: Fingerprint?, line: Int) {
        self.sequence = sequence
        self.timeMilliseconds = timeMilliseconds
        self.action = action
        self.fingerprint = fingerprint
        self.line = line
    }
}

/// The last line of a cleanly closed log (or log part).
public struct ActionLogFooter: Sendable, Equatable {
    /// How many actions the log holds, across all parts up to this one.
    public var count: Int
    /// The fingerprint of the final state.
    public var fingerprint: Fingerprint
    /// The file name of the next part, when the log rotated.
    public var nextPart: String?
}

/// What a recorder writes into headers besides the state, and how it sizes, rotates and keeps logs.
public struct ActionLogConfiguration: Sendable {
    /// The host app's version.
    public var appVersion: String
    /// The version of the host's action schema; bump it when an action changes shape, and give
    /// readers an upgrade step for older logs.
    public var schemaVersion: Int
    /// A state fingerprint is written every this many actions (at least 1: a smaller value set
    /// later is taken as 1, as ``init(appVersion:schemaVersion:fingerprintInterval:maximumFileBytes:maximumTotalBytes:maximumAge:)``
    /// takes it; the recorder divides by it).
    public var fingerprintInterval: Int {
        didSet { if fingerprintInterval < 1 { fingerprintInterval = 1 } }
    }
    /// A file larger than this many bytes is closed and the log continues in a new part
    /// (default 64 MiB, at least 4 KiB).
    public var maximumFileBytes: Int
    /// The most bytes all parts of one log may hold together (default 256 MiB, at least
    /// ``maximumFileBytes``): a device never fills its disk with one log. When another part would
    /// take the log past it, the recorder closes the log cleanly with a footer and stops with
    /// ``ActionLogError/sizeLimitReached(path:limitBytes:)``; the store keeps running, and
    /// everything recorded until then replays.
    public var maximumTotalBytes: Int
    /// How long logs are kept in the recorder's directory (default
    /// ``defaultMaximumAge``, 30 days; `nil` keeps them until the app removes them; a negative
    /// age counts as zero). When a recorder opens a log, and whenever it rotates to a new part,
    /// every log part and export in its directory whose header's `created` is older than this is
    /// removed; a part whose header cannot be read goes by its file's modification date. Only the
    /// directory's own files are touched, and the parts of logs still being recorded are kept:
    /// see ``ActionLogDirectory``.
    public var maximumAge: Duration?

    /// The default ``maximumAge``: 30 days.
    public static let defaultMaximumAge = Duration.seconds(30 * 24 * 60 * 60)

    /// Creates a configuration.
    public init(
        appVersion: String = "unknown",
        schemaVersion: Int = 1,
        fingerprintInterval: Int = 100,
        maximumFileBytes: Int = 64 << 20,
        maximumTotalBytes: Int = 256 << 20,
        maximumAge: Duration? = ActionLogConfiguration.defaultMaximumAge
    ) {
        self.appVersion = appVersion
        self.schemaVersion = schemaVersion
        self.fingerprintInterval = max(1, fingerprintInterval)
        self.maximumFileBytes = max(4096, maximumFileBytes)
        self.maximumTotalBytes = max(self.maximumFileBytes, maximumTotalBytes)
        self.maximumAge = maximumAge.map { max($0, .zero) }
    }
}
