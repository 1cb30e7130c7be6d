#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Where test failures go: the running test framework by default, or a handler of your own.
///
/// Like ReSwift's swappable misuse hook, this makes "the test store would fail here" a plain unit
/// test: bind a collecting reporter and assert on what was reported.
///
/// ```swift
/// let (_, failures) = await FailureReporter.collectingFailures {
///     let store = TestStore(state: Counter(), reducer: counter)
///     await store.send(.increment)   // no trailing closure: the change is unasserted
/// }
/// XCTAssertEqual(failures.count, 1)
/// ```
///
/// A ``TestStore`` takes the reporter that is current when it is created and keeps it for its
/// whole life (its checks at deinit included). Snapshot assertions use the one current when they
/// are called.
public struct FailureReporter: Sendable {
    private let handler: @Sendable (TestFailure) -> Void

    /// Creates a reporter that hands each failure to `handler`.
    public init(_ handler: @escaping @Sendable (TestFailure) -> Void) {
        self.handler = handler
    }

    /// Reports a failure.
    public func report(_ failure: TestFailure) {
        handler(failure)
    }

    /// Reports to the test framework that is running: Swift Testing's `Issue.record` when called
    /// inside a Swift Testing test, else `XCTFail`, else (no test framework at all) standard output.
    public static var testFramework: FailureReporter {
        FailureReporter { failure in reportToTestFramework(failure) }
    }

    /// The reporter in effect for the current task; ``testFramework`` unless bound otherwise.
    @TaskLocal public static var current: FailureReporter = .testFramework

    /// Runs `body` with failures collected instead of reported, and returns them.
    public static func collectingFailures<Result>(
        _ body: () throws -> Result
    ) rethrows -> (result: Result, failures: [TestFailure]) {
        let collector = FailureCollector()
        let result = try $current.withValue(collector.reporter) { try body() }
        return (result, collector.failures)
    }

    /// Runs asynchronous `body` with failures collected instead of reported, and returns them.
    public static func collectingFailures<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> (result: Result, failures: [TestFailure]) {
        let collector = FailureCollector()
        let result = try await $current.withValue(collector.reporter) { try await body() }
        return (result, collector.failures)
    }

    private static func reportToTestFramework(_ failure: TestFailure) {
        #if canImport(Testing)
        if Test.current != nil {
            let location = failure.location
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: "\(location.fileID)",
                    filePath: "\(location.filePath)",
                    line: max(Int(location.line), 1),
                    column: max(Int(location.column), 1)
                )
            )
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(failure.message, file: failure.location.filePath, line: failure.location.line)
        #else
        print("error: \(failure)")
        #endif
    }
}

/// Collects failures for ``FailureReporter/collectingFailures(_:)``; failures can arrive from any
/// thread (a test store's deinit, an effect's task).
final class FailureCollector: @unchecked Sendable {
    private let lock = PlainLock()
    private var collected: [TestFailure] = []

    var reporter: FailureReporter {
        FailureReporter { [self] failure in lock.withLock { collected.append(failure) } }
    }

    var failures: [TestFailure] {
        lock.withLock { collected }
    }
}
