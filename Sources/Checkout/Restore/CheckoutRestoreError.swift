public import ActionLog

/// Why a checkout cannot be restored on relaunch. The host then starts the checkout afresh: the
/// backend still holds what the customer entered, and any payment and order (a support engineer
/// can still replay the log with `checkout replay`).
public enum CheckoutRestoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The log was recorded with another action schema than this app's (the app was updated
    /// between the kill and the relaunch): resuming needs the log's last state exactly, and the
    /// meaning of an older schema's actions changed (see ``CheckoutLogSchema``), so it is refused,
    /// naming the schema it was recorded with.
    case otherSchema(path: String, found: Int, supported: Int)
    /// The log cannot be read: the file is not a log, or a line before its last is damaged (a
    /// torn last line is not an error). The `ActionLogError` says what and where.
    case unreadableLog(ActionLogError)
    /// The saved state cannot be decoded: why, and where in it.
    case unreadableSavedState(reason: String)
    /// The state cannot be encoded for saving.
    case unencodableState(reason: String)

    /// What went wrong, and where.
    public var description: String {
        switch self {
        case .otherSchema(let path, let found, let supported):
            return "\(path):1: the checkout was recorded with action schema \(found); this app resumes schema "
                + "\(supported) only, so the checkout starts afresh"
        case .unreadableLog(let error):
            return "cannot resume the checkout: \(error)"
        case .unreadableSavedState(let reason):
            return "cannot resume the checkout from its saved state: \(reason)"
        case .unencodableState(let reason):
            return "cannot save the checkout's state: \(reason)"
        }
    }
}
