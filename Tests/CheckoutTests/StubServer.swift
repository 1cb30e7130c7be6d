import Foundation
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
    private let process: Process
    /// The server's stdin: closing it stops the server, even if this test process dies.
    private let input: Pipe

    init() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/checkout_stub_server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script.path]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        self.process = process
        self.input = input

        // The first line of output is the port.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text), let url = URL(string: "http://127.0.0.1:\(port)/api/") else {
            process.terminate()
            throw StubServerError(message: "the stub server did not print a port (got \"\(text)\")")
        }
        baseURL = url
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    deinit {
        stop()
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
