import StateStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file line by line in bounded memory: one buffer, grown for a longer line up to the
/// line limit, and shrunk back once the long line is behind.
///
/// A line longer than `maximumLineBytes` (before its newline) is refused with
/// ``ActionLogError/LineProblem/lineTooLong(limit:)`` as soon as that many bytes are read without
/// a newline: `/dev/zero` or a file of one endless line stops at the limit. The buffer is at most
/// `max(bufferSize, 2 × the longest line read)` bytes, and grows with `realloc` (no second copy of
/// a long line while it grows, where the system can move pages).
final class LineSource {
    let path: String
    /// The longest line taken, in bytes before the newline.
    let maximumLineBytes: Int
    private let descriptor: Int32
    private var buffer: UnsafeMutableRawBufferPointer
    /// The size the buffer starts at, and returns to after a long line.
    private let normalCapacity: Int
    private var start = 0
    private var end = 0
    /// `[start, scanned)` holds no newline: the search for the next one resumes at `scanned`, so
    /// a long line arriving in small reads (a pipe) is scanned once, not once per read.
    private var scanned = 0
    private var reachedEnd = false
    /// The lines returned so far, and their bytes (newlines included).
    private(set) var linesTaken = 0
    private(set) var bytesTaken = 0

    init(
        path: String, bufferSize: Int = 1 << 20, maximumLineBytes: Int = ActionLogFormat.defaultMaximumLineBytes
    ) throws(ActionLogError) {
        self.path = path
        self.maximumLineBytes = min(max(maximumLineBytes, 1), ActionLogFormat.maximumLineBytesCeiling)
        // No bigger than the longest line and its newline need.
        normalCapacity = max(min(bufferSize, self.maximumLineBytes + 1), 64)
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        // (`deinit` runs only once every property is set: until then, this closes what it opened.)
        guard let memory = malloc(normalCapacity) else {
            _ = closeDescriptor(descriptor)
            throw .cannotRead(path: path, reason: "cannot allocate \(normalCapacity) bytes")
        }
        buffer = UnsafeMutableRawBufferPointer(start: memory, count: normalCapacity)
    }

    deinit {
        free(buffer.baseAddress)
        _ = closeDescriptor(descriptor)
    }

    /// A line: its bytes without the newline, and whether it had one.
    struct Line {
        var bytes: UnsafeRawBufferPointer
        var hasNewline: Bool
    }

    /// The number the next line will have (the first line is 1).
    var nextLineNumber: Int { linesTaken + 1 }

    /// The buffer's size now (for tests of the memory bound).
    var capacity: Int { buffer.count }

    /// The next line, valid until the next call; `nil` at the end of the file.
    ///
    /// - Throws: ``ActionLogError/LineProblem/lineTooLong(limit:)`` for a line longer than
    ///   `maximumLineBytes`, or ``ActionLogError/cannotRead(path:reason:)``.
    func nextLine() throws(ActionLogError) -> Line? {
        while true {
            if let newline = findNewline() {
                guard newline - start <= maximumLineBytes else { throw tooLong() }
                let line = Line(
                    bytes: UnsafeRawBufferPointer(rebasing: buffer[start..<newline]),
                    hasNewline: true
                )
                linesTaken += 1
                bytesTaken += newline + 1 - start
                start = newline + 1
                scanned = start
                return line
            }
            if reachedEnd {
                guard start < end else { return nil }
                guard end - start <= maximumLineBytes else { throw tooLong() }
                let line = Line(bytes: UnsafeRawBufferPointer(rebasing: buffer[start..<end]), hasNewline: false)
                linesTaken += 1
                bytesTaken += end - start
                start = end
                scanned = end
                return line
            }
            try fill()
        }
    }

    /// The file's size in bytes, or `nil` if the system cannot tell.
    var fileSize: Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// `true` when nothing but the end of the file follows what was returned so far.
    func isAtEnd() throws(ActionLogError) -> Bool {
        while start == end && !reachedEnd {
            try fill()
        }
        return start == end && reachedEnd
    }

    /// Gives back the room a long line took, once the lines still buffered fit the normal size
    /// (the reader calls this when a batch's lines have been copied out).
    func releaseSpareCapacity() {
        guard buffer.count > normalCapacity, end - start < normalCapacity else { return }
        compact()
        resize(to: normalCapacity)
    }

    private func tooLong() -> ActionLogError {
        .badLine(path: path, line: nextLineNumber, problem: .lineTooLong(limit: maximumLineBytes))
    }

    private func findNewline() -> Int? {
        guard scanned < end, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + scanned, 0x0A, end - scanned) else {
            scanned = end
            return nil
        }
        return base.distance(to: found)
    }

    /// Moves what is left to the front of the buffer.
    private func compact() {
        guard start > 0 else { return }
        if end > start, let base = buffer.baseAddress {
            memmove(base, base + start, end - start)
        }
        end -= start
        scanned -= start
        start = 0
    }

    /// Reallocates the buffer to `size` bytes (at least `end`), keeping its first `end` bytes.
    /// Returns `false` when the system has no memory for it.
    @discardableResult
    private func resize(to size: Int) -> Bool {
        guard let memory = realloc(buffer.baseAddress, size) else { return false }
        buffer = UnsafeMutableRawBufferPointer(start: memory, count: size)
        return true
    }

    private func fill() throws(ActionLogError) {
        compact()
        // The buffer holds `end` bytes of one line and no newline: refuse the line as soon as it
        // is longer than the limit, before reading (or allocating) any more of it.
        if end > maximumLineBytes { throw tooLong() }
        if end == buffer.count {
            // Grow for the line, never past what the longest line and its newline need.
            let size = min(buffer.count * 2, maximumLineBytes + 1)
            guard resize(to: size) else {
                throw .cannotRead(path: path, reason: "cannot allocate \(size) bytes for line \(nextLineNumber)")
            }
        } else if buffer.count > normalCapacity, end < normalCapacity / 2 {
            // A long line is behind: give its room back.
            resize(to: normalCapacity)
        }
        guard let base = buffer.baseAddress else { return }
        while true {
            let count = read(descriptor, base + end, buffer.count - end)
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { reachedEnd = true }
            end += count
            return
        }
    }
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    return Darwin.close(descriptor)
    #elseif canImport(Musl)
    return Musl.close(descriptor)
    #else
    return Glibc.close(descriptor)
    #endif
}

extension LineSource.Line {
    /// Checks the newline and checksum of the line; returns its bytes without the newline.
    /// Not generic: the reader, the record parser and the retention probe share it.
    func checked(path: String, lineNumber: Int) throws(ActionLogError) -> UnsafeRawBufferPointer {
        func bad(_ problem: ActionLogError.LineProblem) -> ActionLogError {
            .badLine(path: path, line: lineNumber, problem: problem)
        }
        guard hasNewline else { throw bad(.missingNewline) }
        let bytes = self.bytes
        // Without the newline, the trailer is `,"crc":"` + 8 hex digits + `"}`: 18 bytes.
        let trailer = ActionLogFormat.trailerLength - 1
        let count = bytes.count
        guard count > trailer,
            let base = bytes.baseAddress,
            ActionLogFormat.trailerPrefix.withUnsafeBytes({ prefix in
                prefix.baseAddress.map { memcmp($0, base + (count - trailer), prefix.count) == 0 } ?? false
            }),
            bytes[count - 2] == UInt8(ascii: "\""), bytes[count - 1] == UInt8(ascii: "}")
        else { throw bad(.missingChecksum) }
        let expected = LineChecksum.compute(UnsafeRawBufferPointer(rebasing: bytes[0..<(count - trailer)]))
        // Compared as a number: no strings built for the line that is fine (nearly all of them).
        let digits = UnsafeRawBufferPointer(rebasing: bytes[(count - 10)..<(count - 2)])
        guard LineChecksum.parseHex(digits) == expected else {
            throw bad(
                .checksumMismatch(
                    expected: LineChecksum.hex(expected), found: String(decoding: digits, as: UTF8.self)))
        }
        return bytes
    }
}
