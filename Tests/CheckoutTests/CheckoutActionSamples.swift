import Checkout
import Foundation
import StateStore

/// One hand-built value of every case of every action enum (and of the payload enums they carry),
/// with payloads that exercise each reading: optionals present and absent, empty and non-empty
/// arrays, unicode and escaped strings, negative, fractional and long decimals, secrets, and the
/// limits decoding holds them to (a quantity of 0, quantities adding up to exactly `Int.max`).
/// ``ExtremeValueTests`` sets every number in them to each extreme value.
enum CheckoutActionSamples {
    static let tricky = "Zo\u{EB} \u{1F1EC}\u{1F1E7} \"quoted\" back\\slash\ttab\nline \u{1} end"

    static let address = Address(
        firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London", postcode: "SW1A 2AA",
        countryCode: "GB")
    static let fullAddress = Address(
        firstName: "J\u{F6}rg", lastName: tricky, line1: "1 Infinite Loop", line2: "Suite \"B\"", city: "Cupertino",
        region: "CA", postcode: "95014", countryCode: "US", phone: "+1 408 555 0100")

    static let money = Money(amount: decimal("-7.25"), currencyCode: "gbp")
    static let cart = Cart(
        id: "cart-\u{2603}",
        lines: [
            CartLine(id: "l1", productID: "tee", title: tricky, quantity: 2, unitPrice: decimal("12.50")),
            CartLine(id: "l2", productID: "cap", title: "Cap", quantity: 0, unitPrice: decimal("0.000001")),
            CartLine(
                id: "l3", productID: "big", title: "", quantity: Int.max - 2,
                unitPrice: decimal("12345678901234567890.123456789")),
        ],
        totals: CartTotals(
            subtotal: decimal("42.1"), shipping: decimal("3.95"), discount: decimal("3.95"),
            total: decimal("1000000.01")),
        currencyCode: "GBP")
    static let emptyCart = Cart(
        id: "", lines: [], totals: CartTotals(subtotal: 0, shipping: 0, discount: 0, total: 0), currencyCode: "JPY")

    static let details = CheckoutDetails(
        cart: cart, email: "ada@example.com", shippingContact: fullAddress, billingContact: address,
        shippingMethods: [
            ShippingMethod(
                id: "standard", name: "Standard", price: Money(amount: decimal("3.95"), currencyCode: "GBP")),
            ShippingMethod(
                id: "express", name: "Express \u{1F680}",
                price: Money(amount: decimal("12345678901234567890.5"), currencyCode: "gbp")),
        ],
        selectedShippingMethodID: "express")
    static let bareDetails = CheckoutDetails(cart: emptyCart)

    static let apiErrors: [CheckoutAPIError] = [
        .cartExpired, .conflict(message: nil), .conflict(message: tricky), .timeout, .network("offline"),
        .client(status: 429, message: nil), .client(status: -1, message: "slow down"),
        .server(status: 503, message: nil), .server(status: 500, message: ""),
        .server(status: 502, message: "bad gateway"), .malformedResponse(detail: "cart.id"),
        .invalidRequest(tricky),
    ]

    static let users: [CheckoutUser] = [
        .guest, .loggedIn(addressBook: []),
        .loggedIn(addressBook: [
            AddressBookEntry(id: "home", address: address, isDefault: true),
            AddressBookEntry(id: "work", address: fullAddress),
        ]),
    ]

    static let receipt = PaymentReceipt(providerReference: "psp-1", amount: money, resultCode: "Authorised")
    static let outcomes: [PaymentOutcome] = [
        .authorised(receipt),
        .awaitingConfirmation(
            PaymentReceipt(providerReference: "", amount: Money(amount: 0, currencyCode: "EUR"), resultCode: "Pending")
        ),
        .actionRequired(PaymentActionRequest(kind: .threeDSChallenge)),
        .actionRequired(PaymentActionRequest(kind: .redirect, url: "https://bank.example/3ds?a=1&b=\u{E9}")),
        .actionRequired(PaymentActionRequest(kind: .sdk, payload: Sensitive("sdk-data"))),
        .actionRequired(PaymentActionRequest(kind: .qrCode, url: "pix://", payload: .redacted)),
        .refused(reason: tricky), .cancelled, .error(message: ""), .error(message: "Refused by issuer"),
        .partiallyAuthorised(receipt, remaining: Money(amount: decimal("0.01"), currencyCode: "USD")),
    ]

    static let session = WebCheckoutSession(
        url: "https://shop.example/checkout?x=\u{E9}", method: .post,
        cookies: [
            WebCheckoutCookie(name: "poq.webcheckout.platform", value: Sensitive("ios"), domain: "shop.example"),
            WebCheckoutCookie(name: "session", value: .redacted, domain: ".example", path: "/checkout"),
        ],
        headers: ["Authorization": Sensitive("Bearer secret"), "X-App": Sensitive("demo")],
        body: Sensitive("token=t&items=2"), reference: "ref-1")

    /// Every case of `CheckoutAction`, once or more.
    static let actions: [CheckoutAction] = common + bridge + parse + native + payment + results + order + wallet

    static let common: [CheckoutAction] =
        [
            .started, .loadProgressChanged(0), .loadProgressChanged(0.1), .loadProgressChanged(1),
            .loadProgressChanged(-2.5e-7), .dismissTapped, .dismissConfirmed, .dismissCancelled,
            .errorDismissed(id: 0), .errorDismissed(id: Int.min), .retryTapped(errorID: 42),
            .dynamicContentLoaded(slotID: "scroll-top", content: nil),
            .dynamicContentLoaded(slotID: "", content: tricky),
            .relaunched(.savedState), .relaunched(.log(logID: tricky, part: 0, lastSequence: 0)),
            .relaunched(.log(logID: "abcdefghijklmnopqrstuvwxyz", part: Int.max, lastSequence: -1)),
        ].map(CheckoutAction.common) + users.map { .common(.userChanged($0)) }

    static let bridge: [CheckoutAction] =
        [
            .bridge(.messageReceived(#"{"type":"order","order":{"total":42.5,"orderId":"W1"}}"#)),
            .bridge(.messageReceived("")), .bridge(.messageReceived(tricky)),
            .bridge(
                .messagePosted(
                    .object([
                        JSONMember(key: "name", value: .string("wishlistadded")),
                        JSONMember(
                            key: "data",
                            value: .object([
                                JSONMember(key: "sku", value: .string(tricky)),
                                JSONMember(key: "n", value: .number("-12.50e3")),
                                JSONMember(
                                    key: "list",
                                    value: .array([.null, .bool(true), .bool(false), .array([]), .object([])])),
                            ])),
                    ]).inCanonicalOrder)),
            .bridge(.messagePosted(.null)), .bridge(.messagePosted(.string(tricky))),
            .bridge(.messageUnreadable(reason: "")), .bridge(.messageUnreadable(reason: tricky)),
            .bridge(
                .formSubmitted(
                    .object([
                        JSONMember(key: "data", value: .object([JSONMember(key: "total", value: .number("45.95"))])),
                        JSONMember(key: "event", value: .string("order")),
                    ]))),
        ]
        + [
            BridgeFormRejection.notASubmission(scheme: "\"https\""), .malformedURL(reason: tricky),
            .wrongHost("(12 bytes)"), .invalidEvent(reason: "missing"), .missingParameter("data"),
            .duplicatedParameter("data"), .unexpectedParameter("\"cardNumber\""), .dataInBody(method: "\"POST\""),
            .invalidPercentEncoding(part: "data", offset: 40),
            .tooLarge(part: "data", bytes: 1_048_577, limit: 1_048_576),
            .invalidData(reason: "not JSON (3 bytes)"),
        ].map { .bridge(.formRejected($0)) }

    static let parse: [CheckoutAction] =
        [
            .parse(.pageLoaded(ParsedPage(url: "https://shop.example/cart"))),
            .parse(
                .pageLoaded(
                    ParsedPage(
                        url: "https://shop.example/done", title: tricky, extractedOrderNumber: "W1001",
                        extractedOrder: WebOrder(total: decimal("42.5"))))),
            .parse(
                .pageLoaded(
                    ParsedPage(
                        url: "u",
                        extractedOrder: WebOrder(
                            total: decimal("0.5"), orderID: "W\u{1F4E6}", subTotal: decimal("38.55"),
                            delivery: decimal("3.95"), discount: decimal("-1.5"), tax: decimal("7.708"), currency: "GBP"
                        )))),
        ]
        + [
            .orderNumber("W-1001"), .orderNumber(tricky),
            .orderSummary(WebOrder(total: decimal("45.95"))),
            .orderSummary(
                WebOrder(
                    total: decimal("0.5"), subTotal: decimal("38.55"), delivery: decimal("3.95"),
                    discount: decimal("-1.5"), currency: "GBP")),
            .guestEmail("ada@example.com"), .rejected(.orderNumber, .noPage),
            .rejected(.orderSummary, .timedOut(milliseconds: 5000)), .rejected(.guestEmail, .evaluationFailed),
            .rejected(.orderNumber, .noResult), .rejected(.orderSummary, .invalid(reason: tricky)),
        ].enumerated().map { .parse(.scriptAnswered($1, requestID: $0 - 1)) }

    static let native: [CheckoutAction] = [
        .emailSubmitted("ada@example.com"), .emailSubmitted(tricky), .editShippingContactTapped,
        .editBillingContactTapped, .addressBookEntrySelected(id: "home"), .addNewAddressTapped,
        .addressFormSubmitted(address), .addressFormSubmitted(fullAddress), .addressEditorClosed,
        .useShippingAsBillingTapped, .shippingMethodSelected(id: "express"),
    ].map(CheckoutAction.native)

    static let payment: [CheckoutAction] =
        [
            .providerSelected(id: "adyen"), .methodSelected(id: "scheme"), .payTapped,
            .intentCreated(PaymentIntent(reference: "pay-1", cartID: "cart-1", amount: money), attempt: 1),
            .sessionPrepared(PaymentSession(id: "s", providerID: "sandbox", amount: money), attempt: 0),
            .sessionPrepared(
                PaymentSession(
                    id: "s2", providerID: "adyen", amount: Money(amount: decimal("99.99"), currencyCode: "EUR"),
                    methods: [
                        PaymentMethodOption(id: "scheme", name: "Card"),
                        PaymentMethodOption(id: "paypal", name: tricky),
                    ],
                    token: Sensitive("session-data")), attempt: 3),
            .sessionPrepared(
                PaymentSession(
                    id: "adyen-pay-1-1", providerID: "adyen", amount: money,
                    methods: [PaymentMethodOption(id: "scheme", name: "Cards")],
                    paymentMethodsResponse: PaymentMethodsResponse(
                        json: .object([
                            JSONMember(
                                key: "paymentMethods",
                                value: .array([
                                    .object([
                                        JSONMember(key: "type", value: .string("scheme")),
                                        JSONMember(key: "name", value: .string(tricky)),
                                        JSONMember(key: "rank", value: .number("-12.50")),
                                    ])
                                ])),
                            JSONMember(key: "storedPaymentMethods", value: .array([.string("8415718415172200")])),
                            JSONMember(key: "empty", value: .object([])),
                        ]), secretMembers: ["storedPaymentMethods"])), attempt: 4),
            .submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card"))),
            .submitted(
                PaymentSubmission(
                    methodID: "paypal", payload: .redacted, displayDescription: "Visa \u{2022}\u{2022} 1111")),
            .actionCompleted(PaymentActionDetails(payload: Sensitive("3ds"))),
            .actionCompleted(
                PaymentActionDetails(payload: .redacted, returnURL: Sensitive("app://r?t=1"), widgetChecksum: "c1")),
            .actionFinishedWithoutDetails,
            .dropInCompleted(
                PaymentDropInResult(resultCode: "Authorised", sessionResult: Sensitive("Ab02b4c0!BQABAgCW"))),
            .dropInCompleted(PaymentDropInResult(resultCode: tricky, sessionResult: .redacted, methodID: "scheme")),
            .dropInCompleted(PaymentDropInResult(resultCode: "", sessionResult: nil)),
            .dropInFailed(message: "The session expired"), .dropInFailed(message: tricky),
            .providerFailed(PaymentFailure(kind: .declined, message: "Refused"), attempt: 5),
            .providerFailed(PaymentFailure(kind: .guardViolation, message: tricky), attempt: 2),
            .providerFailed(PaymentFailure(kind: .configuration, message: ""), attempt: -1),
            .declineAcknowledged, .cancelTapped, .appWentAway, .timedOut, .retryTapped, .abortTapped,
            .confirmationRequested, .confirmationPollDue(poll: 3), .confirmationPollDue(poll: Int.max),
            .widgetStatusChanged(PaymentWidgetReport(isValid: true, checksum: "abc")),
            .widgetStatusChanged(PaymentWidgetReport(isValid: false)),
            .widgetStatusChanged(PaymentWidgetReport(isValid: false, errorCode: "E1", message: tricky)),
        ].map(CheckoutAction.payment)
        + apiErrors.enumerated().map { .payment(.intentFailed($1, attempt: $0)) }
        + outcomes.enumerated().map { .payment(.outcomeReceived($1, attempt: $0)) }

    static let results: [CheckoutAction] =
        [
            .checkoutLoaded(details, requestID: 1), .checkoutLoaded(bareDetails, requestID: 2),
            .webSessionLoaded(session, requestID: 3),
            .webSessionLoaded(WebCheckoutSession(url: "", reference: ""), requestID: 4),
            .updateAccepted(details, requestID: 5), .checkoutRestored(bareDetails, requestID: 6),
            .checkoutRefreshed(details, requestID: 7), .completionRecorded(requestID: 8),
            .orderPlaced(
                PlacedOrder(id: "order-\u{2603}", number: tricky, status: .pending, total: money), requestID: 9),
            .orderPlaced(
                PlacedOrder(
                    id: "o", number: "SB-1001", status: .confirmed,
                    total: Money(amount: decimal("45.95"), currencyCode: "GBP")), requestID: 10),
            .orderStatusUpdated(
                PlacedOrder(id: "o", number: "1", status: .cancelled, total: money), requestID: Int.min),
        ].map(CheckoutAction.result)
        + apiErrors.enumerated().flatMap { index, error -> [CheckoutAction] in
            [
                .result(.checkoutLoadFailed(error, requestID: index)),
                .result(.webSessionFailed(error, requestID: index)), .result(.updateFailed(error, requestID: index)),
                .result(.restoreFailed(error, requestID: index)), .result(.refreshFailed(error, requestID: index)),
                .result(.completionRecordFailed(error, requestID: index)),
                .result(.orderPlacementFailed(error, requestID: index)),
                .result(.orderStatusUpdateFailed(error, requestID: index)),
            ]
        }

    static let order: [CheckoutAction] = [
        .placementKeyMade(idempotencyKey: "order-key-1", paymentReference: "payment-1"),
        .placementKeyMade(idempotencyKey: tricky, paymentReference: ""),
        .retryDue(retry: 1), .retryDue(retry: Int.min), .retryTapped,
    ].map(CheckoutAction.order)

    static let partialAddress = PartialAddress(city: tricky, postcode: "SW1A 2", countryCode: "GB")
    static let authorization = WalletAuthorization(
        email: "ada@example.com", shippingAddress: fullAddress, billingAddress: address, shippingMethodID: "express",
        shownTotal: money,
        payment: PaymentSubmission(
            methodID: "applepay", payload: Sensitive("apple-pay-token"), displayDescription: "Apple Pay"))

    static let wallet: [CheckoutAction] =
        [
            .sheetPresented(providerID: "adyen", merchantName: tricky),
            .shippingContactSelected(partialAddress, requestID: 1),
            .shippingContactSelected(PartialAddress(city: "", postcode: "", countryCode: ""), requestID: Int.max),
            .shippingMethodSelected(id: "express", requestID: 2),
            .paymentMethodSelected(
                WalletPaymentMethod(displayName: "Visa 1111", network: tricky, kind: .credit), requestID: 3),
            .paymentMethodSelected(WalletPaymentMethod(), requestID: -1),
            .paymentAuthorized(authorization, requestID: 4),
            .paymentAuthorized(
                WalletAuthorization(
                    email: "", shippingAddress: address, shownTotal: Money(amount: 0, currencyCode: "JPY"),
                    payment: PaymentSubmission(methodID: "applepay", payload: .redacted)),
                requestID: 5),
            .sheetDismissed, .updateLoaded(details, requestID: 6), .updateLoaded(bareDetails, requestID: 7),
            .updateTimedOut(requestID: 8),
        ].map(CheckoutAction.wallet)
        + apiErrors.enumerated().map { .wallet(.updateFailed($1, requestID: $0)) }

    private static func decimal(_ text: String) -> Decimal {
        Decimal(plainText: text) ?? .nan
    }
}
