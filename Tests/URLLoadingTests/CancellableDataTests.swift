import Foundation
import StoreTestSupport
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
    private var server: LocalServerProcess?
    private var baseURL: URL!

    override func setUpWithError() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/jittery_server.py")
        let server = try LocalServerProcess(script: script)
        self.server = server
        baseURL = URL(string: "http://127.0.0.1:\(server.port)/")
    }

    override func tearDown() {
        server?.stop()
        server = nil
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
