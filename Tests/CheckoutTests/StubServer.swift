import Foundation
import StoreTestSupport
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Python stub Checkout API (`Resources/checkout_stub_server.py`), started on 127.0.0.1 with
/// a free port for one test and stopped after it.
final class StubServer: @unchecked Sendable {
    struct Request: Decodable, Equatable {
        let method: String
        let path: String
        let headers: [String: String]
        let body: String
    }

    let baseURL: URL
    private let server: LocalServerProcess

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/checkout_stub_server.py")
        server = try LocalServerProcess(script: script)
        guard let url = URL(string: "http://127.0.0.1:\(server.port)/api/") else {
            throw StubServerError(message: "no URL for port \(server.port)")
        }
        baseURL = url
    }

    func stop() {
        server.stop()
    }

    /// Queues the response to the next request.
    func enqueue(status: Int = 200, body: String, delay: Double = 0) async throws {
        let spec: [String: Any] = ["status": status, "body": body, "delay": delay]
        var request = URLRequest(url: controlURL("enqueue"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: spec)
        _ = try await URLSession.shared.data(for: request)
    }

    /// Queues a JSON response encoded from `value`.
    func enqueue<Value: Encodable>(status: Int = 200, json value: Value) async throws {
        try await enqueue(status: status, body: String(decoding: try JSONEncoder().encode(value), as: UTF8.self))
    }

    /// The requests received so far (control requests excluded).
    func requests() async throws -> [Request] {
        let (data, _) = try await URLSession.shared.data(from: controlURL("requests"))
        return try JSONDecoder().decode([Request].self, from: data)
    }

    private func controlURL(_ name: String) -> URL {
        URL(string: "/_control/\(name)", relativeTo: baseURL)?.absoluteURL ?? baseURL
    }
}

struct StubServerError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
