/// How reducer snapshot assertions record, and where their files live.
///
/// Normally read from the environment (see ``SnapshotRecordMode``); pass your own to
/// `assertSnapshots` to pin a mode for one assertion, or to keep a tool's own tests out of the
/// source tree.
public struct SnapshotSettings: Sendable, Equatable {
    /// A `SNAPSHOT_RECORD` value that is not a ``SnapshotRecordMode``.
    public struct InvalidRecordMode: Error, Sendable, Equatable, CustomStringConvertible {
        /// The value found.
        public let value: String

        /// Names the value and the accepted ones.
        public var description: String {
            "SNAPSHOT_RECORD=\(value) is not a record mode; use one of "
                + SnapshotRecordMode.allCases.map(\.rawValue).joined(separator: ", ") + "."
        }
    }

    /// When to write snapshot files.
    public var recordMode: SnapshotRecordMode

    /// The folder that holds one sub-folder per test file, or `nil` for the `__Snapshots__` folder
    /// beside the test file (the normal case).
    public var directory: String?

    /// Creates settings.
    public init(recordMode: SnapshotRecordMode, directory: String? = nil) {
        self.recordMode = recordMode
        self.directory = directory
    }

    /// Reads the record mode from `SNAPSHOT_RECORD`, defaulting to `never` when `CI` is set and to
    /// `missing` otherwise.
    ///
    /// - Throws: ``InvalidRecordMode`` when `SNAPSHOT_RECORD` holds something else.
    public init(environment: [String: String]) throws(InvalidRecordMode) {
        if let value = environment["SNAPSHOT_RECORD"], !value.isEmpty {
            guard let mode = SnapshotRecordMode(rawValue: value.lowercased()) else {
                throw InvalidRecordMode(value: value)
            }
            self.init(recordMode: mode)
        } else {
            self.init(recordMode: Self.isCI(environment) ? .never : .missing)
        }
    }

    /// `CI` counts as set unless it is empty, `0` or `false`.
    static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }
}
