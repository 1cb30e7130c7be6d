import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which snapshot files this process asserted, so the ones no test asserted can be listed.
///
/// Only the `__Snapshots__` folders of test files that asserted at least one snapshot are looked
/// at, so a run filtered to some test files does not report the others. A run filtered to some
/// tests *within* a file does list that file's other snapshots: read the list of a full run.
final class SnapshotInventory: @unchecked Sendable {
    static let shared = SnapshotInventory()

    /// A snapshot file an assertion reads and may write.
    struct File {
        let path: String
        let shownPath: String

        func read() throws -> String? {
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            return try String(contentsOfFile: path, encoding: .utf8)
        }

        func write(_ text: String) throws {
            let folder = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
    }

    private let lock = PlainLock()
    // Guarded by `lock`.
    private var asserted: Set<String> = []
    private var roots: Set<String> = []
    private var folders: Set<String> = []
    private var counts: [String: Int] = [:]
    private var reportsAtExit = false

    /// Picks the file for an assertion and remembers it as asserted.
    func claim(testFilePath: String, testName: String, name: String?, directory: String?) -> File {
        let testFile = ((testFilePath as NSString).lastPathComponent as NSString).deletingPathExtension
        let root =
            directory
            ?? ((testFilePath as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("__Snapshots__")
        let folder = (root as NSString).appendingPathComponent(Self.sanitized(testFile))
        let base = Self.sanitized(testName.hasSuffix("()") ? String(testName.dropLast(2)) : testName)
        return lock.withLock {
            var stem = base
            if let name {
                stem += "." + Self.sanitized(name)
            } else {
                let key = folder + "/" + base
                counts[key, default: 0] += 1
                if let count = counts[key], count > 1 { stem += ".\(count)" }
            }
            let path = (folder as NSString).appendingPathComponent(stem + ".txt")
            asserted.insert(path)
            roots.insert(root)
            folders.insert(folder)
            if !reportsAtExit {
                reportsAtExit = true
                atexit { SnapshotInventory.shared.reportUnasserted() }
            }
            return File(path: path, shownPath: "__Snapshots__/\(Self.sanitized(testFile))/\(stem).txt")
        }
    }

    /// Snapshot files no assertion of this process claimed, in the folders of the test files that
    /// asserted any, plus the folders of test files that no longer exist.
    func unasserted() -> [String] {
        let (asserted, roots, folders) = lock.withLock { (self.asserted, self.roots, self.folders) }
        let manager = FileManager.default
        var result: [String] = []
        for folder in folders.sorted() {
            let names = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".txt") {
                let path = (folder as NSString).appendingPathComponent(name)
                if !asserted.contains(path) { result.append(path) }
            }
        }
        for root in roots.sorted() {
            let testFolder = (root as NSString).deletingLastPathComponent
            for name in ((try? manager.contentsOfDirectory(atPath: root)) ?? []).sorted() {
                let folder = (root as NSString).appendingPathComponent(name)
                guard !folders.contains(folder) else { continue }
                let testFile = (testFolder as NSString).appendingPathComponent(name + ".swift")
                if !manager.fileExists(atPath: testFile) { result.append(folder + "/") }
            }
        }
        return result
    }

    private func reportUnasserted() {
        let files = unasserted()
        guard !files.isEmpty else { return }
        let list = files.map { "  " + $0 }.joined(separator: "\n")
        let text = "warning: \(files.count) snapshot file(s) no test asserted in this run:\n\(list)\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func sanitized(_ text: String) -> String {
        String(
            text.unicodeScalars.map { scalar in
                let allowed =
                    (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                    || (scalar >= "0" && scalar <= "9") || scalar == "_" || scalar == "-" || scalar == "."
                return allowed ? Character(scalar) : "_"
            })
    }
}

/// The snapshot files no assertion in this process read or wrote: in the `__Snapshots__` folders
/// of the test files that asserted any snapshot, every file no test claimed, and every folder whose
/// test file no longer exists.
///
/// The same list is printed to standard error when the test process exits, as a warning. To fail
/// on it instead, call ``assertNoUnassertedSnapshots(fileID:filePath:line:column:)`` from a test
/// that runs last, or from a CI step that runs the whole suite.
public func unassertedSnapshotFiles() -> [String] {
    SnapshotInventory.shared.unasserted()
}

/// Fails, listing them, when ``unassertedSnapshotFiles()`` is not empty. Only meaningful after the
/// tests that assert snapshots have run.
///
/// - Parameters:
///   - fileID: The call site's `#fileID`, where a failure is reported.
///   - filePath: The call site's `#filePath`, where a failure is reported.
///   - line: The call site's line, where a failure is reported.
///   - column: The call site's column, where a failure is reported.
public func assertNoUnassertedSnapshots(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let files = unassertedSnapshotFiles()
    guard !files.isEmpty else { return }
    FailureReporter.current.report(
        TestFailure(
            message: "\(files.count) snapshot file(s) no test asserted; delete them or assert them:\n"
                + files.map { "  " + $0 }.joined(separator: "\n"),
            location: TestFailure.Location(fileID: fileID, filePath: filePath, line: line, column: column)
        ))
}
