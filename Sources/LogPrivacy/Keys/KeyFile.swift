import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing key files with POSIX calls, so that the checks apply to the file actually
/// read: the mode and type come from `fstat` on the open descriptor, never from a separate look
/// at the path that another process could swap in between.
enum KeyFile {
    /// The permission bits that let the group or others read or write the file.
    private static let othersReadWrite: mode_t = 0o066

    static func contents(ofPath path: String) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw PseudonymKeyError.cannotRead(path: path, reason: lastError()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw PseudonymKeyError.cannotRead(path: path, reason: lastError())
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw PseudonymKeyError.notARegularFile(path: path) }
        guard status.st_mode & othersReadWrite == 0 else {
            throw PseudonymKeyError.accessibleByOthers(path: path, mode: octal(status.st_mode & 0o7777))
        }
        guard Int(status.st_size) <= PseudonymKey.maximumByteCount else {
            throw PseudonymKeyError.tooLong(
                path: path, byteCount: Int(status.st_size), maximum: PseudonymKey.maximumByteCount)
        }
        // Read one byte more than the limit allows, in case the file grew since fstat.
        var bytes = [UInt8](repeating: 0, count: PseudonymKey.maximumByteCount + 1)
        let (count, failure) = repeated(upTo: bytes.count) { offset in
            bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Foundation.read(descriptor, base + offset, buffer.count - offset)
            }
        }
        if let failure { throw PseudonymKeyError.cannotRead(path: path, reason: failure) }
        guard count <= PseudonymKey.maximumByteCount else {
            throw PseudonymKeyError.tooLong(path: path, byteCount: count, maximum: PseudonymKey.maximumByteCount)
        }
        guard count >= PseudonymKey.minimumByteCount else {
            throw PseudonymKeyError.tooShort(path: path, byteCount: count, minimum: PseudonymKey.minimumByteCount)
        }
        return Array(bytes.prefix(count))
    }

    static func create(path: String, containing bytes: [UInt8]) throws {
        // O_EXCL: never overwrite; O_NOFOLLOW: never write through a link planted at the path.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw PseudonymKeyError.fileExists(path: path) }
            throw PseudonymKeyError.cannotWrite(path: path, reason: lastError())
        }
        var failure: String?
        // The umask can only take bits away from 0600; fchmod makes the mode exact all the same.
        if fchmod(descriptor, 0o600) != 0 { failure = lastError() }
        if failure == nil {
            let (written, writeFailure) = repeated(upTo: bytes.count) { offset in
                bytes.withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return Foundation.write(descriptor, base + offset, buffer.count - offset)
                }
            }
            failure = writeFailure ?? (written < bytes.count ? "wrote \(written) of \(bytes.count) bytes" : nil)
        }
        if failure == nil, fsync(descriptor) != 0 { failure = lastError() }
        if close(descriptor) != 0, failure == nil { failure = lastError() }
        if let failure {
            // Never leave a partial key behind: a later read would refuse it, or worse, use it.
            unlink(path)
            throw PseudonymKeyError.cannotWrite(path: path, reason: failure)
        }
    }

    /// Calls `transfer` (a `read` or `write` at the offset reached so far) until `total` bytes are
    /// done or it transfers nothing, retrying a call a signal interrupted. Returns the bytes done
    /// and the system's error, if one stopped it.
    private static func repeated(upTo total: Int, _ transfer: (_ offset: Int) -> Int) -> (Int, String?) {
        var done = 0
        while done < total {
            let result = transfer(done)
            if result < 0 {
                if errno == EINTR { continue }
                return (done, lastError())
            }
            if result == 0 { break }
            done += result
        }
        return (done, nil)
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
