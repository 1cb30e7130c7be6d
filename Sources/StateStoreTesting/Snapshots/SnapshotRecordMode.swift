/// When reducer snapshot assertions write snapshot files, chosen by the `SNAPSHOT_RECORD`
/// environment variable.
///
/// | `SNAPSHOT_RECORD` | a missing file | a differing file | a matching file |
/// |---|---|---|---|
/// | `never` | fails | fails with a diff | passes |
/// | `missing` (default) | records, fails | fails with a diff | passes |
/// | `failed` | records, fails | re-records, fails with the diff | passes |
/// | `all` | records, fails | re-records, fails with the diff | re-records, fails |
///
/// When the `CI` environment variable is set and `SNAPSHOT_RECORD` is not, the mode is `never`:
/// nothing is recorded unless asked. A run that records always fails, so a recorded file is
/// never trusted before someone has looked at it and run the tests again.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Never write; a missing file fails.
    case never
    /// Write files that do not exist yet (the default outside CI).
    case missing
    /// Write missing files and overwrite files that do not match.
    case failed
    /// Overwrite every file.
    case all
}
