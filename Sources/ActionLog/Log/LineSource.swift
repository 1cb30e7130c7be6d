import StateStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file line by line in constant memory (one buffer, grown only for a longer line).
final class LineSource {
    let path: String
    private let descriptor: Int32
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var reachedEnd = false
    /// The lines returned so far, and their bytes (newlines included).
    private(set) var linesTaken = 0
    private(set) var bytesTaken = 0

    init(path: String, bufferSize: Int = 1 << 20) throws(ActionLogError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bufferSize, 64), alignment: 8)
    }

    deinit {
        buffer.deallocate()
        _ = closeDescriptor(descriptor)
    }

    /// A line: its bytes without the newline, and whether it had one.
    struct Line {
        var bytes: UnsafeRawBufferPointer
        var hasNewline: Bool
    }

    /// The next line, valid until the next call; `nil` at the end of the file.
    func nextLine() throws(ActionLogError) -> Line? {
        while true {
            if let newline = findNewline() {
                let line = Line(
                    bytes: UnsafeRawBufferPointer(rebasing: buffer[start..<newline]),
                    hasNewline: true
                )
                linesTaken += 1
                bytesTaken += newline + 1 - start
                start = newline + 1
                return line
            }
            if reachedEnd {
                guard start < end else { return nil }
                let line = Line(bytes: UnsafeRawBufferPointer(rebasing: buffer[start..<end]), hasNewline: false)
                linesTaken += 1
                bytesTaken += end - start
                start = end
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

    private func findNewline() -> Int? {
        guard start < end, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + start, 0x0A, end - start) else { return nil }
        return base.distance(to: found)
    }

    private func fill() throws(ActionLogError) {
        // Move what is left to the front; grow if a single line fills the buffer.
        if start > 0 {
            if end > start, let base = buffer.baseAddress {
                memmove(base, base + start, end - start)
            }
            end -= start
            start = 0
        }
        if end == buffer.count {
            let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 8)
            bigger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<end]))
            buffer.deallocate()
            buffer = bigger
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
