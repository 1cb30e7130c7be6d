import ActionLog
import Foundation
import LogPrivacy
import XCTest

/// Keys and helpers the tests share.
enum Fixtures {
    /// A kept key with the bytes 0, 1, 2, ... 31: fixed, so a test's pseudonyms are the same on
    /// every run.
    static func key(_ first: UInt8 = 0) throws -> PseudonymKey {
        try PseudonymKey(bytes: (0..<32).map { first &+ UInt8($0) })
    }

    static func pseudonymiser(_ first: UInt8 = 0, protecting fragments: [String] = []) throws -> Pseudonymiser {
        Pseudonymiser(key: try key(first), protectedFragments: fragments)
    }

    /// A fresh directory under the temporary directory, removed when the test ends.
    static func temporaryDirectory(for test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("LogPrivacyTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

/// The email plausibility check of `Checkout`'s `EmailRule`, copied (this target must not depend
/// on Checkout): after trimming white space, no white space inside, exactly one `@` with something
/// before it, and a `.` after the `@` that neither follows it at once nor ends the address.
enum CopiedEmailRule {
    static func isPlausible(_ email: String) -> Bool {
        var length = 0
        var at: Int?
        var lastDotAfterAt: Int?
        var sawText = false
        var spaceAfterText = false
        for scalar in email.unicodeScalars {
            if scalar.properties.isWhitespace {
                if sawText { spaceAfterText = true }
                continue
            }
            if spaceAfterText { return false }
            sawText = true
            if scalar == "@" {
                guard at == nil, length > 0 else { return false }
                at = length
            } else if scalar == ".", at != nil {
                lastDotAfterAt = length
            }
            length += 1
        }
        guard let at, let dot = lastDotAfterAt else { return false }
        return dot != at + 1 && dot != length - 1
    }
}
