public import StateStore

/// Writes a log that is a rewritten copy of another: one part, the original's log id, creation
/// time, app version and sequence numbers, with a header ``ActionLogPrivacy`` member when the copy
/// is a pseudonymised export. Every line is checksummed as a recorder's is; the fingerprints are
/// the caller's (computed over the states the copy replays to).
///
/// ```swift
/// let writer = try ActionLogExportWriter(
///     path: temporaryPath, like: original.header, initialState: pseudonymisedState,
///     schemaVersion: CheckoutLogSchema.version, privacy: ActionLogPrivacy(schemeVersion: 1, keyID: nil))
/// try writer.append(sequence: 1, timeMilliseconds: record.timeMilliseconds, action: action, fingerprint: nil)
/// try writer.finish(footerFingerprint: try Fingerprint.of(finalState))   // or close() for an open log
/// ```
///
/// Lines collect in memory and reach the file in writes of about 64 KiB; ``finish(footerFingerprint:)``
/// and ``close()`` flush and sync. Not thread-safe.
public final class ActionLogExportWriter<State: StoreState & Encodable> {
    private let writer: ActionLogWriter<State>
    /// The bytes collected before a write.
    private static var batchBytes: Int { 64 << 10 }
    private var linesSinceFlush = 0

    /// Creates the file at `path` (truncating anything there) and writes its header: `header`'s
    /// app version, log id and creation time, `initialState`, `schemaVersion`, and `privacy`.
    ///
    /// - Throws: ``ActionLogError`` if the file cannot be created or the state cannot be encoded.
    public init<Original>(
        path: String, like header: ActionLogHeader<Original>, initialState: State, schemaVersion: Int,
        privacy: ActionLogPrivacy?, fileSystem: any LogFileSystem = POSIXLogFileSystem()
    ) throws(ActionLogError) {
        let configuration = ActionLogConfiguration(appVersion: header.appVersion, schemaVersion: schemaVersion)
        writer = try ActionLogWriter(
            path: path, initialState: initialState, configuration: configuration, fileSystem: fileSystem,
            logID: header.logID, createdMilliseconds: header.createdMilliseconds, privacy: privacy)
        writer.isBatching = true
    }

    /// Encodes actions as
    /// ``ActionLogExportWriter/append(sequence:timeMilliseconds:action:fingerprint:)`` writes
    /// them, on any thread: an export encodes each action on one thread and writes its line on
    /// another (``ActionLogExportWriter/append(sequence:timeMilliseconds:action:encoded:fingerprint:)``).
    public struct ActionEncoder: @unchecked Sendable {
        // The closure captures nothing mutable: it only calls the action type's `LogEncodable`.
        private let fastEncode: ((State.Action, inout LogWriter) throws -> Void)?

        /// An encoder for `State.Action`.
        public init() {
            fastEncode = ActionLogWriter<State>.fastEncoder()
        }

        /// The action's JSON through its `LogEncodable` fast path, or nil when it has none or it
        /// throws: the writer then encodes it as it would
        /// (``ActionLogExportWriter/append(sequence:timeMilliseconds:action:fingerprint:)``).
        public func encode(_ action: State.Action) -> EncodedAction? {
            guard let fastEncode else { return nil }
            var writer = LogWriter(bytes: [])
            writer.bytes.reserveCapacity(256)
            guard (try? fastEncode(action, &writer)) != nil else { return nil }
            return EncodedAction(bytes: writer.bytes)
        }
    }

    /// An action's JSON, encoded by an ``ActionEncoder``.
    public struct EncodedAction: Sendable {
        let bytes: [UInt8]
    }

    /// Appends one action line (`fingerprint` is written as the line's `fp` when given).
    public func append(
        sequence: Int, timeMilliseconds: Int64, action: State.Action, fingerprint: Fingerprint?
    ) throws(ActionLogError) {
        try writer.append(
            sequence: sequence, timeMilliseconds: timeMilliseconds, action: action, fingerprint: fingerprint)
        try flushSometimes()
    }

    /// Writes the collected lines once they are about ``batchBytes``.
    private func flushSometimes() throws(ActionLogError) {
        linesSinceFlush += 1
        if linesSinceFlush >= 256 {
            linesSinceFlush = 0
            if writer.wantsFlush(atLeast: Self.batchBytes) { try writer.flush() }
        }
    }

    /// Appends one action line whose action was encoded beforehand by an ``ActionEncoder``
    /// (`encoded`), or encodes `action` here when it was not (`encoded` nil).
    public func append(
        sequence: Int, timeMilliseconds: Int64, action: State.Action, encoded: EncodedAction?, fingerprint: Fingerprint?
    ) throws(ActionLogError) {
        guard let encoded else {
            try append(sequence: sequence, timeMilliseconds: timeMilliseconds, action: action, fingerprint: fingerprint)
            return
        }
        try writer.append(
            sequence: sequence, timeMilliseconds: timeMilliseconds, encodedAction: encoded.bytes,
            fingerprint: fingerprint)
        try flushSometimes()
    }

    /// Writes the footer (the last action's sequence number and `footerFingerprint`), syncs and
    /// closes the file: for a copy of a log that closed cleanly.
    public func finish(footerFingerprint: Fingerprint) throws(ActionLogError) {
        try writer.sync()
        try writer.finish(fingerprint: footerFingerprint)
    }

    /// Syncs and closes the file without a footer: for a copy of a log that was still open (or
    /// torn) when it was read.
    public func close() throws(ActionLogError) {
        try writer.sync()
        try writer.close()
    }

    /// Closes the file without finishing it (after a failure; the caller removes the file).
    public func abandon() {
        writer.abandon()
    }
}
