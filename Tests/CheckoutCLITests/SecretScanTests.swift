import Foundation
import StateStore
import XCTest

/// CI's secret scan (`scripts/check-no-secrets.py`) and the type-level redaction agree: every URL
/// item `SensitiveURL` treats as secret is a leak to the scan when its value is clear, and none is
/// once `SensitiveURL` has redacted it.
final class SecretScanTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        // Not under CHECKOUTENGINE_ARTIFACTS: these files hold planted leaks, and CI scans that
        // folder.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "secret-scan-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        directory = url
    }

    /// Runs the scan over `lines` (one file), answering its exit status and output.
    private func scan(_ lines: [String], name: String) throws -> (status: Int32, output: String) {
        let file = directory.appendingPathComponent(name)
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", repositoryRoot.appendingPathComponent("scripts/check-no-secrets.py").path, file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = Pipe()
        do {
            try process.run()
        } catch {
            throw XCTSkip("python3 is not available: \(error)")
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 127 { throw XCTSkip("python3 is not available") }
        return (process.terminationStatus, output)
    }

    /// One key per rule: each whole key, and each fragment inside a longer key.
    private var secretKeys: [String] {
        SensitiveURL.secretKeys.sorted() + SensitiveURL.secretKeyFragments.map { "x_\($0)_id" }
    }

    func testTheScanFlagsEverySecretQueryItemSensitiveURLRedacts() throws {
        let urls = secretKeys.map { #"{"url":"https://pay.example/return?status=ok&\#($0)=clear-value-1"}"# }
        for key in secretKeys { XCTAssertTrue(SensitiveURL.isSecretQueryKey(key), key) }
        let result = try scan(urls, name: "clear.jsonl")
        XCTAssertEqual(result.status, 1, result.output)
        for line in 1...urls.count {
            XCTAssertTrue(result.output.contains("query in \(directory.path)/clear.jsonl:\(line): "), "line \(line)")
        }
    }

    func testTheScanPassesTheSameURLsOnceRedacted() throws {
        let urls = secretKeys.map {
            let url = SensitiveURL("https://pay.example/return?status=ok&\($0)=clear-value-1")
            return #"{"url":"\#(url.redactedString)","d":"\#(url)"}"#
        }
        let result = try scan(urls, name: "redacted.jsonl")
        XCTAssertEqual(result.status, 0, result.output)
    }
}
