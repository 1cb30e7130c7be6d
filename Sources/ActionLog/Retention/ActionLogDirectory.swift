import Foundation
import StateStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The directory an app keeps its action logs in, on the device: what ages out of it, and the
/// one call that erases it.
///
/// ```swift
/// let logs = ActionLogDirectory(path: logsURL.path)   // e.g. Application Support/CheckoutLogs
/// let recorder = try ActionRecorder(
///     path: logsURL.appendingPathComponent("checkout-\(attempt).jsonl").path,
///     initialState: initial,
///     configuration: ActionLogConfiguration(appVersion: "4.2.0"))   // logs kept 30 days
///
/// // The customer signs out, or asks to be forgotten:
/// let removed = try logs.eraseAll()
/// ```
///
/// ## What is ours
/// Only regular files, found by name (give the recorder a directory of its own):
/// - log parts directly in the directory: names ending in `.jsonl` and not beginning with a dot
///   (`checkout.jsonl`, and its rotated parts `checkout.1.jsonl`, `checkout.2.jsonl`...);
/// - exports waiting to be uploaded: the same names in the ``exportsDirectoryName`` subdirectory;
/// - temporary files an export left when it was killed before it renamed its output, in either
///   place: `.NAME.pseudonymising-RANDOM` (see ``temporaryExportPath(for:)``).
///
/// Nothing else is read, changed or removed: other names, other subdirectories, symbolic links
/// (never followed, never removed). Retention is more careful still: it removes a `.jsonl` file
/// only if its first bytes are a header of this format's (`{"format":"checkoutengine-actionlog"`),
/// or if it is empty or shorter than that and agrees with it.
///
/// ## Retention
/// ``ActionLogConfiguration/maximumAge`` (30 days by default) is applied whenever a recorder opens
/// a log in the directory and whenever it rotates to a new part: each log part and export whose
/// header's `created` is older than that goes. A part whose header cannot be read (torn, damaged,
/// or a file cut before its header) is judged by its file's modification date instead, and so is
/// a temporary export file. The parts of logs still being recorded in this process are kept,
/// however old. ``removeExpiredLogs(maximumAge:now:)`` runs the same pass on demand.
///
/// ## Backups
/// On Apple platforms the directory and every log file are excluded from device backups
/// (`isExcludedFromBackup`): a backup would keep a log beyond its retention and beyond an erasure.
/// Linux has no such flag; there it does nothing.
public struct ActionLogDirectory: Sendable, Equatable {
    /// The directory.
    public let path: String

    /// The directory at `path`; it need not exist yet.
    public init(path: String) {
        self.path = path
    }

    /// The subdirectory holding exports waiting to be uploaded (pseudonymised logs): `exports`.
    public static let exportsDirectoryName = "exports"

    /// The extension of log files: `jsonl`.
    public static let logFileExtension = "jsonl"

    /// What the temporary name of an export's output contains: `.pseudonymising-`.
    public static let temporaryExportMarker = ".pseudonymising-"

    /// The subdirectory for exports waiting to be uploaded.
    public var exportsPath: String { Self.joined(path, Self.exportsDirectoryName) }

    /// Creates the directory (if needed) and its ``exportsDirectoryName`` subdirectory, both
    /// excluded from device backups, and returns the subdirectory's path.
    ///
    /// - Throws: ``ActionLogError/io(_:)`` naming the directory that could not be created.
    @discardableResult
    public func createExportsDirectory() throws(ActionLogError) -> String {
        let exports = exportsPath
        do {
            try FileManager.default.createDirectory(atPath: exports, withIntermediateDirectories: true)
        } catch {
            throw .io(Self.ioError("mkdir", exports, error))
        }
        BackupExclusion.exclude(path: path)
        BackupExclusion.exclude(path: exports)
        return exports
    }

    /// Where an export writes its output before it is verified and renamed to `outputPath`:
    /// beside it (so that the rename is atomic), as `.NAME.pseudonymising-RANDOM` (twelve random
    /// letters), a name no reader takes for a log and an erasure always removes.
    ///
    /// ```swift
    /// ActionLogDirectory.temporaryExportPath(for: "exports/checkout.jsonl")
    /// // "exports/.checkout.jsonl.pseudonymising-qwhzkrpaeumd"
    /// ```
    public static func temporaryExportPath(for outputPath: String) -> String {
        let slash = outputPath.lastIndex(of: "/")
        let directory = slash.map { String(outputPath[...$0]) } ?? ""
        let name = slash.map { String(outputPath[outputPath.index(after: $0)...]) } ?? outputPath
        return "\(directory).\(name)\(temporaryExportMarker)\(RandomLetters.make(count: 12))"
    }

    // MARK: Retention

    /// Removes the log parts and exports whose header's `created` is more than `maximumAge`
    /// before `now`, and the temporary export files last modified that long ago; a part whose
    /// header cannot be read is judged by its modification date. The parts of logs this process
    /// is still recording are kept. A recorder does this itself when it opens and when it
    /// rotates (see ``ActionLogConfiguration/maximumAge``); call it to prune without recording.
    ///
    /// - Parameters:
    ///   - maximumAge: How old a log may be.
    ///   - now: The time, in milliseconds since 1970.
    /// - Returns: What was removed; files that could not be removed are in `failures`, left for
    ///   the next pass. Never throws: retention is best effort.
    @discardableResult
    public func removeExpiredLogs(
        maximumAge: Duration, now: Int64 = ActionRecorderClock.wallClockMilliseconds()
    ) -> ActionLogRemoval {
        let keeping = OpenRecorders.shared.logIDs(in: OpenRecorders.canonicalDirectory(path))
        return removeExpiredLogs(maximumAge: maximumAge, now: now, keeping: keeping)
    }

    /// Retention, keeping the parts of the logs named (those being recorded).
    @discardableResult
    func removeExpiredLogs(maximumAge: Duration, now: Int64, keeping openLogIDs: Set<String>) -> ActionLogRemoval {
        let limit = Self.milliseconds(maximumAge)
        var removal = ActionLogRemoval()
        for item in listItems(failures: &removal.failures) {
            let created: Int64
            switch item.kind {
            case .temporaryExport:
                created = item.modifiedMilliseconds
            case .logPart, .export:
                switch LogHeaderProbe.probe(path: item.path) {
                case .notALog:
                    continue
                case .header(let createdMilliseconds, let logID):
                    if openLogIDs.contains(logID) { continue }
                    created = createdMilliseconds
                case .damaged:
                    created = item.modifiedMilliseconds
                }
            }
            // A hostile `created` far in the past overflows the subtraction: that log is old.
            let (age, overflow) = now.subtractingReportingOverflow(created)
            guard overflow ? created < now : age > limit else { continue }
            remove(item, into: &removal)
        }
        return removal
    }

    // MARK: Erasure

    /// Erases every log in the directory: log parts (rotated parts included), exports waiting to
    /// be uploaded, and temporary files an export left. Call it when the customer signs out or
    /// asks to be forgotten.
    ///
    /// A recorder of this process that is recording in the directory stops first, for good: its
    /// status becomes `ActionRecorder.Status.erased`, its middleware does nothing from then on
    /// (the store keeps dispatching and reducing as before), and whatever it had not written yet
    /// is dropped. A new recorder can be started afterwards. An erasure and a recorder opening
    /// in the directory never interleave: the recorder opens wholly before (and is stopped) or
    /// wholly after.
    ///
    /// A missing or empty directory erases nothing and succeeds. The directory itself, and its
    /// `exports` subdirectory, stay.
    ///
    /// Not covered: recorders of another process, and an export still running (cancel it first:
    /// an export that renames its output after the erasure leaves that output behind).
    ///
    /// - Returns: What was removed: counts and bytes, never content.
    /// - Throws: ``ActionLogErasureError`` when a file could not be removed, after every other
    ///   was; it holds the removal and each failure.
    @discardableResult
    public func eraseAll() throws(ActionLogErasureError) -> ActionLogRemoval {
        let registry = OpenRecorders.shared
        registry.erasure.lock()
        defer { registry.erasure.unlock() }
        var removal = ActionLogRemoval()
        let directories: Set = [
            OpenRecorders.canonicalDirectory(path), OpenRecorders.canonicalDirectory(exportsPath),
        ]
        var recorderPaths: [String] = []
        for recording in registry.recordings(in: directories) {
            if recording.stopForErasure() { removal.stoppedRecorders += 1 }
            recorderPaths.append(recording.path)
        }
        for item in listItems(failures: &removal.failures) {
            remove(item, into: &removal)
        }
        // A recorder's parts, should its path not end in `.jsonl`: ours all the same.
        for base in recorderPaths {
            for index in 0...ActionLogFormat.maximumPart {
                guard let item = Self.item(at: ActionLogFormat.partPath(of: base, part: index), kind: .logPart)
                else { break }
                remove(item, into: &removal)
            }
        }
        guard removal.failures.isEmpty else { throw ActionLogErasureError(removal: removal) }
        return removal
    }

    // MARK: Files

    /// What a file of ours is.
    enum FileKind: Equatable {
        case logPart, export, temporaryExport
    }

    /// A file of ours, as listed.
    struct Item {
        var path: String
        var kind: FileKind
        var bytes: Int64
        var modifiedMilliseconds: Int64
    }

    /// What the file named `name` is, by its name alone; `nil` when it is not ours.
    static func kind(ofName name: String, inExports: Bool) -> FileKind? {
        if isTemporaryExportName(name) { return .temporaryExport }
        let suffix = "." + logFileExtension
        guard !name.hasPrefix("."), name.hasSuffix(suffix), name.utf8.count > suffix.utf8.count else { return nil }
        return inExports ? .export : .logPart
    }

    /// `.NAME.pseudonymising-RANDOM`, with a name and lowercase ASCII letters.
    static func isTemporaryExportName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: temporaryExportMarker, options: .backwards)
        else { return false }
        let random = name[marker.upperBound...]
        return marker.lowerBound > name.index(after: name.startIndex) && !random.isEmpty
            && random.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }

    /// Our files in the directory and in `exports`. A directory that does not exist holds none;
    /// one that cannot be listed is a failure.
    private func listItems(failures: inout [LogIOError]) -> [Item] {
        var items: [Item] = []
        for (directory, inExports) in [(path, false), (exportsPath, true)] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                failures.append(Self.ioError("list", directory, error))
                continue
            }
            for name in names.sorted() {
                guard let kind = Self.kind(ofName: name, inExports: inExports),
                    let item = Self.item(at: Self.joined(directory, name), kind: kind)
                else { continue }
                items.append(item)
            }
        }
        return items
    }

    /// The regular file at `path` (a symbolic link is not followed: it is not one); `nil` if
    /// there is none.
    private static func item(at path: String, kind: FileKind) -> Item? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        // A date no `Int64` of milliseconds holds (a file system's nonsense) is clamped, never trapped on.
        let modified = ((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) * 1000
        let milliseconds: Int64 =
            modified.isNaN ? 0 : modified >= 9.2e18 ? .max : modified <= -9.2e18 ? .min : Int64(modified.rounded(.down))
        return Item(
            path: path, kind: kind, bytes: (attributes[.size] as? NSNumber)?.int64Value ?? 0,
            modifiedMilliseconds: milliseconds)
    }

    /// Removes one file (`unlink`: never a directory) and counts it. A file already gone (another
    /// pass took it) counts as nothing; any other failure is kept.
    private func remove(_ item: Item, into removal: inout ActionLogRemoval) {
        guard unlink(item.path) == 0 else {
            if errno != ENOENT { removal.failures.append(LogIOError.fromErrno("unlink", item.path)) }
            return
        }
        removal.bytes += item.bytes
        switch item.kind {
        case .logPart: removal.logFiles += 1
        case .export: removal.exports += 1
        case .temporaryExport: removal.temporaryFiles += 1
        }
    }

    private static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// A Foundation error as a ``LogIOError``, with the system's error number when it gave one.
    private static func ioError(_ operation: String, _ path: String, _ error: any Error) -> LogIOError {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        let code = underlying.flatMap { $0.domain == NSPOSIXErrorDomain ? Int32(clamping: $0.code) : nil } ?? 0
        return LogIOError(operation: operation, path: path, code: code, reason: "\(error.localizedDescription)")
    }

    /// A duration in whole milliseconds, clamped to `Int64`.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        return overflowAgain ? (whole < 0 ? .min : .max) : total
    }
}
