import StateStore

/// What a retention pass or an erasure removed from a log directory: counts and bytes, never a
/// file's content or a log's data.
///
/// ```swift
/// let removed = try logs.eraseAll()
/// diagnostics.note("erased \(removed.files) files, \(removed.bytes) bytes")
/// ```
public struct ActionLogRemoval: Sendable, Equatable, CustomStringConvertible {
    /// Log parts removed from the directory itself, rotated parts included.
    public var logFiles: Int
    /// Exports removed from the `exports` subdirectory (logs waiting to be uploaded).
    public var exports: Int
    /// Temporary files an export left (`.NAME.pseudonymising-RANDOM`), in the directory or in
    /// `exports`.
    public var temporaryFiles: Int
    /// The bytes the removed files held.
    public var bytes: Int64
    /// Recorders that were recording in the directory and were stopped with
    /// `ActionRecorder.Status.erased` (erasure only; retention never stops a recorder).
    public var stoppedRecorders: Int
    /// Files that could not be removed (an erasure throws ``ActionLogErasureError`` when there
    /// is any; a retention pass leaves them for the next).
    public var failures: [LogIOError]

    /// Creates a report.
    public init(
        logFiles: Int = 0, exports: Int = 0, temporaryFiles: Int = 0, bytes: Int64 = 0, stoppedRecorders: Int = 0,
        failures: [LogIOError] = []
    ) {
        self.logFiles = logFiles
        self.exports = exports
        self.temporaryFiles = temporaryFiles
        self.bytes = bytes
        self.stoppedRecorders = stoppedRecorders
        self.failures = failures
    }

    /// Every file removed.
    public var files: Int { logFiles + exports + temporaryFiles }

    /// One line, for a diagnostics log: `3 log files, 1 export, 0 temporary files (12345 bytes)`.
    public var description: String {
        func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
        var text = "\(count(logFiles, "log file")), \(count(exports, "export")), "
        text += "\(count(temporaryFiles, "temporary file")) (\(bytes) bytes)"
        if stoppedRecorders > 0 { text += "; \(count(stoppedRecorders, "recorder")) stopped" }
        if !failures.isEmpty { text += "; \(count(failures.count, "file")) could not be removed" }
        return text
    }
}

/// An erasure that could not remove everything: what it did remove, and each file it could not
/// (with the system's reason). Every other file was removed; calling
/// ``ActionLogDirectory/eraseAll()`` again retries the rest.
public struct ActionLogErasureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was removed, `failures` included.
    public var removal: ActionLogRemoval

    /// Creates the error.
    public init(removal: ActionLogRemoval) {
        self.removal = removal
    }

    /// The failures, one per line after a summary.
    public var description: String {
        (["erasure incomplete: removed \(removal)"] + removal.failures.map(\.description)).joined(separator: "\n")
    }
}
