public import ActionLog
public import StateStore

/// How the JSON of a bridge message is classified, and a custom event's data with it.
///
/// | Message | Plain | Personal |
/// | --- | --- | --- |
/// | every message | `event`, `name` (the event's name) | any other member the checkout does not read (`freeText`) |
/// | `order` | `data.total`, `data.orderId`, `data.subTotal`, `data.delivery`, `data.discount`, `data.tax`, `data.currency` | the rest of `data` (`freeText`) |
/// | `paymentcompleted` | the same members under `data.order` | the rest of `data` (`freeText`) |
/// | `error` | — | `data.errorMessage` and the rest (`freeText`: scrubbed of personal values) |
/// | `applepaypayment` | `data.total`, `data.lineItems`, `data.shippingMethods`, `data.currencyCode`, `data.countryCode`, `data.merchantCapabilities`, `data.supportedNetworks`, the required contact fields | the rest of `data` (`freeText`) |
/// | `applepayupdate` | `data.requestId`, `data.newTotal`, `data.newLineItems`, `data.newShippingMethods` | `data.errors` and the rest (`freeText`) |
/// | a custom event | `data` when the host registered the event ``BridgeCustomEventRecording/record`` | `data` otherwise (``customEventData(named:registrations:)``) |
///
/// A member the page sends that the checkout never reads is classified personal: the page may
/// put anything in it.
public enum BridgeMessageDataPolicy {
    /// The name of every bridge message's policy, in inventories and reports.
    public static let name = "bridge message"
    /// The name of every custom event data policy.
    public static let customEventDataName = "custom event data"

    /// The members of an order the checkout reads: amounts, its id and currency (plain).
    static let orderMembers = ["total", "orderId", "subTotal", "delivery", "discount", "tax", "currency"]

    /// The members of an Apple Pay payment request the checkout reads: the merchant's amounts,
    /// labels, methods and settings (plain; no shopper data is in a request).
    static let applePayRequestMembers = [
        "total", "lineItems", "shippingMethods", "currencyCode", "countryCode", "merchantCapabilities",
        "supportedNetworks", "requiredShippingContactFields", "requiredBillingContactFields",
    ]

    /// The members of the page's answer to a shipping change the checkout reads as plain: the
    /// request id and the merchant's new amounts and methods. Its `errors` quote the contact the
    /// shopper chose, so they stay personal (`freeText`).
    static let applePayUpdateMembers = ["requestId", "newTotal", "newLineItems", "newShippingMethods"]

    /// The name the policy of a custom event's data is registered under in `DataRegistrations`.
    public static func registrationName(ofCustomEvent name: String) -> String {
        "customEvent." + name.lowercased()
    }

    /// The policy of the message `message` (a bridge message read as JSON), with the custom
    /// events' policies from `registrations`.
    public static func policy(for message: JSONValue, registrations: DataRegistrations) -> JSONDataPolicy {
        guard let name = eventName(of: message) else { return messagePolicy }
        switch BridgeEvent.Name(rawValue: name.lowercased()) {
        case .order?: return orderPolicy
        case .paymentCompleted?: return paymentCompletedPolicy
        case .error?, .closeWebView?, .ping?, .applePay?: return messagePolicy
        case .applePayPayment?: return applePayPaymentPolicy
        case .applePayUpdate?: return applePayUpdatePolicy
        case nil:
            var paths = messagePolicy.paths
            let data = customEventData(named: name, registrations: registrations)
            paths["data"] = data.otherwise
            for (path, dataClass) in data.paths { paths[path.isEmpty ? "data" : "data." + path] = dataClass }
            return JSONDataPolicy(name: Self.name, otherwise: messagePolicy.otherwise, paths: paths)
        }
    }

    // The policies of the events the checkout knows depend on the event alone: made once, not
    // for each message (building one, a dictionary of paths, cost about 7,000 instructions, and an
    // export walks each bridge message twice; measured in the commit).

    /// Any message's policy: the event's name plain, every other member personal (`freeText`).
    static let messagePolicy = JSONDataPolicy(
        name: name, otherwise: .personal(.freeText), paths: ["event": .plain, "name": .plain])
    /// An `order` message's.
    static let orderPolicy = withPlainData(orderMembers.map { "data." + $0 })
    /// A `paymentcompleted` message's.
    static let paymentCompletedPolicy = withPlainData(orderMembers.map { "data.order." + $0 })
    /// An `applepaypayment` message's.
    static let applePayPaymentPolicy = withPlainData(applePayRequestMembers.map { "data." + $0 })
    /// An `applepayupdate` message's.
    static let applePayUpdatePolicy = withPlainData(applePayUpdateMembers.map { "data." + $0 })

    /// ``messagePolicy`` with the paths `plainData` plain too.
    private static func withPlainData(_ plainData: [String]) -> JSONDataPolicy {
        var policy = messagePolicy
        for path in plainData { policy.paths[path] = .plain }
        return policy
    }

    /// The policy of the data of the custom event `name`: what the host registered
    /// (``WebCheckoutConfiguration/dataRegistrations``), or, for a name with no registration,
    /// every leaf personal (such data is redacted before it reaches a log, so only the
    /// redaction marker is ever met; if registrations were not given, nothing leaks).
    public static func customEventData(named name: String, registrations: DataRegistrations) -> JSONDataPolicy {
        registrations.jsonPolicy(named: registrationName(ofCustomEvent: name))
            ?? JSONDataPolicy(name: customEventDataName, otherwise: .personal(.nameOrAddress))
    }

    /// The event a message names (`event`, else `name`), or `nil` when it names none or two.
    static func eventName(of message: JSONValue) -> String? {
        var event: String?
        var alias: String?
        if case .string(let text)? = message["event"] { event = text }
        if case .string(let text)? = message["name"] { alias = text }
        if let event, let alias, event.lowercased() != alias.lowercased() { return nil }
        return event ?? alias
    }
}
