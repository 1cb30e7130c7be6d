import ActionLog

/// What `checkout verify` found for one log: one line of its output, in text or JSON.
///
/// The JSON line carries everything the text line shows, so `verify --merge` prints, from the
/// shards' JSON, exactly what one run prints. Members that are unknown are left out.
struct LogVerdict: Decodable, Equatable {
    /// The four outcomes. Only `diverged` and `unreadable` fail a run.
    enum Status: String, Decodable {
        /// Closed cleanly (a footer), and every recorded fingerprint matches.
        case verified
        /// No footer (the app was killed): every complete record matches up to the last one.
        case open
        /// A recorded fingerprint differs from the replayed state's.
        case diverged
        /// The log cannot be read (or is not a log): `error` says where and why.
        case unreadable
    }

    /// The log's path, as the inputs name it (a directory given, then the path below it).
    var log: String
    var status: Status
    /// The steps replayed (readable logs).
    var steps: Int?
    /// Whether the log has a footer (readable logs).
    var closed: Bool?
    /// The recorded fingerprints compared (up to and including a divergence).
    var fingerprintsChecked: Int?
    /// The fingerprint of the replayed final state.
    var final: String?
    /// The torn last line that was skipped (an open log's, when it has one).
    var tornLine: Int?
    /// The first step whose fingerprint differs.
    var divergedAt: Int?
    /// The last step that matched before it (0: the initial state).
    var sinceStep: Int?
    /// The diverging step's action, readable.
    var action: String?
    /// The fingerprint the log recorded at `divergedAt`.
    var recorded: String?
    /// The replayed state's fingerprint there.
    var replayed: String?
    /// Why the log cannot be read: the file, the line and the reason.
    var error: String?
    /// The app version the log's header names.
    var app: String?
    /// The log's id (shared by a rotated log's parts).
    var logId: String?
    /// The cart's id (the last one the checkout had: a 410 recovery replaces it).
    var cartId: String?
    /// The web checkout session's reference, or a native checkout's payment reference.
    var checkoutReference: String?
    /// The order the checkout completed.
    var orderId: String?
    /// Whether the log holds personal data: `inClear`, `pseudonymised` or `none`
    /// (``PersonalDataStatus``; readable logs).
    var personalData: String?
    /// A pseudonymised log's `privacy` header member: its scheme and key id, when known.
    var privacy: Privacy?

    /// The `privacy` member of a pseudonymised log's verdict.
    struct Privacy: Decodable, Equatable {
        var scheme: Int?
        var keyId: String?
    }

    init(log: String, status: Status) {
        self.log = log
        self.status = status
    }

    /// Whether the log fails a run.
    var fails: Bool { status == .diverged || status == .unreadable }

    /// Whether `id` is one of the log's identities (what `--find` looks for).
    func isIdentified(by id: String) -> Bool {
        [orderId, cartId, checkoutReference, logId].contains(id)
    }

    /// The JSON line, members in a fixed order (`log` first), unknown ones left out.
    var jsonLine: String {
        var members: [(key: String, value: CanonicalValue)] = [
            ("log", .string(log)), ("status", .string(status.rawValue)),
        ]
        func add(_ key: String, _ value: Int?) { if let value { members.append((key, .number(String(value)))) } }
        func add(_ key: String, _ value: String?) { if let value { members.append((key, .string(value))) } }
        add("steps", steps)
        if let closed { members.append(("closed", .bool(closed))) }
        add("fingerprintsChecked", fingerprintsChecked)
        add("final", final)
        add("tornLine", tornLine)
        add("divergedAt", divergedAt)
        add("sinceStep", sinceStep)
        add("action", action)
        add("recorded", recorded)
        add("replayed", replayed)
        add("error", error)
        add("app", app)
        add("logId", logId)
        add("cartId", cartId)
        add("checkoutReference", checkoutReference)
        add("orderId", orderId)
        add("personalData", personalData)
        if let privacy {
            members += PersonalDataView.jsonMembers(
                .pseudonymised(ActionLogPrivacy(schemeVersion: privacy.scheme, keyID: privacy.keyId))
            ).filter { $0.key == "privacy" }
        }
        return CanonicalValue.object(members).compactJSON
    }

    /// `verified    logs/a.jsonl: 16 steps, order payment-1`.
    func textLine(_ terminal: Terminal) -> String {
        let label = status.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
        let order = orderId.map { ", order \($0)" } ?? ""
        switch status {
        case .verified:
            return terminal.green(label) + "  \(log): \(steps ?? 0) steps\(order)"
        case .open:
            let torn = tornLine.map { ", line \($0) torn and skipped" } ?? ""
            return terminal.bold(label) + "  \(log): \(steps ?? 0) steps, no footer\(torn)\(order)"
        case .diverged:
            return terminal.red(label) + "  \(log): \(divergence)"
        case .unreadable:
            return terminal.red(label) + "  \(reason)"
        }
    }

    /// `at step 3 of 16: payment.payTapped (recorded …, replayed …; matched until step 2)`.
    var divergence: String {
        "at step \(divergedAt ?? 0) of \(steps ?? 0): \(action ?? "?") (recorded \(recorded ?? "?"), replayed "
            + "\(replayed ?? "?"); the state matched until step \(sinceStep ?? 0))"
    }

    /// The error, which names the file (the log's, or one of its rotated parts').
    var reason: String {
        let error = error ?? "unknown error"
        return error.hasPrefix(log) ? error : "\(log): \(error)"
    }
}
