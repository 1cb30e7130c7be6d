/// Why a ``PseudonymKey`` could not be made, read or written. Every case names the file (where
/// there is one) and what is wrong with it; none carries key bytes.
///
/// ```swift
/// do {
///     _ = try PseudonymKey(contentsOf: url)
/// } catch let error as PseudonymKeyError {
///     print(error)  // key file /keys/team.key has mode 0644: the group or others may read or write it; chmod 600 it
/// }
/// ```
public enum PseudonymKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read; `reason` is the system's.
    case cannotRead(path: String, reason: String)
    /// The path names a directory, a pipe or a device rather than a regular file.
    case notARegularFile(path: String)
    /// The group or others may read or write the file; `mode` is its permission bits in octal
    /// (`"0644"`).
    case accessibleByOthers(path: String, mode: String)
    /// The key has fewer than ``PseudonymKey/minimumByteCount`` bytes; `path` is nil for bytes
    /// given directly.
    case tooShort(path: String?, byteCount: Int, minimum: Int)
    /// The key has more than ``PseudonymKey/maximumByteCount`` bytes: not a key file made for this.
    case tooLong(path: String?, byteCount: Int, maximum: Int)
    /// Something is at the path already; a key file is never overwritten.
    case fileExists(path: String)
    /// The key file could not be created or written; `reason` is the system's.
    case cannotWrite(path: String, reason: String)
    /// The system's secure random generator failed.
    case randomSourceFailed(reason: String)

    /// One line naming the file and what is wrong.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason):
            return "cannot read key file \(path): \(reason)"
        case .notARegularFile(let path):
            return "key file \(path) is not a regular file"
        case .accessibleByOthers(let path, let mode):
            return "key file \(path) has mode \(mode): the group or others may read or write it; chmod 600 it"
        case .tooShort(let path, let byteCount, let minimum):
            return "\(path.map { "key file \($0)" } ?? "key") holds \(byteCount) bytes; a key needs at least \(minimum)"
        case .tooLong(let path, let byteCount, let maximum):
            return "\(path.map { "key file \($0)" } ?? "key") holds \(byteCount) bytes; a key holds at most \(maximum)"
        case .fileExists(let path):
            return "cannot write key file \(path): it exists already (a key file is never overwritten)"
        case .cannotWrite(let path, let reason):
            return "cannot write key file \(path): \(reason)"
        case .randomSourceFailed(let reason):
            return "cannot make a random key: \(reason)"
        }
    }
}
