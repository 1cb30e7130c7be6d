import Foundation
import XCTest

@testable import Worldline

/// Runs `StubServer/jwe_check.py`, an independent hand-written JWE implementation in Python
/// (`cryptography` package), to check what an encryptor produced, as spec §6.6 asks.
enum IndependentJWE {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StubServer").appendingPathComponent("jwe_check.py")

    struct Decrypted: Decodable {
        var header: [String: String]
        var headerSegment: String
        var plaintext: String
    }

    enum Failure: Error, CustomStringConvertible {
        case script(status: Int32, message: String)
        var description: String {
            switch self {
            case .script(let status, let message): return "jwe_check.py exited with \(status): \(message)"
            }
        }
    }

    /// Decrypts `jwe` with the PEM private key at `privateKeyPath`, checking the tag.
    static func decrypt(_ jwe: String, privateKeyPath: String) throws -> Decrypted {
        let output = try run(["decrypt", privateKeyPath], input: Data(jwe.utf8))
        return try JSONDecoder().decode(Decrypted.self, from: output)
    }

    /// Encrypts `plaintext` (only to test the checker and the plumbing around it).
    static func encrypt(_ plaintext: Data, publicKey: String, keyId: String) throws -> String {
        String(decoding: try run(["encrypt", publicKey, keyId], input: plaintext), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func run(_ arguments: [String], input: Data) throws -> Data {
        #if !(os(macOS) || os(Linux) || os(Windows))
        throw XCTSkip("jwe_check.py needs Process, which this platform does not have")
        #else
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure.script(status: process.terminationStatus, message: String(decoding: errors, as: UTF8.self))
        }
        return output
        #endif
    }
}
