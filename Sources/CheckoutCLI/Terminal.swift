import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where output goes, and whether it may use colour and a progress bar.
struct Terminal {
    /// Colours only on a terminal, and never when `NO_COLOR` is set or `--no-color` given.
    let colours: Bool
    /// A progress bar only when standard error is a terminal.
    let showsProgress: Bool

    init(noColor: Bool) {
        colours = !noColor && isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        showsProgress = isatty(STDERR_FILENO) != 0
    }

    func bold(_ text: String) -> String { colours ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { colours ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
    func green(_ text: String) -> String { colours ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { colours ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

    /// Draws `[=====     ]  45% (450/1000)` on standard error, in place.
    func progress(_ done: Int, of total: Int) {
        guard showsProgress, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        let line = "\r[\(bar)] \(String(format: "%3d", done * 100 / total))% (\(done)/\(total))"
        FileHandle.standardError.write(Data(line.utf8))
        if done == total { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

/// Standard output, written through one buffer (printing a long replay line by line is slow).
/// Thread-safe: the demo's middleware, its effects and a recorder's failure report all write.
final class Output: @unchecked Sendable {
    private var buffer = ""
    private let lock = NSLock()

    func line(_ text: String = "") {
        lock.lock()
        defer { lock.unlock() }
        buffer += text
        buffer += "\n"
        if buffer.utf8.count > 1 << 16 { flushLocked() }
    }

    func flush() {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
    }

    private func flushLocked() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
    }

    deinit { flushLocked() }
}
