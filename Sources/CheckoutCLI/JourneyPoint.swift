import ActionLog
import Checkout

/// Where the shopper is, in the four things a support engineer follows through a checkout: the
/// screen (`view`), the place in it (the native checkout's current section, or the web checkout's
/// page), the total shown, and the payment's phase (native checkouts pay in the app; a web
/// checkout pays inside its page, so it has none).
struct JourneyPoint: Equatable, Hashable {
    /// The view's case: `loading`, `nativeCheckout`, `completed`, `failed: cartExpired`, …
    var view: String
    /// The current section (native) or page URL (web), if any.
    var place: String?
    /// The total shown (`45.95 GBP`), if any.
    var total: String?
    /// The payment phase (native checkouts only).
    var payment: String?
    /// `section` or `page`: what ``place`` is.
    var placeName: String

    init(_ state: CheckoutState) {
        view = Self.caseText((try? CanonicalEncoder.encode(state.view)) ?? .null)
        switch state.kind {
        case .native:
            placeName = "section"
            place = state.native.currentSection?.rawValue
            payment = state.payment.phase.name
        case .web:
            placeName = "page"
            if let url = state.web.currentURL, case .string(let text)? = try? CanonicalEncoder.encode(url) {
                place = PlainText.render(string: text, limit: 60)
            }
            payment = nil
        }
        if let money = state.displayedTotal ?? state.orderSummary?.total ?? state.completedOrder?.total {
            total = "\(PlainText.amount("\(money.amount)", currency: money.currencyCode)) \(money.currencyCode)"
        }
    }

    /// `view nativeCheckout · section shippingContact · total 45.95 GBP · payment idle`.
    var text: String {
        var parts = ["view \(view)"]
        if let place { parts.append("\(placeName) \(place)") }
        parts.append(total.map { "total \($0)" } ?? "no total yet")
        if let payment { parts.append("payment \(payment)") }
        return parts.joined(separator: " · ")
    }

    /// An enum value's case name, and the case of its payload when that is an enum too
    /// (`failed: cartExpired`).
    private static func caseText(_ value: CanonicalValue) -> String {
        guard case .object(let members) = value, members.count == 1 else { return PlainText.render(value, limit: 40) }
        var text = members[0].key
        if case .object(let arguments) = members[0].value, arguments.count == 1, arguments[0].key == "_0",
            PlainText.isEnumCase(arguments[0].value), case .object(let inner) = arguments[0].value
        {
            text += ": " + inner[0].key
        }
        return text
    }
}
