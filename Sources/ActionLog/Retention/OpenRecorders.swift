import Foundation
import StateStore

/// A recorder as erasure sees it: whatever its state type.
protocol ErasableRecording: AnyObject, Sendable {
    /// The file path of the log's first part.
    var path: String { get }
    /// Stops recording for good with the erased status (if it was recording), and returns once
    /// nothing more will be written: the writer thread has ended and the file is closed.
    func stopForErasure() -> Bool
}

/// The recorders alive in this process, by the directory they write in, so that erasing a
/// directory stops those writing there before their files go, and retention keeps the parts of
/// logs still being written.
///
/// ## Locks, and their order
/// - `erasure` serialises an erasure with a recorder's opening (its retention pass, its first
///   file and its registration): a recorder opens wholly before an erasure, and is stopped by it,
///   or wholly after it. Taken first.
/// - `lock` guards the entries, for a few instructions at a time. A recorder's writer (holding
///   the recorder's own lock in durable mode) takes it to learn which logs are open when it
///   rotates, so nothing here waits for a recorder while holding it: an erasure copies the
///   recorders out, lets go of it, then stops them.
/// Entries hold recorders weakly, with their id and directory as plain values, so reading them
/// never makes the last strong reference (whose release would run a recorder's `deinit`, which
/// takes `lock`, inside `lock`).
final class OpenRecorders: @unchecked Sendable {
    /// The process's registry.
    static let shared = OpenRecorders()

    /// Serialises an erasure with a recorder's opening; see the type's notes.
    let erasure = Lock()
    private let lock = Lock()
    private var entries: [Entry] = []

    private struct Entry {
        weak var recording: (any ErasableRecording)?
        let id: ObjectIdentifier
        let directory: String
        let logID: String
    }

    /// Adds a recorder that writes in `directory` (a ``canonicalDirectory(_:)``).
    func register(_ recording: any ErasableRecording, logID: String, directory: String) {
        lock.withLock {
            entries.append(
                Entry(recording: recording, id: ObjectIdentifier(recording), directory: directory, logID: logID))
        }
    }

    /// Removes a recorder (from its `deinit`).
    func unregister(_ id: ObjectIdentifier) {
        lock.withLock { entries.removeAll { $0.id == id } }
    }

    /// The ids of the logs registered recorders write in `directory`: retention keeps their parts.
    func logIDs(in directory: String) -> Set<String> {
        lock.withLock { Set(entries.lazy.filter { $0.directory == directory }.map(\.logID)) }
    }

    /// The live recorders writing in any of `directories`. The caller holds them strongly, so
    /// any `deinit` their release runs happens outside this registry's lock.
    func recordings(in directories: Set<String>) -> [any ErasableRecording] {
        lock.withLock { entries.filter { directories.contains($0.directory) }.compactMap(\.recording) }
    }

    /// A directory's path as every recorder and every erasure names it: absolute, standardised,
    /// symbolic links resolved (on Apple platforms `/tmp` is `/private/tmp`).
    static func canonicalDirectory(_ path: String) -> String {
        URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
