import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where output goes, and whether it may use colour and a progress bar.
struct Terminal {
    /// Colours only when standard output is a terminal, and never when `NO_COLOR` is set (to
    /// anything but the empty string, as no-color.org defines it) or `--no-color` given.
    let colours: Bool
    /// A progress bar only when standard error is a terminal.
    let showsProgress: Bool

    init(noColor: Bool) {
        let environment = ProcessInfo.processInfo.environment
        colours = !noColor && isatty(STDOUT_FILENO) != 0 && (environment["NO_COLOR"] ?? "").isEmpty
        showsProgress = isatty(STDERR_FILENO) != 0
    }

    private init(colours: Bool, showsProgress: Bool) {
        self.colours = colours
        self.showsProgress = showsProgress
    }

    /// The same terminal, drawing no progress bar (for work too short to need one).
    var withoutProgress: Terminal { Terminal(colours: colours, showsProgress: false) }

    func bold(_ text: String) -> String { colours ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { colours ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
    func green(_ text: String) -> String { colours ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { colours ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

    /// Draws `[=====     ]  45% (450/1000)` on standard error, in place; at `total` it clears the
    /// line. `done` past `total` (an estimate that fell short) shows as 99%.
    func progress(_ done: Int, of total: Int) {
        guard showsProgress, total > 0 else { return }
        if done == total {
            clearProgress()
            return
        }
        let shown = min(max(done, 0), total - 1)
        let width = 30
        let filled = Int(Double(shown) / Double(total) * Double(width))
        let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
        let percent = Int(Double(shown) / Double(total) * 100)
        let line = "\r[\(bar)] \(String(format: "%3d", percent))% (\(done)/\(total))"
        ProgressLine.draw(line)
    }

    /// Clears a progress bar's line.
    func clearProgress() {
        ProgressLine.clear()
    }
}

/// The progress bar's line on standard error. Standard output clears it before it writes (see
/// ``Output``), so that on a terminal that shows both, no printed line starts after a bar.
enum ProgressLine {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var drawn = false

    static func draw(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data(line.utf8))
        drawn = true
    }

    static func clear() {
        lock.lock()
        defer { lock.unlock() }
        clearLocked()
    }

    /// Runs `write` with the bar cleared first (it is drawn again at the next progress).
    static func beforeOutput(_ write: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        clearLocked()
        write()
    }

    private static func clearLocked() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        drawn = false
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
        let data = Data(buffer.utf8)
        ProgressLine.beforeOutput { FileHandle.standardOutput.write(data) }
        buffer = ""
    }

    deinit { flushLocked() }
}
