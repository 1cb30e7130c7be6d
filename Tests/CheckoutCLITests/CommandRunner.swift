import Foundation
import XCTest

/// Runs the built `checkout` executable (or another product of the package, such as an example),
/// as a user would, and captures what it printed.
struct CommandRunner {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    let executable: URL

    init(product: String = "checkout") throws {
        // `swift test` runs the test bundle from the build folder, beside the other products.
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent(product)
            if FileManager.default.isExecutableFile(atPath: url.path) {
                executable = url
                return
            }
        }
        throw XCTSkip("the \(product) product was not found beside the test bundle")
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try run(executable, arguments, environment: environment, kept: arguments)
    }

    /// Runs the executable through `/bin/sh`, after `setUp` (shell commands, such as a `ulimit`):
    /// `sh -c "setUp; exec checkout arguments…"`.
    func run(shellSetUp setUp: String, _ arguments: [String]) throws -> Result {
        try run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", setUp + #"; exec "$0" "$@""#, executable.path] + arguments,
            environment: [:], kept: arguments)
    }

    private func run(
        _ program: URL, _ arguments: [String], environment: [String: String], kept: [String]
    ) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        process.environment = merged
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes to the end before waiting, so a long output cannot block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        Self.keep(kept, outputData, errorData)
        return Result(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    /// Keeps what the command printed under `CHECKOUTENGINE_ARTIFACTS` when CI asks, so that it
    /// scans the demo's and the replay's output for secrets too.
    private static func keep(_ arguments: [String], _ output: Data, _ errors: Data) {
        guard let kept = ProcessInfo.processInfo.environment["CHECKOUTENGINE_ARTIFACTS"] else { return }
        let folder = URL(fileURLWithPath: kept).appendingPathComponent("checkout-cli-output", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "\(arguments.first ?? "none")-\(UUID().uuidString)"
        var text = Data("$ checkout \(arguments.joined(separator: " "))\n".utf8)
        text.append(output)
        text.append(Data("--- standard error\n".utf8))
        text.append(errors)
        try? text.write(to: folder.appendingPathComponent("\(name).txt"))
    }
}

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A temporary directory removed at the end of the test (kept under `CHECKOUTENGINE_ARTIFACTS`
/// when CI asks, so it can scan the logs for secrets).
func makeTemporaryDirectory(_ testCase: XCTestCase) throws -> URL {
    let kept = ProcessInfo.processInfo.environment["CHECKOUTENGINE_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
    let url = (kept ?? FileManager.default.temporaryDirectory)
        .appendingPathComponent("checkout-cli-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    if kept == nil {
        testCase.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    }
    return url
}
