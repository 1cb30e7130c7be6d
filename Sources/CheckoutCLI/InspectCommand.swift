import ActionLog
import Checkout
import Foundation

/// `checkout inspect LOG [-o FILE]`: writes the log's inspector page, one self-contained HTML file.
struct InspectCommand {
    let path: String
    /// Where the page goes: `-o FILE`, `-` for standard output, or `NAME.html` in the current
    /// directory by default.
    let outputPath: String
    let maximumLineBytes: Int
    /// `--mask-personal`: the page shows every personal value as its marker (`‹email#1›`).
    let maskPersonal: Bool

    init(options: Options) throws {
        var options = options
        guard options.positional.count == 1 else {
            throw UsageError(options.positional.isEmpty ? "inspect needs a LOG file" : "inspect takes one LOG file")
        }
        path = options.positional[0]
        if let output = options.value("-o") ?? options.value("--output") {
            guard !output.isEmpty else { throw UsageError("-o needs a file name") }
            outputPath = output
        } else {
            var name = URL(fileURLWithPath: path).lastPathComponent
            if name.hasSuffix(".jsonl") { name.removeLast(6) }
            outputPath = name + ".html"
        }
        maximumLineBytes = try ReplayCommand.maximumLineBytes(&options)
        maskPersonal = options.flag("--mask-personal")
        try options.rejectUnknown()
    }

    func run() throws -> Int32 {
        if outputPath != "-", Self.isSameFile(outputPath, path) {
            throw UsageError("-o \(outputPath) is the log itself: the page would overwrite it")
        }
        let terminal = Terminal(noColor: true)
        // Read as `replay` reads it: the checkout's schema and upgrade, a progress bar for a long log.
        let replay = try ReplayCommand.load(path, maximumLineBytes: maximumLineBytes, terminal: terminal)
        if let torn = replay.tornLine {
            FileHandle.standardError.write(
                Data("checkout: \(torn.path):\(torn.line): \(torn.problem); skipped (the recording was cut off)\n".utf8)
            )
        }
        let personalData = PersonalDataView(replay, mask: maskPersonal)
        if let notice = personalData.notice(path: path) {
            FileHandle.standardError.write(Data((notice + "\n").utf8))
        }
        let page = try InspectorPage.html(
            for: replay, name: URL(fileURLWithPath: path).lastPathComponent, personalData: personalData
        ) {
            terminal.progress($0, of: $1)
        }
        if outputPath == "-" {
            FileHandle.standardOutput.write(Data(page))
            return 0
        }
        do {
            try Data(page).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
        } catch {
            throw InspectError.cannotWrite(path: outputPath, reason: (error as NSError).localizedDescription)
        }
        var summary = "\(outputPath): \(replay.count) steps"
        if let divergence = replay.divergence { summary += ", diverged at step \(divergence.step)" }
        if !replay.closedCleanly { summary += ", the log has no footer (the recording did not close cleanly)" }
        print(summary + " (\(Self.size(page.count))); open it in a browser")
        return 0
    }

    /// Whether two paths name the same file (both existing, same device and inode).
    static func isSameFile(_ first: String, _ second: String) -> Bool {
        guard let a = try? FileManager.default.attributesOfItem(atPath: first),
            let b = try? FileManager.default.attributesOfItem(atPath: second)
        else { return false }
        return (a[.systemNumber] as? NSNumber) == (b[.systemNumber] as? NSNumber)
            && (a[.systemFileNumber] as? NSNumber) == (b[.systemFileNumber] as? NSNumber)
    }

    /// `1.2 MB`, `830 KB`.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20
            ? String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) : "\(max(1, bytes >> 10)) KB"
    }
}

/// Why the inspector page could not be written.
enum InspectError: Error, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    var description: String {
        switch self {
        case .cannotWrite(let path, let reason): return "\(path): cannot write the page: \(reason)"
        }
    }
}
