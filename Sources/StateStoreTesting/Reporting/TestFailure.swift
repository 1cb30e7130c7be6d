/// A failed expectation of the test store or a snapshot assertion: what went wrong and where.
///
/// Failures go to a ``FailureReporter``: by default the running test framework (Swift Testing's
/// `Issue.record` inside a `@Test`, else `XCTFail`). Tests of test helpers collect them instead
/// with ``FailureReporter/collectingFailures(_:)``.
public struct TestFailure: Sendable, CustomStringConvertible {
    /// Where a failure is reported: the call site of the assertion that failed.
    public struct Location: Sendable, CustomStringConvertible {
        /// The `#fileID` of the call site (`Module/File.swift`).
        public let fileID: StaticString
        /// The `#filePath` of the call site.
        public let filePath: StaticString
        /// The line of the call site.
        public let line: UInt
        /// The column of the call site.
        public let column: UInt

        /// Creates a location; call sites pass `#fileID`, `#filePath`, `#line` and `#column`.
        public init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
            self.fileID = fileID
            self.filePath = filePath
            self.line = line
            self.column = column
        }

        /// `Module/File.swift:12`.
        public var description: String { "\(fileID):\(line)" }
    }

    /// What went wrong, with a diff when one helps.
    public let message: String
    /// Where it went wrong.
    public let location: Location

    /// Creates a failure.
    public init(message: String, location: Location) {
        self.message = message
        self.location = location
    }

    /// `Module/File.swift:12: message`.
    public var description: String { "\(location): \(message)" }
}
