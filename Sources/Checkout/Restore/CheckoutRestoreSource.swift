/// Where a relaunched checkout was read from: carried by ``CommonAction/relaunched(_:)``, the
/// first action of the store that goes on, so the new log points back to the one before it and a
/// support engineer can follow the whole journey across the app's death.
public enum CheckoutRestoreSource: Sendable, Hashable, Codable {
    /// A recorded log: its id (every part's header carries it), the part read (0 unless the log
    /// rotated), and the sequence number of the last action read from it (0 when none).
    case log(logID: String, part: Int, lastSequence: Int)
    /// A state the host saved (``CheckoutRestore/savedState(of:)``).
    case savedState
}
