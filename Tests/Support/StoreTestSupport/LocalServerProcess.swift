public import Foundation

/// A local HTTP server a test runs: a Python script started with `python3 -u`, which prints its
/// port on its first line (`8080` or `PORT 8080`) once it listens, and exits when its standard
/// input closes, so it never outlives the test process even when that dies.
public final class LocalServerProcess: @unchecked Sendable {
    /// The port the server listens on, on 127.0.0.1.
    public let port: Int
    private let process: Process
    /// The server's stdin: closing it stops the server.
    private let input: Pipe

    /// Starts `script` with `arguments` and waits for its port; throws ``LocalServerError`` when
    /// it printed none (python3 missing, the script failed).
    public init(script: URL, arguments: [String] = [], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        self.process = process
        self.input = input
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let number = text.hasPrefix("PORT ") ? String(text.dropFirst(5)) : text
        guard let port = Int(number) else {
            process.terminate()
            throw LocalServerError(message: "\(script.lastPathComponent) did not print a port (got \"\(text)\")")
        }
        self.port = port
    }

    /// Stops the server and waits for it to exit.
    public func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit {
        stop()
    }
}

/// A local server that did not start.
public struct LocalServerError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}
