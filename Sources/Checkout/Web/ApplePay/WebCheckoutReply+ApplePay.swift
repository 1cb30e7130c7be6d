import StateStore

/// Why the engine tells a page `applepaycancelled`: no payment will follow its request (until a
/// new request, or the shopper's retry presents the sheet again).
public enum WebApplePayCancellation: String, Sendable, Hashable, Codable {
    /// The shopper closed the sheet before authorising (or the host could not present it).
    case dismissed
    /// Apple Pay is not available (``WebCheckoutConfiguration/isApplePayAvailable`` is `false`).
    case unavailable
    /// A sheet for an earlier request is still open.
    case inProgress
    /// The checkout is complete.
    case finished
    /// The request is not one the engine accepts; `message` says what and where.
    case invalidRequest
}

extension WebCheckoutReply {
    // A `requestId` is sent as a string of digits: the page echoes it as it came, and a
    // JavaScript number would round an id beyond 2^53 (the engine's ids run to `Int.max`).

    /// `applepayshippingcontactchanged`: the shopper picked a delivery contact in the sheet.
    /// Apple reveals only its locality, postal code and country before authorisation. The page
    /// answers with `applepayupdate` carrying the same `requestId`.
    ///
    /// ```swift
    /// WebCheckoutReply.applePayShippingContactChanged(
    ///     PartialAddress(city: "London", postcode: "SW1A 2", countryCode: "GB"), requestID: 7
    /// ).payload.jsonText
    /// // {"requestId":"7","shippingContact":{"countryCode":"GB","locality":"London","postalCode":"SW1A 2"}}
    /// ```
    public static func applePayShippingContactChanged(_ address: PartialAddress, requestID: Int) -> WebCheckoutReply {
        WebCheckoutReply(
            name: "applepayshippingcontactchanged",
            payload: .object([
                JSONMember(key: "requestId", value: .string(String(requestID))),
                JSONMember(
                    key: "shippingContact",
                    value: .object([
                        JSONMember(key: "countryCode", value: .string(address.countryCode.uppercased())),
                        JSONMember(key: "locality", value: .string(address.city)),
                        JSONMember(key: "postalCode", value: .string(address.postcode)),
                    ])),
            ]))
    }

    /// `applepayshippingmethodchanged`: the shopper picked another shipping method in the sheet.
    /// The page answers with `applepayupdate` carrying the same `requestId`.
    ///
    /// ```swift
    /// WebCheckoutReply.applePayShippingMethodChanged(express, requestID: 8).payload.jsonText
    /// // {"requestId":"8","shippingMethod":{"amount":"7.95","identifier":"express","label":"Express"}}
    /// ```
    public static func applePayShippingMethodChanged(_ method: ShippingMethod, requestID: Int) -> WebCheckoutReply {
        WebCheckoutReply(
            name: "applepayshippingmethodchanged",
            payload: .object([
                JSONMember(key: "requestId", value: .string(String(requestID))),
                JSONMember(key: "shippingMethod", value: shippingMethod(method)),
            ]))
    }

    /// `paymentauthorized`: the shopper authorised the payment in the sheet. The page takes the
    /// payment with the token and answers `paymentcompleted` (the sheet shows success) or
    /// `error` (the sheet shows the failure); it has ``CheckoutEnvironment/walletSheetTimeout``
    /// to answer.
    ///
    /// The payload is Apple Pay JS's `ApplePayPayment`, with the total the shopper authorised:
    ///
    /// - `token.paymentData`: the wallet's token as the host handed it
    ///   (``WalletAuthorization/payment``: base64 of `PKPaymentToken.paymentData`, so the page's
    ///   `JSON.parse(atob(paymentData))` is Apple Pay JS's object); `token.paymentMethod`: the
    ///   card's `displayName`, `network` and `type`, when the sheet reported them.
    /// - `shippingContact` / `billingContact`: only the parts the request asked for
    ///   (``WebApplePayRequest/requiredShippingContactFields``, ``WebApplePayRequest/requiredBillingContactFields``),
    ///   as `ApplePayPaymentContact` members (`givenName`, `familyName`, `emailAddress`,
    ///   `phoneNumber`, `addressLines`, `locality`, `administrativeArea`, `postalCode`,
    ///   `countryCode`); absent when it asked for none.
    /// - `shippingMethod`: the method chosen, when the sheet offered any.
    /// - `total` and `currencyCode`: what the shopper authorised; `requestId`: this authorisation
    ///   (a string of digits, as in every Apple Pay reply).
    ///
    /// The token is a secret: the engine builds this reply only inside the effect that hands it
    /// to the page, so it never reaches the state, the log or analytics.
    public static func paymentAuthorized(
        _ authorization: WalletAuthorization, request: WebApplePayRequest, shippingMethods: [ShippingMethod],
        paymentMethod: WalletPaymentMethod?, requestID: Int
    ) -> WebCheckoutReply {
        var members: [JSONMember] = []
        let billing = contact(
            authorization.effectiveBillingAddress, email: nil, fields: request.requiredBillingContactFields)
        if let billing { members.append(JSONMember(key: "billingContact", value: billing)) }
        members.append(JSONMember(key: "currencyCode", value: .string(authorization.shownTotal.currencyCode)))
        members.append(JSONMember(key: "requestId", value: .string(String(requestID))))
        let shipping = contact(
            authorization.shippingAddress, email: authorization.email, fields: request.requiredShippingContactFields)
        if let shipping { members.append(JSONMember(key: "shippingContact", value: shipping)) }
        let methodID = authorization.shippingMethodID ?? shippingMethods.first?.id
        if let method = shippingMethods.first(where: { $0.id == methodID }) {
            members.append(JSONMember(key: "shippingMethod", value: shippingMethod(method)))
        }
        var card: [JSONMember] = []
        if let name = paymentMethod?.displayName ?? authorization.payment.displayDescription {
            card.append(JSONMember(key: "displayName", value: .string(name)))
        }
        if let network = paymentMethod?.network { card.append(JSONMember(key: "network", value: .string(network))) }
        if let kind = paymentMethod?.kind, kind != .unknown {
            card.append(JSONMember(key: "type", value: .string(kind.rawValue)))
        }
        members.append(
            JSONMember(
                key: "token",
                value: .object([
                    JSONMember(
                        key: "paymentData", value: authorization.payment.payload.value.map(JSONValue.string) ?? .null),
                    JSONMember(key: "paymentMethod", value: .object(card)),
                ])))
        members.append(
            JSONMember(
                key: "total",
                value: .object([
                    JSONMember(key: "amount", value: .string(authorization.shownTotal.amount.description)),
                    JSONMember(key: "label", value: .string(request.total.label)),
                ])))
        return paymentAuthorized(.object(members))
    }

    /// `applepaycancelled`: no payment follows the page's request, and why (`message` says more
    /// for ``WebApplePayCancellation/invalidRequest``).
    ///
    /// ```swift
    /// WebCheckoutReply.applePayCancelled(.dismissed).payload.jsonText   // {"reason":"dismissed"}
    /// ```
    public static func applePayCancelled(_ reason: WebApplePayCancellation, message: String? = nil) -> WebCheckoutReply
    {
        var members: [JSONMember] = []
        if let message { members.append(JSONMember(key: "message", value: .string(message))) }
        members.append(JSONMember(key: "reason", value: .string(reason.rawValue)))
        return WebCheckoutReply(name: "applepaycancelled", payload: .object(members))
    }

    private static func shippingMethod(_ method: ShippingMethod) -> JSONValue {
        .object([
            JSONMember(key: "amount", value: .string(method.price.amount.description)),
            JSONMember(key: "identifier", value: .string(method.id)),
            JSONMember(key: "label", value: .string(method.name)),
        ])
    }

    /// The parts of `address` (and `email`) that `fields` ask for, as an `ApplePayPaymentContact`;
    /// `nil` when they ask for none.
    private static func contact(_ address: Address, email: String?, fields: [WebApplePayContactField]) -> JSONValue? {
        guard !fields.isEmpty else { return nil }
        var members: [JSONMember] = []
        if fields.contains(.postalAddress) {
            let lines = [address.line1] + (address.line2.map { [$0] } ?? [])
            members.append(JSONMember(key: "addressLines", value: .array(lines.map(JSONValue.string))))
            if let region = address.region {
                members.append(JSONMember(key: "administrativeArea", value: .string(region)))
            }
            members.append(JSONMember(key: "countryCode", value: .string(address.countryCode.uppercased())))
        }
        if fields.contains(.email), let email {
            members.append(JSONMember(key: "emailAddress", value: .string(email)))
        }
        if fields.contains(.name) {
            members.append(JSONMember(key: "familyName", value: .string(address.lastName)))
            members.append(JSONMember(key: "givenName", value: .string(address.firstName)))
        }
        if fields.contains(.postalAddress) {
            members.append(JSONMember(key: "locality", value: .string(address.city)))
        }
        if fields.contains(.phone) {
            members.append(JSONMember(key: "phoneNumber", value: .string(address.phone ?? "")))
        }
        if fields.contains(.postalAddress) {
            members.append(JSONMember(key: "postalCode", value: .string(address.postcode)))
        }
        return .object(members)
    }
}
