import Foundation

/// The lines of the example logs (`Examples/Logs/*.jsonl`) that hold an action, each with where it
/// is: what the checkout's fast log paths (`LogEncodable`, `LogDecodable`) are compared on.
struct ExampleLogActionLines {
    /// One line: `file:line` and its JSON text.
    struct Line {
        let location: String
        let json: String
    }

    /// The example logs read.
    let files: [String]
    /// Their action lines, file by file, in order.
    let lines: [Line]

    /// Reads every example log.
    init() throws {
        let directory = ExampleLogs.directory
        files = try ExampleLogs.files()
        var lines: [Line] = []
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n").enumerated() where line.contains(#""action":"#) {
                lines.append(Line(location: "\(file):\(index + 1)", json: String(line)))
            }
        }
        self.lines = lines
    }
}

/// The example logs (`Examples/Logs/*.jsonl`) the checkout's tests replay.
enum ExampleLogs {
    /// `Examples/Logs`.
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Logs")
    }

    /// The example logs' file names, sorted.
    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".jsonl") }.sorted()
    }
}
