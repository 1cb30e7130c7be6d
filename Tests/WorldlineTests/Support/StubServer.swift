import Foundation
import XCTest

@testable import Worldline

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Python stub of the Client API (`StubServer/worldline_stub_server.py`), started once for
/// the whole test run on 127.0.0.1 with a free port. It exits when our end of its stdin closes,
/// i.e. when the test process ends, so it never outlives the tests.
final class StubServer: Sendable {
    let port: Int
    let privateKeyPath: String
    private let stdinPipe: Pipe

    static let shared: Result<StubServer, StubServerError> = Result { () throws(StubServerError) in try StubServer() }

    /// The running server; skips the test where processes cannot be started (iOS, tvOS, watchOS).
    static func running() throws -> StubServer {
        #if os(macOS) || os(Linux) || os(Windows)
        return try shared.get()
        #else
        throw XCTSkip("the stub server needs Process, which this platform does not have")
        #endif
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    private init() throws(StubServerError) {
        #if !(os(macOS) || os(Linux) || os(Windows))
        throw .cannotStart("no Process on this platform")
        #else
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("StubServer").appendingPathComponent("worldline_stub_server.py")
        privateKeyPath =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("worldline-stub-\(ProcessInfo.processInfo.processIdentifier).pem").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--port", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["WORLDLINE_STUB_PRIVATE_KEY_OUT"] = privateKeyPath
        process.environment = environment
        stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        do { try process.run() } catch { throw .cannotStart(String(describing: error)) }
        // Read until the "PORT <n>" line; the server prints it once it listens.
        var output = Data()
        while !output.contains(UInt8(ascii: "\n")) {
            let chunk = stdoutPipe.fileHandleForReading.availableData
            if chunk.isEmpty { throw .cannotStart("the stub server exited before listening") }
            output.append(chunk)
        }
        let line = String(decoding: output, as: UTF8.self).split(separator: "\n").first ?? ""
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            throw .cannotStart("unexpected first line \(line)")
        }
        self.port = port
        #endif
    }

    /// The requests the server recorded for `customer` (or asset namespace), in order.
    func requests(for customer: String) async throws -> [RecordedRequest] {
        let url = try XCTUnwrap(URL(string: "\(baseURL)/__requests?customer=\(customer)"))
        let (data, _) = try await URLSession.shared.data(from: url)
        return try JSONDecoder().decode([RecordedRequest].self, from: data)
    }

    func post(_ control: String) async throws {
        var request = URLRequest(url: try XCTUnwrap(URL(string: "\(baseURL)/\(control)")))
        request.httpMethod = "POST"
        _ = try await URLSession.shared.data(for: request)
    }
}

enum StubServerError: Error {
    case cannotStart(String)
}

struct RecordedRequest: Decodable {
    var method: String
    var path: String
    var query: [[String]]
    var headers: [String: String]
    var body: String

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    var queryPairs: [String] { query.map { $0.joined(separator: "=") } }
}

/// A test double for the encryptor: records what it was given and returns a fixed marker
/// instead of a JWE (the real encryption is tested in the CheckoutCrypto module).
final class RecordingEncryptor: PaymentRequestEncryptor, @unchecked Sendable {
    struct Call {
        var plaintext: Data
        var keyId: String
        var publicKey: String
    }

    private let lock = NSLock()
    private var recorded: [Call] = []
    let failure: (any Error & Sendable)?

    init(failure: (any Error & Sendable)? = nil) {
        self.failure = failure
    }

    var calls: [Call] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func encrypt(plaintext: Data, keyId: String, publicKey: String) throws -> String {
        lock.lock()
        recorded.append(Call(plaintext: plaintext, keyId: keyId, publicKey: publicKey))
        lock.unlock()
        if let failure { throw failure }
        return "test-double-jwe.\(keyId)"
    }
}
