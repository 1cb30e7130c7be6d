import ActionLog
import Checkout
import Foundation
import LogPrivacy

/// `checkout pseudonymise LOG... -o OUT`: exports each log with its personal data replaced by
/// pseudonyms, proved to replay to the same decisions (``LogPseudonymisation``), and prints each
/// export's report (counts only, never a value); `--json` writes the reports as JSON Lines.
///
/// One log file and an `OUT` that is not a directory: `OUT` is the export. Otherwise (several
/// logs, a directory, or an existing directory as `OUT`) `OUT` is a directory and each export
/// keeps its log's path below the directory given (or its file name).
struct PseudonymiseCommand {
    let logs: [VerifyInputs.Log]
    let output: String
    let outputIsDirectory: Bool
    let key: PseudonymKey?
    let newKeyPath: String?
    let json: Bool
    let force: Bool
    let maximumLineBytes: Int

    init(options: Options) throws {
        var options = options
        json = options.flag("--json")
        force = options.flag("--force")
        let keyFile = options.value("--key-file")
        newKeyPath = options.value("--new-key")
        let outputText = options.value("-o") ?? options.value("--output")
        maximumLineBytes = try ReplayCommand.maximumLineBytes(&options)
        try options.rejectUnknown()
        if keyFile != nil, newKeyPath != nil {
            throw UsageError("--key-file and --new-key both name the key: give one")
        }
        let onlyMakesAKey = options.positional.isEmpty && newKeyPath != nil && outputText == nil
        if !onlyMakesAKey {
            guard !options.positional.isEmpty else {
                throw UsageError("pseudonymise needs a LOG (a log file or a directory)")
            }
            guard let outputText, !outputText.isEmpty else {
                throw UsageError("pseudonymise needs -o OUT (where to write the export)")
            }
        }
        if let newKeyPath {
            let made = try PseudonymKey.random()
            do {
                try made.write(to: URL(fileURLWithPath: newKeyPath))
            } catch {
                throw CommandFailure("\(error)")
            }
            key = try PseudonymKey(contentsOf: URL(fileURLWithPath: newKeyPath))
        } else if let keyFile {
            do {
                key = try PseudonymKey(contentsOf: URL(fileURLWithPath: keyFile))
            } catch {
                throw CommandFailure("\(error)")
            }
        } else {
            key = nil
        }
        guard let outputText, !onlyMakesAKey else {
            logs = []
            output = ""
            outputIsDirectory = false
            return
        }
        let inputs = VerifyInputs(options.positional)
        logs = inputs.logs
        output = outputText
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: outputText, isDirectory: &isDirectory)
        let givenDirectory = options.positional.contains { argument in
            var directory: ObjCBool = false
            return FileManager.default.fileExists(atPath: argument, isDirectory: &directory) && directory.boolValue
        }
        outputIsDirectory = (exists && isDirectory.boolValue) || logs.count > 1 || givenDirectory
    }

    func run() throws -> Int32 {
        let out = Output()
        if let newKeyPath {
            FileHandle.standardError.write(Data("checkout: made key file \(newKeyPath) (mode 0600)\n".utf8))
        }
        guard !logs.isEmpty else { return 0 }
        let decisions = CheckoutDecisions(reducer: ReplayCommand.reducer)
        let export = LogPseudonymisation(
            rules: decisions, key: key, overwrite: force, maximumLineBytes: maximumLineBytes)
        var status: Int32 = 0
        for log in logs {
            let destination = outputIsDirectory ? output + "/" + log.shardKey : output
            do {
                if let listingError = log.listingError { throw CommandFailure(listingError) }
                if outputIsDirectory {
                    let parent = (destination as NSString).deletingLastPathComponent
                    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
                }
                let report = try export.exportNow(logAt: log.path, to: destination)
                if json {
                    out.line(try Self.jsonLine(report))
                } else {
                    out.line(Self.text(of: report))
                }
            } catch let error as PseudonymisationError {
                out.flush()
                FileHandle.standardError.write(Data("checkout: pseudonymise: \(error)\n".utf8))
                switch error {
                case .decisionChanged, .doesNotVerify, .cannotPseudonymise: status = max(status, 1)
                default: status = 2
                }
            } catch {
                out.flush()
                FileHandle.standardError.write(Data("checkout: pseudonymise: \(log.path): \(error)\n".utf8))
                status = 2
            }
        }
        out.flush()
        return status
    }

    /// The report in words: where, how much, and the counts.
    static func text(of report: PseudonymisationReport) -> String {
        var lines: [String] = []
        let key = report.privacy.keyID.map { "kept key \($0)" } ?? "a random key (not kept)"
        var how = "\(report.steps) steps, \(report.closedCleanly ? "closed" : "open (no footer)")"
        if report.partsRead > 1 { how += ", \(report.partsRead) parts joined" }
        if let torn = report.tornLineDropped { how += ", torn line \(torn) dropped" }
        let scheme = report.privacy.schemeVersion.map(String.init) ?? "unknown"
        lines.append("\(report.log) -> \(report.output): \(how); scheme \(scheme), \(key)")
        let leaves = report.leaves
        lines.append("  leaves: \(leaves.personal) personal, \(leaves.secret) secret, \(leaves.plain) plain")
        let pseudonyms = report.pseudonyms
        let kinds = PersonalKind.allCases.compactMap { kind in
            pseudonyms.values[kind].map { "\(kind.rawValue) \($0)" }
        }
        lines.append(
            "  pseudonyms: \(pseudonyms.totalValues) values"
                + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))")
                + ", \(pseudonyms.redraws) redrawn to keep a decision, \(pseudonyms.collisionRedraws) to stay distinct")
        lines.append(
            "  free text: \(pseudonyms.freeTextFieldsTouched) fields touched, "
                + "\(pseudonyms.freeTextReplacements) values replaced")
        return lines.joined(separator: "\n")
    }

    /// The report as one JSON line (sorted keys).
    static func jsonLine(_ report: PseudonymisationReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }
}

/// A command that could not do its work (not a usage mistake): one line, exit 2.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
