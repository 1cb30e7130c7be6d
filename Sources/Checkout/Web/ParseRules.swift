import Foundation

/// How a parse-type web checkout (no bridge) recognises completion, finds the order number and
/// knows when to close.
///
/// ```swift
/// let rules = ParseRules(
///     completion: .urlContainsAny(["/order-confirmation", "/thank-you"]),
///     orderNumberQueryParameter: "orderNo"
/// )
/// ```
public struct ParseRules: Sendable, Hashable, Codable {
    /// How a completed checkout is recognised.
    public enum Completion: Sendable, Hashable, Codable {
        /// The page title contains this text.
        case titleContains(String)
        /// The URL contains any of these fragments (the default style; Poq's settings wrote them
        /// separated by `|`).
        case urlContainsAny([String])
    }

    /// How a completed checkout is recognised.
    public var completion: Completion
    /// The query parameter of the confirmation URL that holds the order number, if any.
    public var orderNumberQueryParameter: String?
    /// A URL fragment that means "continue shopping": the checkout closes.
    public var continueShoppingFragment: String

    /// Creates parse rules.
    public init(
        completion: Completion, orderNumberQueryParameter: String? = nil,
        continueShoppingFragment: String = "Cart-ContinueShopping"
    ) {
        self.completion = completion
        self.orderNumberQueryParameter = orderNumberQueryParameter
        self.continueShoppingFragment = continueShoppingFragment
    }

    /// Creates URL completion rules from Poq's settings format: fragments separated by `|`.
    public static func urlFragments(
        _ pipeSeparated: String, orderNumberQueryParameter: String? = nil,
        continueShoppingFragment: String = "Cart-ContinueShopping"
    ) -> ParseRules {
        let fragments = pipeSeparated.split(separator: "|").map { String($0).trimmingWhitespace }.filter {
            !$0.isEmpty
        }
        return ParseRules(
            completion: .urlContainsAny(fragments), orderNumberQueryParameter: orderNumberQueryParameter,
            continueShoppingFragment: continueShoppingFragment)
    }

    /// Whether a page with this URL and title is the completion page.
    public func isCompletion(url: String, title: String?) -> Bool {
        switch completion {
        case .titleContains(let text):
            guard let title, !text.isEmpty else { return false }
            return title.lowercased().contains(text.lowercased())
        case .urlContainsAny(let fragments):
            return fragments.contains { !$0.isEmpty && url.contains($0) }
        }
    }

    /// Whether this URL means "continue shopping".
    public func isContinueShopping(url: String) -> Bool {
        !continueShoppingFragment.isEmpty && url.contains(continueShoppingFragment)
    }

    /// The order number in `url`'s configured query parameter, if present and not empty.
    public func orderNumber(in url: String) -> String? {
        guard let name = orderNumberQueryParameter,
            let query = url.split(separator: "?", maxSplits: 1).dropFirst().first
        else { return nil }
        let withoutFragment = query.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        for pair in withoutFragment.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].removingPercentEncodingSafely == name else { continue }
            let value = parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncodingSafely
            return value.isEmpty ? nil : value
        }
        return nil
    }
}

extension StringProtocol {
    var removingPercentEncodingSafely: String {
        String(self).removingPercentEncoding ?? String(self)
    }
}
