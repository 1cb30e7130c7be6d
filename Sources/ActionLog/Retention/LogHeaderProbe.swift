import StateStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the first line of a file in a log directory says about the file, for retention: whose it
/// is and when its log was created. Never throws and never traps, whatever the file holds.
enum LogHeaderProbe: Equatable {
    /// One of this format's headers, whole and checksummed: when its log was created (ms since
    /// 1970) and the log's id.
    case header(createdMilliseconds: Int64, logID: String)
    /// Begins as this format's headers do (or is empty, or is shorter than that beginning and
    /// agrees with it, or cannot be opened) but the header cannot be read: torn, damaged, cut.
    /// Retention judges such a file by its modification date.
    case damaged
    /// Its first bytes are not those of this format's headers: another kind of file, never ours.
    case notALog

    /// Reads the header of the file at `path`: its first bytes, then (only if they are ours) its
    /// first line, up to the reader's default line limit.
    static func probe(path: String) -> LogHeaderProbe {
        let prefix = ActionLogFormat.headerPrefix
        guard let first = firstBytes(of: path, count: prefix.count) else { return .damaged }
        guard first.elementsEqual(prefix.prefix(first.count)) else { return .notALog }
        guard first.count == prefix.count else { return .damaged }
        do throws(ActionLogError) {
            let source = try LineSource(path: path, bufferSize: 64 << 10)
            guard let line = try source.nextLine() else { return .damaged }
            return header(in: try line.checked(path: path, lineNumber: 1))
        } catch {
            return .damaged
        }
    }

    /// `created` and `logId` from a checked header line.
    private static func header(in bytes: UnsafeRawBufferPointer) -> LogHeaderProbe {
        var tape = JSONTape()
        do {
            try tape.parse(bytes)
        } catch {
            return .damaged
        }
        guard tape[0].kind == .object else { return .damaged }
        var created: Int64?
        var logID: String?
        tape.withTokens { tokens in
            var position = 1
            while position < Int(tokens[0].next) {
                let value = tokens[position + 1]
                switch JSONTape.string(tokens[position], in: bytes) {
                case "created" where created == nil && value.kind == .number:
                    let text = UnsafeRawBufferPointer(
                        rebasing: bytes[Int(value.start)..<Int(value.start + value.length)])
                    if case .value(let milliseconds) = JSONTape.integer(text, as: Int64.self) {
                        created = milliseconds
                    }
                case "logId" where logID == nil:
                    logID = JSONTape.string(value, in: bytes)
                default:
                    break
                }
                position = Int(value.next)
            }
        }
        guard let created, let logID else { return .damaged }
        return .header(createdMilliseconds: created, logID: logID)
    }

    /// Up to `count` bytes from the start of the file (fewer for a shorter file); `nil` when it
    /// cannot be opened or read.
    private static func firstBytes(of path: String, count: Int) -> [UInt8]? {
        // Non-blocking: should a pipe take a log's name between the directory listing and here,
        // opening it must not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { _ = close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + filled }, count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[0..<filled])
    }
}
