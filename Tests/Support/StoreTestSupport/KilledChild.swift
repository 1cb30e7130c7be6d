public import Foundation

/// A child process a kill test ran to its point and killed with SIGKILL: what it printed first
/// (a child prints `ready` once it reached its point), what it wrote to standard error, and how it
/// ended (`.uncaughtSignal` when the kill ended it).
public struct KilledChild: Sendable {
    /// The child's first line of standard output, with its newline (empty if it printed none).
    public let said: String
    /// All it wrote to standard error.
    public let problem: String
    /// How it ended.
    public let terminationReason: Process.TerminationReason

    /// Runs `executable` with `arguments` until it prints its first line, then kills it with
    /// SIGKILL. A watchdog kills a child that hangs before its point after `watchdog` seconds, on
    /// a very slow machine: the read then ends, and ``said`` says so.
    public static func run(_ executable: URL, arguments: [String], watchdog: Double = 180) throws -> KilledChild {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let dog = DispatchWorkItem { [process] in
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + watchdog, execute: dog)
        var said = Data()
        while !said.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said.append(chunk)
        }
        dog.cancel()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return KilledChild(
            said: String(decoding: said, as: UTF8.self),
            problem: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            terminationReason: process.terminationReason)
    }
}
