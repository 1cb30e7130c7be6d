/// An amount update for the checkout widget: the money sent, as JSON, and the JavaScript call
/// that delivers it to the page.
public struct WidgetUpdate: Equatable, Hashable, Sendable {
    /// The new order total in the configuration's currency.
    public let money: Money

    /// The money as JSON: `{"amount":"50.00","currency":"USD"}`.
    public var json: String {
        CheckoutWidget.json(money)
    }

    /// The call to evaluate on the widget's page: `updateAmount({"amount":"50.00","currency":"USD"})`.
    public var script: String {
        "updateAmount(\(json))"
    }
}
