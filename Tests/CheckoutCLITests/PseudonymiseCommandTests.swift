import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import LogPrivacy
import XCTest

/// `checkout pseudonymise` as a support engineer runs it, and the library call an app makes on the
/// device (async, cancellable, reporting progress, into the log directory's exports area).
final class PseudonymiseCommandTests: XCTestCase {
    private var directory: String = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "pseudonymise-command-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private let guest = repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl").path

    private func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    // MARK: The command

    func testTheCommandWritesAVerifiedExportAndPrintsItsReport() throws {
        let checkout = try CommandRunner()
        let output = directory + "/guest.jsonl"
        let result = try checkout.run(["pseudonymise", guest, "-o", output])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.contains("18 steps, closed"), result.output)
        XCTAssertTrue(result.output.contains("a random key (not kept)"), result.output)
        XCTAssertTrue(result.output.contains("leaves: "), result.output)
        XCTAssertFalse(result.output.contains("ada@example.com"), "never a value")
        let verify = try checkout.run(["replay", "--verify", output])
        XCTAssertEqual(verify.status, 0, verify.output + verify.errors)
    }

    func testJSONWritesOneReportPerLogAndADirectoryKeepsItsLayout() throws {
        let checkout = try CommandRunner()
        let logs = directory + "/logs"
        try FileManager.default.createDirectory(atPath: logs + "/web", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: guest, toPath: logs + "/guest.jsonl")
        try FileManager.default.copyItem(
            atPath: repositoryRoot.appendingPathComponent("Examples/Logs/web-forms-checkout.jsonl").path,
            toPath: logs + "/web/forms.jsonl")
        let result = try checkout.run(["pseudonymise", logs, "-o", directory + "/out", "--json"])
        XCTAssertEqual(result.status, 0, result.errors)
        let reports = try result.output.split(separator: "\n").map {
            try JSONDecoder().decode(PseudonymisationReport.self, from: Data($0.utf8))
        }
        XCTAssertEqual(reports.map(\.steps).count, 2)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/out/guest.jsonl"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/out/web/forms.jsonl"))
        XCTAssertEqual(reports.first?.privacy.schemeVersion, Pseudonymiser.schemeVersion)
    }

    func testNewKeyMakesAPrivateKeyFileAndAKeyFileOthersCanReadIsRefused() throws {
        let checkout = try CommandRunner()
        let key = directory + "/team.key"
        let made = try checkout.run(["pseudonymise", "--new-key", key])
        XCTAssertEqual(made.status, 0, made.errors)
        XCTAssertEqual(try mode(of: key), 0o600)
        let again = try checkout.run(["pseudonymise", "--new-key", key])
        XCTAssertNotEqual(again.status, 0, "a key file is never overwritten")
        let first = try checkout.run(["pseudonymise", guest, "-o", directory + "/a.jsonl", "--key-file", key])
        let second = try checkout.run(["pseudonymise", guest, "-o", directory + "/b.jsonl", "--key-file", key])
        XCTAssertEqual(first.status, 0, first.errors)
        XCTAssertEqual(second.status, 0, second.errors)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: directory + "/a.jsonl")),
            try Data(contentsOf: URL(fileURLWithPath: directory + "/b.jsonl")))
        XCTAssertTrue(first.output.contains("kept key "), first.output)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: key)
        let refused = try checkout.run(["pseudonymise", guest, "-o", directory + "/c.jsonl", "--key-file", key])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.errors.contains("0644"), refused.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/c.jsonl"))
    }

    func testTheCommandRefusesItsOwnInputAnExistingOutputAndMissingArguments() throws {
        let checkout = try CommandRunner()
        let copy = directory + "/log.jsonl"
        try FileManager.default.copyItem(atPath: guest, toPath: copy)
        let itself = try checkout.run(["pseudonymise", copy, "-o", copy])
        XCTAssertEqual(itself.status, 2)
        XCTAssertTrue(itself.errors.contains("is the log being exported"), itself.errors)
        let existing = try checkout.run(["pseudonymise", guest, "-o", copy])
        XCTAssertEqual(existing.status, 2)
        XCTAssertTrue(existing.errors.contains("--force"), existing.errors)
        XCTAssertEqual(try checkout.run(["pseudonymise", guest]).status, 64)
        XCTAssertEqual(try checkout.run(["pseudonymise", "-o", copy]).status, 64)
        let both = try checkout.run(["pseudonymise", guest, "-o", "x", "--key-file", "a", "--new-key", "b"])
        XCTAssertEqual(both.status, 64)
        let help = try checkout.run(["help", "pseudonymise"])
        XCTAssertTrue(help.output.contains("--new-key FILE"), help.output)
    }

    func testADamagedLogExitsTwoNamingItsLine() throws {
        // A damaged log cannot be read (exit 2), naming its line.
        let checkout = try CommandRunner()
        var lines = try String(contentsOfFile: guest, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[3] = lines[3].replacingOccurrences(of: "ada@", with: "eve@")
        let damaged = directory + "/damaged.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: damaged, atomically: true, encoding: .utf8)
        let result = try checkout.run(["pseudonymise", damaged, "-o", directory + "/out.jsonl"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.errors.contains("damaged.jsonl:4"), result.errors)
    }

    // MARK: On the device

    func testTheDeviceCallExportsIntoTheExportsAreaReportingProgress() async throws {
        let logs = ActionLogDirectory(path: directory + "/logs")
        try FileManager.default.createDirectory(atPath: logs.path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: guest, toPath: logs.path + "/checkout.jsonl")
        let progress = Progress(totalUnitCount: 0)
        let export = LogPseudonymisation(rules: CheckoutDecisions(reducer: Self.reducer))
        let report = try await export.export(logAt: logs.path + "/checkout.jsonl", into: logs, progress: progress)
        XCTAssertEqual(report.output, logs.exportsPath + "/checkout.jsonl")
        XCTAssertTrue(FileManager.default.fileExists(atPath: report.output))
        XCTAssertEqual(progress.completedUnitCount, progress.totalUnitCount)
        XCTAssertGreaterThan(progress.totalUnitCount, 18)
        let removal = try logs.eraseAll()
        XCTAssertEqual(removal.exports, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: report.output))
    }

    func testTheFirstPassReportsTheStepsReadAgainstAnUnknownTotal() throws {
        let progress = RecordingProgress(totalUnitCount: 0)
        let export = LogPseudonymisation(rules: CheckoutDecisions(reducer: Self.reducer))
        let report = try export.exportNow(logAt: guest, to: directory + "/out.jsonl", progress: progress)
        let steps = Int64(report.steps)
        XCTAssertGreaterThan(steps, 0)
        // While the first pass reads, the total is unknown (indeterminate) and the steps read count.
        XCTAssertTrue(progress.seen.contains { $0.total < 0 && $0.completed == steps }, "\(progress.seen)")
        // Then three passes of the steps and the rename, the first pass counted as done.
        XCTAssertTrue(progress.seen.contains { $0.total == 3 * steps + 1 && $0.completed == steps }, "\(progress.seen)")
        XCTAssertEqual(progress.completedUnitCount, 3 * steps + 1)
        XCTAssertEqual(progress.seen.map(\.completed), progress.seen.map(\.completed).sorted(), "never goes back")
    }

    func testCancellingTheTaskStopsTheExportAndLeavesNothing() async throws {
        let stream = AsyncStream.makeStream(of: Void.self)
        let gate = stream.stream
        let open = stream.continuation
        let output = directory + "/out.jsonl"
        let log = guest
        let export = LogPseudonymisation(rules: CheckoutDecisions(reducer: Self.reducer))
        let task = Task.detached { () async throws -> PseudonymisationReport in
            // Returns once the gate opens, or at once when the task is cancelled: either way after cancel().
            _ = await gate.first { _ in true }
            return try await export.export(logAt: log, to: output)
        }
        // Cancelled before the export begins, so its cancellation handler runs at once.
        task.cancel()
        open.yield()
        open.finish()
        do {
            _ = try await task.value
            XCTFail("a cancelled export finished")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        XCTAssertEqual(names.filter { $0.contains(ActionLogDirectory.temporaryExportMarker) }, [])
    }

    private static var reducer: CheckoutReducerType {
        CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
    }
}

/// A `Progress` that records every (total, completed) pair it is set to, in order (set on the
/// calling thread by `exportNow`).
final class RecordingProgress: Progress, @unchecked Sendable {
    private(set) var seen: [(total: Int64, completed: Int64)] = []

    override var totalUnitCount: Int64 {
        didSet { seen.append((totalUnitCount, completedUnitCount)) }
    }

    override var completedUnitCount: Int64 {
        didSet { seen.append((totalUnitCount, completedUnitCount)) }
    }
}
