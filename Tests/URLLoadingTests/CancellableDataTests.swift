import Foundation
import URLLoading
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSession.cancellableData(for:)`: a load cancelled at any moment ends with the answer or
/// with `URLError(.cancelled)`, never a crash or a wait that does not end. With FoundationNetworking's
/// own `data(for:)` the same loop crashed ("a task that in not in the registry") or hung within a
/// few hundred loads on this machine.
final class CancellableDataTests: XCTestCase {
    private var server: Process?
    private var serverInput: Pipe?
    private var baseURL: URL!

    override func setUpWithError() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/jittery_server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script.path]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        server = process
        serverInput = input
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            throw XCTSkip("the local server did not start (python3 missing?): \(text)")
        }
        baseURL = URL(string: "http://127.0.0.1:\(port)/")
    }

    override func tearDown() {
        try? serverInput?.fileHandleForWriting.close()
        if let server, server.isRunning {
            server.terminate()
            server.waitUntilExit()
        }
    }

    func testALoadCancelledAtAnyMomentEndsWithItsAnswerOrCancelled() async throws {
        let session = URLSession(configuration: .ephemeral)
        let request = URLRequest(url: try XCTUnwrap(URL(string: "load", relativeTo: baseURL)))
        var random = SystemRandomNumberGenerator()
        var answered = 0
        var cancelled = 0
        for round in 0..<300 {
            let load = Task { try await session.cancellableData(for: request) }
            // Cancel at once, after a few turns of the executor, or after many: the load is then
            // not begun, in flight, or ending (the server answers within 0 to 10 ms).
            let turns = round % 3 == 0 ? 0 : Int.random(in: 0...400, using: &random)
            for _ in 0..<turns { await Task.yield() }
            load.cancel()
            do {
                let (data, response) = try await load.value
                XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
                XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"ok":true}"#)
                answered += 1
            } catch let error as URLError where error.code == .cancelled {
                cancelled += 1
            }
        }
        XCTAssertEqual(answered + cancelled, 300)
        XCTAssertGreaterThan(cancelled, 0, "cancelling at once must cancel")
        // The session still loads after all that.
        let (data, _) = try await session.cancellableData(for: request)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"ok":true}"#)
    }

    func testATaskCancelledBeforeTheLoadBeginsIsCancelledAtOnce() async throws {
        let request = URLRequest(url: try XCTUnwrap(URL(string: "load", relativeTo: baseURL)))
        let load = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await URLSession.shared.cancellableData(for: request)
        }
        do {
            _ = try await load.value
            XCTFail("a cancelled task must not load")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .cancelled)
        }
    }

    func testAnUnreachableServerIsTheLoadsError() async throws {
        // Port 9 (discard) on localhost has no listener in the test environment.
        let request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:9/")))
        do {
            _ = try await URLSession.shared.cancellableData(for: request)
            XCTFail("expected a connection error")
        } catch let error as URLError {
            XCTAssertNotEqual(error.code, .cancelled)
        }
    }
}
