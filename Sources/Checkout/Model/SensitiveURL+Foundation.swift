public import Foundation
public import StateStore

extension SensitiveURL {
    /// Wraps a `URL` (its absolute string).
    public init(_ url: URL) {
        self.init(url.absoluteString)
    }

    /// The whole URL as a `URL`, or `nil` when it was read back redacted from a log (or is not a
    /// valid URL).
    public var url: URL? {
        value.flatMap { URL(string: $0) }
    }
}
