import Foundation

/// The whole configuration of a parse-type web checkout (no bridge): how it recognises the
/// completion page, where the order number comes from, the scripts that read the order summary
/// and the guest's email from the page, and when the checkout closes.
///
/// ```swift
/// let rules = ParseRules(
///     completion: .urlContainsAny(ParseRules.fragments("/order-confirmation|/thank-you")),
///     orderNumberQueryParameter: "orderNo",
///     confirmationURLFragments: ["/order-confirmation"],
///     orderNumberScript: "document.querySelector('.order-number').textContent",
///     orderSummaryScript: "window.checkout.orderSummary()",
///     guestEmailScript: "document.querySelector('#email').value"
/// )
/// ```
///
/// Every text match is case-insensitive: the title against ``Completion/titleContains(_:)``,
/// URLs against their fragments. The order number comes from, in this order: the query parameter
/// of a confirmation URL, a value the host extracted itself (``ParsedPage/extractedOrderNumber``),
/// the order-number script, and, when all of these fail, the session's own reference
/// (``WebCheckoutSession/reference``): parsing failure still completes the checkout.
///
/// The scripts run on the completion page only, through ``WebCheckoutPage`` as effects; each
/// result comes back as a ``ParseAction/scriptAnswered(_:requestID:)`` action that the log
/// records, so a replay needs no web view. See ``ParseScript`` for what each result must be.
public struct ParseRules: Sendable, Hashable, Codable {
    /// How a completed checkout is recognised.
    public enum Completion: Sendable, Hashable, Codable {
        /// The page title contains this text (ignoring case).
        case titleContains(String)
        /// The URL contains any of these fragments (ignoring case); each may itself hold several
        /// separated by `|`, as Poq's settings wrote them. The default style.
        case urlContainsAny([String])
    }

    /// How a completed checkout is recognised.
    public var completion: Completion
    /// The query parameter of the confirmation URL that holds the order number, if any (its
    /// name matches exactly; its value is percent-decoded).
    public var orderNumberQueryParameter: String?
    /// The confirmation URL: the parameter ``orderNumberQueryParameter`` is read only on a page
    /// whose URL contains one of these fragments (ignoring case; each may hold several separated
    /// by `|`), never on any other page. The confirmation page may come before the completion
    /// page (a payment provider's return URL): its order number is kept until completion.
    ///
    /// Empty (the default, and what configurations recorded before this setting hold): the
    /// completion page is the confirmation page.
    public var confirmationURLFragments: [String]
    /// A JavaScript expression whose value is the order number (a string or a whole number),
    /// run on the completion page when no confirmation URL gave one.
    public var orderNumberScript: String?
    /// A JavaScript expression whose value is the order summary: an object (or the JSON text of
    /// one) with `total` and optionally `subTotal`, `delivery`, `discount` and `currency`.
    public var orderSummaryScript: String?
    /// A JavaScript expression whose value is the email address a guest gave the website. Run
    /// for guests only; the address is personal data and is kept as ``CheckoutState/email``
    /// is (in the state and the log, never in analytics).
    public var guestEmailScript: String?
    /// A URL fragment that means "continue shopping" (ignoring case): the checkout closes.
    public var continueShoppingFragment: String

    /// Creates parse rules.
    public init(
        completion: Completion, orderNumberQueryParameter: String? = nil, confirmationURLFragments: [String] = [],
        orderNumberScript: String? = nil, orderSummaryScript: String? = nil, guestEmailScript: String? = nil,
        continueShoppingFragment: String = "Cart-ContinueShopping"
    ) {
        self.completion = completion
        self.orderNumberQueryParameter = orderNumberQueryParameter
        self.confirmationURLFragments = confirmationURLFragments
        self.orderNumberScript = orderNumberScript
        self.orderSummaryScript = orderSummaryScript
        self.guestEmailScript = guestEmailScript
        self.continueShoppingFragment = continueShoppingFragment
    }

    /// Creates URL completion rules from Poq's settings format: fragments separated by `|`.
    ///
    /// ```swift
    /// ParseRules.urlFragments("/thank-you|/order-confirmation", orderNumberQueryParameter: "orderNo",
    ///                         confirmationURL: "/order-confirmation")
    /// ```
    public static func urlFragments(
        _ pipeSeparated: String, orderNumberQueryParameter: String? = nil, confirmationURL: String = "",
        continueShoppingFragment: String = "Cart-ContinueShopping"
    ) -> ParseRules {
        ParseRules(
            completion: .urlContainsAny(fragments(pipeSeparated)), orderNumberQueryParameter: orderNumberQueryParameter,
            confirmationURLFragments: fragments(confirmationURL), continueShoppingFragment: continueShoppingFragment)
    }

    /// The fragments of Poq's settings format: separated by `|`, trimmed, empty ones dropped.
    ///
    /// ```swift
    /// ParseRules.fragments("/thank-you | /done|")   // ["/thank-you", "/done"]
    /// ```
    public static func fragments(_ pipeSeparated: String) -> [String] {
        pipeSeparated.split(separator: "|").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
    }

    /// Whether a page with this URL and title is the completion page.
    public func isCompletion(url: String, title: String?) -> Bool {
        switch completion {
        case .titleContains(let text):
            guard let title, !text.isEmpty else { return false }
            return title.lowercased().contains(text.lowercased())
        case .urlContainsAny(let fragments):
            return Self.url(url, containsAnyOf: fragments)
        }
    }

    /// Whether this URL means "continue shopping".
    public func isContinueShopping(url: String) -> Bool {
        !continueShoppingFragment.isEmpty && url.lowercased().contains(continueShoppingFragment.lowercased())
    }

    /// Whether a page with this URL and title is a confirmation page, the only kind whose
    /// ``orderNumberQueryParameter`` is read (with no ``confirmationURLFragments``, the
    /// completion page).
    public func isConfirmation(url: String, title: String?) -> Bool {
        if confirmationURLFragments.isEmpty { return isCompletion(url: url, title: title) }
        return Self.url(url, containsAnyOf: confirmationURLFragments)
    }

    /// The order number a confirmation page's URL holds: ``orderNumber(in:)`` when the page
    /// ``isConfirmation(url:title:)``, `nil` on any other page.
    public func confirmationOrderNumber(url: String, title: String?) -> String? {
        isConfirmation(url: url, title: title) ? orderNumber(in: url) : nil
    }

    /// The value of `url`'s ``orderNumberQueryParameter``, if present and not empty (on any URL:
    /// ``confirmationOrderNumber(url:title:)`` is what the checkout uses).
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

    /// The configured expression of `script`, if any.
    public func expression(for script: ParseScript) -> String? {
        switch script {
        case .orderNumber: return orderNumberScript
        case .orderSummary: return orderSummaryScript
        case .guestEmail: return guestEmailScript
        }
    }

    /// The script the checkout asks the page to evaluate for `script`: the configured expression
    /// wrapped so that its value comes back as JSON text (`JSON.stringify`), and an exception or
    /// a value with no JSON form as no result. `nil` when the script is not configured.
    ///
    /// ```swift
    /// ParseRules(completion: .titleContains("Thanks"), orderNumberScript: "window.orderNo")
    ///     .script(for: .orderNumber)
    /// // (function(){try{return JSON.stringify((function(){return (window.orderNo);})());}catch(e){return undefined;}})()
    /// ```
    public func script(for script: ParseScript) -> String? {
        guard let expression = expression(for: script)?.trimmingWhitespace, !expression.isEmpty else { return nil }
        return JavaScriptText.stringified(expression)
    }

    private static func url(_ url: String, containsAnyOf fragments: [String]) -> Bool {
        let url = url.lowercased()
        return fragments.contains { configured in
            Self.fragments(configured).contains { url.contains($0.lowercased()) }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case completion, orderNumberQueryParameter, continueShoppingFragment
        case confirmationURLFragments, orderNumberScript, orderSummaryScript, guestEmailScript
    }

    /// Decodes the rules; what later versions added (the confirmation URL, the scripts) may be
    /// absent, as in logs recorded before them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        completion = try container.decode(Completion.self, forKey: .completion)
        orderNumberQueryParameter = try container.decodeIfPresent(String.self, forKey: .orderNumberQueryParameter)
        continueShoppingFragment = try container.decode(String.self, forKey: .continueShoppingFragment)
        confirmationURLFragments =
            try container.decodeIfPresent([String].self, forKey: .confirmationURLFragments) ?? []
        orderNumberScript = try container.decodeIfPresent(String.self, forKey: .orderNumberScript)
        orderSummaryScript = try container.decodeIfPresent(String.self, forKey: .orderSummaryScript)
        guestEmailScript = try container.decodeIfPresent(String.self, forKey: .guestEmailScript)
    }

    /// Encodes the rules, leaving out what later versions added while it is unset, so that
    /// rules without them encode (and fingerprint) as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(completion, forKey: .completion)
        try container.encodeIfPresent(orderNumberQueryParameter, forKey: .orderNumberQueryParameter)
        try container.encode(continueShoppingFragment, forKey: .continueShoppingFragment)
        if !confirmationURLFragments.isEmpty {
            try container.encode(confirmationURLFragments, forKey: .confirmationURLFragments)
        }
        try container.encodeIfPresent(orderNumberScript, forKey: .orderNumberScript)
        try container.encodeIfPresent(orderSummaryScript, forKey: .orderSummaryScript)
        try container.encodeIfPresent(guestEmailScript, forKey: .guestEmailScript)
    }
}

extension StringProtocol {
    var removingPercentEncodingSafely: String {
        String(self).removingPercentEncoding ?? String(self)
    }
}
