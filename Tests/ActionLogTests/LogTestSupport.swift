import ActionLog
import Foundation
import StateStore
import StoreTestSupport
import XCTest

/// A temporary directory that is removed when the test ends, unless `CHECKOUTENGINE_ARTIFACTS`
/// names a folder to keep test outputs in: CI scans those for secrets
/// (`scripts/check-no-secrets.py`), proving no secret reached a log.
func makeTemporaryDirectory(_ testCase: XCTestCase) throws -> URL {
    let kept = ProcessInfo.processInfo.environment["CHECKOUTENGINE_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
    let url = (kept ?? FileManager.default.temporaryDirectory)
        .appendingPathComponent("statestore-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    if kept == nil {
        testCase.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    }
    return url
}

/// A file system that fails on command: the `failAt`-th write (1-based, counting every write of
/// every file), every `fsync`, or opening any file after the first.
final class FaultInjectingFileSystem: LogFileSystem, @unchecked Sendable {
    private let lock = NSLock()
    private var writes = 0
    private let failAtWrite: Int?
    private let failSync: Bool
    private let failOpenAfterFirst: Bool
    private var opens = 0
    /// Cuts the failing write short: this many of its bytes reach the file before the error.
    private let partialBytes: Int

    init(failAtWrite: Int? = nil, failSync: Bool = false, failOpenAfterFirst: Bool = false, partialBytes: Int = 5) {
        self.failAtWrite = failAtWrite
        self.failSync = failSync
        self.failOpenAfterFirst = failOpenAfterFirst
        self.partialBytes = partialBytes
    }

    func create(path: String) throws(LogIOError) -> any LogFile {
        lock.lock()
        opens += 1
        let refuse = failOpenAfterFirst && opens > 1
        lock.unlock()
        if refuse { throw LogIOError(operation: "open", path: path, code: 28, reason: "No space left on device") }
        return FaultyFile(real: try POSIXLogFileSystem().create(path: path), path: path, owner: self)
    }

    /// Whether this write should fail.
    fileprivate func nextWriteFails() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        writes += 1
        return failAtWrite == writes
    }

    fileprivate var syncFails: Bool { failSync }
    fileprivate var partial: Int { partialBytes }

    var writeCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return writes
    }
}

private final class FaultyFile: LogFile {
    let real: any LogFile
    let path: String
    let owner: FaultInjectingFileSystem

    init(real: any LogFile, path: String, owner: FaultInjectingFileSystem) {
        self.real = real
        self.path = path
        self.owner = owner
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(LogIOError) {
        if owner.nextWriteFails() {
            let cut = min(owner.partial, bytes.count)
            try real.write(UnsafeRawBufferPointer(rebasing: bytes[0..<cut]))
            throw LogIOError(operation: "write", path: path, code: 28, reason: "No space left on device")
        }
        try real.write(bytes)
    }

    func sync() throws(LogIOError) {
        if owner.syncFails { throw LogIOError(operation: "fsync", path: path, code: 5, reason: "Input/output error") }
        try real.sync()
    }

    func truncate(to length: Int) throws(LogIOError) { try real.truncate(to: length) }
    func close() throws(LogIOError) { try real.close() }
}

/// Reads every record of a log, returning the records and the error that stopped reading.
func readAll(_ path: String) -> (records: [ActionLogRecord<CounterState.Action>], error: ActionLogError?, torn: Int?) {
    var records: [ActionLogRecord<CounterState.Action>] = []
    do {
        let reader = try ActionLogReader<CounterState>(path: path)
        while let record = try reader.next() { records.append(record) }
        return (records, nil, reader.tornLine?.line)
    } catch {
        return (records, error, nil)
    }
}

/// Reads every record with parallel batches, for comparison with `readAll`.
func readAllInBatches(
    _ path: String, batch: Int = 1000
)
    -> (records: [ActionLogRecord<CounterState.Action>], error: ActionLogError?, torn: Int?)
{
    var records: [ActionLogRecord<CounterState.Action>] = []
    do {
        let reader = try ActionLogReader<CounterState>(path: path)
        while case let more = try reader.nextBatch(maximumCount: batch), !more.isEmpty { records += more }
        return (records, nil, reader.tornLine?.line)
    } catch {
        return (records, error, nil)
    }
}
