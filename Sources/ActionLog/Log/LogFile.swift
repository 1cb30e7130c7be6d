import StateStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
import Foundation
#endif

/// Where an action log's bytes go. The recorder writes whole lines, one `write` call per line, so
/// a failure mid-line leaves at most that line torn.
///
/// ``POSIXLogFileSystem`` is the real implementation; tests use a fault-injecting one to prove
/// that disk-full and I/O errors at every write site leave the log valid and the store running.
public protocol LogFileSystem: Sendable {
    /// Creates (or truncates) the file at `path` for writing.
    func create(path: String) throws(LogIOError) -> any LogFile
}

/// An open log file.
public protocol LogFile: AnyObject {
    /// Appends `bytes`, all of them, or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws(LogIOError)
    /// Forces written bytes to stable storage (`fsync`).
    func sync() throws(LogIOError)
    /// Cuts the file back to `length` bytes (used to drop a partly written line after a failure).
    func truncate(to length: Int) throws(LogIOError)
    /// Closes the file.
    func close() throws(LogIOError)
}

/// A failed file operation: which, on what path, and the system's reason.
public struct LogIOError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The operation that failed (`open`, `write`, `fsync`, `close`, `truncate`).
    public var operation: String
    /// The file.
    public var path: String
    /// The `errno` value, when the system gave one.
    public var code: Int32
    /// The system's description of `code`.
    public var reason: String

    /// Creates an error.
    public init(operation: String, path: String, code: Int32, reason: String) {
        self.operation = operation
        self.path = path
        self.code = code
        self.reason = reason
    }

    /// A readable message.
    public var description: String { "\(operation) failed for \(path): \(reason)" }

    static func fromErrno(_ operation: String, _ path: String) -> LogIOError {
        let code = errno
        return LogIOError(operation: operation, path: path, code: code, reason: String(cString: strerror(code)))
    }
}

/// Log files on the local file system, through POSIX `open`/`write`/`fsync`.
public struct POSIXLogFileSystem: LogFileSystem {
    /// Creates the file system.
    public init() {}

    /// Creates (or truncates) `path`, mode 0644.
    ///
    /// On iOS, tvOS, watchOS and visionOS the file gets the data-protection class
    /// `completeUntilFirstUserAuthentication`: encrypted until the device is first unlocked after
    /// a restart, then writable while the device is locked, so a checkout that goes on in the
    /// background (a payment confirmed while the phone sleeps) is still recorded. An app whose
    /// default class is stricter would otherwise lose those records. On Apple platforms the file
    /// is also excluded from device backups (`isExcludedFromBackup`; nothing on Linux).
    public func create(path: String) throws(LogIOError) -> any LogFile {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw LogIOError.fromErrno("open", path) }
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        // Best effort: a file system without data protection keeps recording unprotected.
        try? FileManager.default.setAttributes(
            [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication],
            ofItemAtPath: path
        )
        #endif
        BackupExclusion.exclude(path: path)
        return POSIXLogFile(descriptor: descriptor, path: path)
    }
}

final class POSIXLogFile: LogFile {
    private var descriptor: Int32
    private let path: String

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        if descriptor >= 0 { _ = systemClose(descriptor) }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(LogIOError) {
        guard descriptor >= 0 else {
            throw LogIOError(operation: "write", path: path, code: EBADF, reason: "the file is closed")
        }
        var offset = 0
        while offset < bytes.count {
            guard let base = bytes.baseAddress else { return }
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw LogIOError.fromErrno("write", path)
            }
            offset += written
        }
    }

    func sync() throws(LogIOError) {
        guard descriptor >= 0 else {
            throw LogIOError(operation: "fsync", path: path, code: EBADF, reason: "the file is closed")
        }
        if fsync(descriptor) != 0 { throw LogIOError.fromErrno("fsync", path) }
    }

    func truncate(to length: Int) throws(LogIOError) {
        guard descriptor >= 0 else { return }
        if ftruncate(descriptor, off_t(length)) != 0 { throw LogIOError.fromErrno("truncate", path) }
    }

    func close() throws(LogIOError) {
        guard descriptor >= 0 else { return }
        let result = systemClose(descriptor)
        descriptor = -1
        if result != 0 { throw LogIOError.fromErrno("close", path) }
    }
}

/// `write(2)`, named apart from the protocol's `write`.
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    return Darwin.write(descriptor, pointer, count)
    #elseif canImport(Musl)
    return Musl.write(descriptor, pointer, count)
    #else
    return Glibc.write(descriptor, pointer, count)
    #endif
}

/// `close(2)`, named apart from the protocol's `close`.
private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    return Darwin.close(descriptor)
    #elseif canImport(Musl)
    return Musl.close(descriptor)
    #else
    return Glibc.close(descriptor)
    #endif
}
