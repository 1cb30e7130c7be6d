import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// Fixtures for the retention and erasure tests: logs with a chosen `created`, file dates, and
/// what a directory holds.
enum LogDirectoryFixtures {
    /// A day in milliseconds.
    static let day: Int64 = 86_400_000
    /// The time the tests call "now": 2027-01-15, fixed, so that no test depends on the real date.
    static let now: Int64 = 1_800_000_000_000

    /// A closed log of `actions` notes whose header says it was created at `created` (retention
    /// off while it is made). With a small `maximumFileBytes` it rotates into several parts.
    @discardableResult
    static func writeLog(
        _ name: String, in directory: URL, created: Int64, actions: Int = 3, maximumFileBytes: Int = 64 << 20
    ) throws -> String {
        let path = directory.appendingPathComponent(name).path
        let recorder = try ActionRecorder(
            path: path, initialState: CounterState(), mode: .durable,
            configuration: ActionLogConfiguration(maximumFileBytes: maximumFileBytes, maximumAge: nil),
            now: { created })
        let store = Store(reducer: counterReducer, state: CounterState(), middleware: [recorder.middleware])
        for index in 0..<actions { store.dispatch(.setName("padding padding padding padding \(index)")) }
        try recorder.close()
        return path
    }

    /// Writes `bytes` to `name` in `directory`, last modified at `modified` (ms since 1970).
    @discardableResult
    static func writeFile(_ name: String, in directory: URL, bytes: [UInt8], modified: Int64? = nil) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        if let modified { try setModified(path, modified) }
        return path
    }

    /// Sets a file's modification date.
    static func setModified(_ path: String, _ milliseconds: Int64) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: Double(milliseconds) / 1000)], ofItemAtPath: path)
    }

    /// A checksummed line as the format seals them (`body` is a JSON object without its `}`).
    static func sealed(_ body: String) -> [UInt8] {
        let hex = String(LineChecksum.compute(body), radix: 16)
        return Array((body + #","crc":""# + String(repeating: "0", count: 8 - hex.count) + hex + "\"}\n").utf8)
    }

    /// The names of the entries in `directory` (files, links and subdirectories), and in its
    /// `exports` subdirectory as `exports/NAME`.
    static func contents(of directory: URL) -> Set<String> {
        let manager = FileManager.default
        var names = Set((try? manager.contentsOfDirectory(atPath: directory.path)) ?? [])
        let exports = directory.appendingPathComponent(ActionLogDirectory.exportsDirectoryName).path
        for name in (try? manager.contentsOfDirectory(atPath: exports)) ?? [] { names.insert("exports/\(name)") }
        return names
    }

    /// The size of a file in bytes.
    static func size(_ path: String) throws -> Int64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? -1
    }
}

/// A clock the test sets: milliseconds since 1970, read by a recorder's `now`.
final class MillisecondClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int64

    init(_ value: Int64) {
        self.value = value
    }

    /// The time now.
    var now: Int64 {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    /// Moves the clock to `milliseconds`.
    func set(_ milliseconds: Int64) {
        lock.lock()
        value = milliseconds
        lock.unlock()
    }
}
