import ActionLog
import Checkout
import Foundation
import StateStore

/// Hands out distinct markers (`M1`, `M2`, …; numbers `9001`, …), so that every string leaf of a
/// sample is unique and its path can be checked.
final class Markers {
    private var count = 0

    func text() -> String {
        count += 1
        return "M\(count)"
    }

    func number() -> String {
        count += 1
        return "\(9000 + count)"
    }

    func url() -> SensitiveURL { SensitiveURL("https://\(text().lowercased()).example/page") }
}

/// The samples of one classified type, each walked and reflected alike.
struct TypeSamples {
    /// One sample: its walk with a visitor, and the value for reflection.
    struct Item {
        let walk: (inout InventoryVisitor) -> Void
        let value: Any
    }

    let type: String
    let items: [Item]
    /// The type's ``DataClassified/holdsPersonalData``.
    let holdsPersonalData: Bool

    init<T: DataClassified>(_ values: [T]) {
        type = inventoryTypeName(T.self)
        holdsPersonalData = T.holdsPersonalData
        items = values.map { value in Item(walk: { visitor in visitor.walk(value) }, value: value) }
    }
}

/// A fully populated value of every type a checkout log holds, and of every case of every enum,
/// each string a distinct marker. A new type or case needs a sample here: the inventory test fails
/// for a type it meets that has none.
enum DataInventorySamples {
    static func all(_ m: Markers) -> [TypeSamples] {
        actions(m) + state(m) + relaunchSamples(m) + model(m) + payment(m) + web(m) + webApplePay(m) + wallet(m)
    }

    // MARK: Actions

    static func actions(_ m: Markers) -> [TypeSamples] {
        [
            TypeSamples([
                CheckoutAction.common(.dynamicContentLoaded(slotID: m.text(), content: m.text())),
                .bridge(.messageUnreadable(reason: m.text())), .parse(.pageLoaded(parsedPage(m))),
                .native(.emailSubmitted(m.text())), .payment(.submitted(submission(m))),
                .result(.orderPlaced(placedOrder(m), requestID: 1)),
                .order(.placementKeyMade(idempotencyKey: m.text(), paymentReference: m.text())),
                .wallet(.sheetPresented(providerID: m.text(), merchantName: m.text())),
            ]),
            TypeSamples([
                CommonAction.started, .loadProgressChanged(0.5), .dismissTapped, .dismissConfirmed, .dismissCancelled,
                .errorDismissed(id: 1), .retryTapped(errorID: 1), .userChanged(loggedIn(m)),
                .dynamicContentLoaded(slotID: m.text(), content: m.text()), .relaunched(restoreSource(m)),
            ]),
            TypeSamples([
                BridgeAction.messageReceived(
                    #"{"event":"\#(m.text())","data":{"errorMessage":"\#(m.text())","n":\#(m.number())}}"#),
                .messagePosted(orderMessage(m)), .messageUnreadable(reason: m.text()),
                .formSubmitted(customEventMessage(m)), .formRejected(.malformedURL(reason: m.text())),
            ]),
            TypeSamples([ParseAction.pageLoaded(parsedPage(m)), .scriptAnswered(.guestEmail(m.text()), requestID: 2)]),
            TypeSamples([parsedPage(m)]),
            TypeSamples([
                ParseScriptResult.orderNumber(m.text()), .orderSummary(webOrder(m)), .guestEmail(m.text()),
                .rejected(.orderSummary, .invalid(reason: m.text())),
            ]),
            TypeSamples([
                NativeAction.emailSubmitted(m.text()), .editShippingContactTapped, .editBillingContactTapped,
                .addressBookEntrySelected(id: m.text()), .addNewAddressTapped, .addressFormSubmitted(address(m)),
                .addressEditorClosed, .useShippingAsBillingTapped, .shippingMethodSelected(id: m.text()),
            ]),
            TypeSamples([
                PaymentAction.providerSelected(id: m.text()), .methodSelected(id: m.text()), .payTapped,
                .intentCreated(intent(m), attempt: 1), .intentFailed(.network(m.text()), attempt: 1),
                .sessionPrepared(session(m), attempt: 1), .submitted(submission(m)),
                .actionCompleted(actionDetails(m)), .actionFinishedWithoutDetails,
                .outcomeReceived(.refused(reason: m.text()), attempt: 1),
                .providerFailed(failure(m), attempt: 1), .declineAcknowledged, .cancelTapped, .appWentAway,
                .timedOut, .retryTapped, .abortTapped, .confirmationRequested, .confirmationPollDue(poll: 1),
                .widgetStatusChanged(widgetReport(m)),
                .dropInCompleted(
                    PaymentDropInResult(resultCode: m.text(), sessionResult: Sensitive(m.text()), methodID: m.text())),
                .dropInFailed(message: m.text()),
            ]),
            TypeSamples([
                CheckoutResultAction.checkoutLoaded(details(m), requestID: 1),
                .checkoutLoadFailed(.conflict(message: m.text()), requestID: 1),
                .webSessionLoaded(webSession(m), requestID: 1),
                .webSessionFailed(.invalidRequest(m.text()), requestID: 1),
                .updateAccepted(details(m), requestID: 1), .updateFailed(.network(m.text()), requestID: 1),
                .checkoutRestored(details(m), requestID: 1),
                .restoreFailed(.malformedResponse(detail: m.text()), requestID: 1),
                .checkoutRefreshed(details(m), requestID: 1),
                .refreshFailed(.server(status: 500, message: m.text()), requestID: 1),
                .completionRecorded(requestID: 1),
                .completionRecordFailed(.client(status: 400, message: m.text()), requestID: 1),
                .orderPlaced(placedOrder(m), requestID: 1),
                .orderPlacementFailed(.network(m.text()), requestID: 1),
                .orderStatusUpdated(placedOrder(m), requestID: 1),
                .orderStatusUpdateFailed(.network(m.text()), requestID: 1),
            ]),
            TypeSamples([
                OrderAction.placementKeyMade(idempotencyKey: m.text(), paymentReference: m.text()),
                .retryDue(retry: 1), .retryTapped,
            ]),
            TypeSamples([
                WalletSheetAction.sheetPresented(providerID: m.text(), merchantName: m.text()),
                .shippingContactSelected(partialAddress(m), requestID: 1),
                .shippingMethodSelected(id: m.text(), requestID: 1),
                .paymentMethodSelected(walletPaymentMethod(m), requestID: 1),
                .paymentAuthorized(walletAuthorization(m), requestID: 1), .sheetDismissed,
                .updateLoaded(details(m), requestID: 1), .updateFailed(.network(m.text()), requestID: 1),
                .updateTimedOut(requestID: 1),
            ]),
        ]
    }

    // MARK: State

    static func state(_ m: Markers) -> [TypeSamples] {
        [
            TypeSamples([checkoutState(m)]),
            TypeSamples([
                CheckoutViewState.loading, .webCheckout, .nativeCheckout, .confirmingDismissal, .completed,
                .failed(.network(m.text())), .dismissed,
            ]),
            TypeSamples([journey()]),
            TypeSamples([CheckoutErrorMessage(id: 1, kind: .page(m.text()), retry: .load)]),
            TypeSamples(errorKinds(m)),
            TypeSamples(apiErrors(m)),
            TypeSamples([nativeState(m)]),
            TypeSamples([
                SectionStatus(section: .payment, isVisible: true, isComplete: false, isEditable: true, isCurrent: true)
            ]),
            TypeSamples([AddressEditor(purpose: .billing, mode: .form(prefill: address(m)))]),
            TypeSamples([AddressEditor.Mode.selection(preselectedEntryID: m.text()), .form(prefill: address(m))]),
            TypeSamples([
                CheckoutUpdate.email(m.text()), .shippingContact(address(m)), .billingContact(address(m)),
                .shippingMethod(id: m.text()),
            ]),
            TypeSamples([orderPlacement(m)]),
            TypeSamples([
                OrderPlacementState.Step.makingKey, .placing(requestID: 1), .updating(requestID: 1),
                .retryScheduled(retry: 1), .recovering, .failed(.network(m.text())), .settled,
            ]),
        ]
    }

    static func checkoutState(_ m: Markers) -> CheckoutState {
        var state = CheckoutState(
            kind: .native, user: loggedIn(m), web: webState(m), native: nativeState(m),
            paymentProviders: [providerDescriptor(m)], merchantCurrencies: [m.text(), m.text()])
        state.view = .failed(.network(m.text()))
        state.journey = journey()
        state.cart = cart(m)
        state.email = m.text()
        state.shippingContact = address(m)
        state.billingContact = address(m)
        state.shippingMethods = [shippingMethod(m)]
        state.selectedShippingMethodID = m.text()
        state.orderSummary = OrderSummary(itemCount: 1, subtotal: 1, delivery: 1, discount: 0, total: money(m))
        state.payment = paymentState(m)
        state.errors = [CheckoutErrorMessage(id: 1, kind: .invalidInput(field: m.text(), reason: m.text()), retry: nil)]
        state.dynamicContent = [DynamicContentSlot(id: m.text(), content: m.text())]
        state.completedOrder = completedOrder(m)
        state.orderPlacement = orderPlacement(m)
        state.walletSheet = walletSheet(m)
        state.relaunch = CheckoutRelaunch(count: 1, source: restoreSource(m), found: inFlight(m))
        return state
    }

    static func restoreSource(_ m: Markers) -> CheckoutRestoreSource {
        .log(logID: m.text(), part: 0, lastSequence: 1)
    }

    static func inFlight(_ m: Markers) -> CheckoutInFlight {
        var found = CheckoutInFlight()
        found.payment = .awaitingReturn(.redirect)
        found.orderPlacement = .placing(requestID: 1)
        found.idempotencyKey = m.text()
        return found
    }

    static func relaunchSamples(_ m: Markers) -> [TypeSamples] {
        [
            TypeSamples([CheckoutRelaunch(count: 1, source: restoreSource(m), found: inFlight(m))]),
            TypeSamples([restoreSource(m), .savedState]),
            TypeSamples([inFlight(m)]),
            TypeSamples([
                CheckoutInFlight.Payment.awaitingReturn(.redirect), .outcomeUnknown, .shownToPayLater(.voucher),
                .awaitingConfirmation, .notSubmitted,
            ]),
        ]
    }

    static func journey() -> CheckoutJourney {
        var journey = CheckoutJourney()
        journey.hasStarted = true
        journey.furthestSection = .billingContact
        return journey
    }

    static func errorKinds(_ m: Markers) -> [CheckoutErrorKind] {
        [
            .cartExpired, .cartChanged, .totalChanged, .request(.network(m.text())), .page(m.text()),
            .paymentDeclined(reason: m.text()), .paymentFailed(failure(m)),
            .paymentRefused(.unknownCurrency(m.text())), .sectionIncomplete(.shippingMethod),
            .invalidInput(field: m.text(), reason: m.text()), .orderPlacementFailed(.network(m.text())),
            .orderCancelled(orderNumber: m.text()), .paymentUnconfirmed, .applePayNotConfirmed,
        ]
    }

    static func apiErrors(_ m: Markers) -> [CheckoutAPIError] {
        [
            .cartExpired, .conflict(message: m.text()), .timeout, .network(m.text()),
            .client(status: 400, message: m.text()), .server(status: 500, message: m.text()),
            .malformedResponse(detail: m.text()), .invalidRequest(m.text()),
        ]
    }

    static func nativeState(_ m: Markers) -> NativeCheckoutState {
        var native = NativeCheckoutState(paymentPresentation: .methodsSection)
        native.sections = [
            SectionStatus(
                section: .shippingContact, isVisible: true, isComplete: true, isEditable: true, isCurrent: false)
        ]
        native.addressEditor = AddressEditor(purpose: .shipping, mode: .selection(preselectedEntryID: m.text()))
        native.pendingUpdates = [.email(m.text()), .shippingContact(address(m))]
        native.updateInFlight = 3
        native.syncFailure = .conflict(message: m.text())
        return native
    }

    static func orderPlacement(_ m: Markers) -> OrderPlacementState {
        var placement = OrderPlacementState(paymentReference: m.text(), amount: money(m), target: .pending)
        placement.idempotencyKey = m.text()
        placement.placed = placedOrder(m)
        placement.step = .failed(.server(status: 502, message: m.text()))
        return placement
    }

    // MARK: Model

    static func model(_ m: Markers) -> [TypeSamples] {
        [
            TypeSamples([address(m)]),
            TypeSamples([partialAddress(m)]),
            TypeSamples([AddressBookEntry(id: m.text(), address: address(m), isDefault: true)]),
            TypeSamples([cart(m)]),
            TypeSamples([CartLine(id: m.text(), productID: m.text(), title: m.text(), quantity: 1, unitPrice: 2)]),
            TypeSamples([details(m)]),
            TypeSamples([CheckoutUser.guest, loggedIn(m)]),
            TypeSamples([DynamicContentSlot(id: m.text(), content: m.text())]),
            TypeSamples([OrderSummary(itemCount: 2, subtotal: nil, delivery: nil, discount: nil, total: money(m))]),
            TypeSamples([shippingMethod(m)]),
            TypeSamples([money(m)]),
            TypeSamples([placedOrder(m)]),
        ]
    }

    static func address(_ m: Markers) -> Address {
        Address(
            firstName: m.text(), lastName: m.text(), line1: m.text(), line2: m.text(), city: m.text(),
            region: m.text(), postcode: m.text(), countryCode: m.text(), phone: m.text())
    }

    static func partialAddress(_ m: Markers) -> PartialAddress {
        PartialAddress(city: m.text(), postcode: m.text(), countryCode: m.text())
    }

    static func money(_ m: Markers) -> Money { Money(amount: 12.5, currencyCode: m.text()) }

    static func cart(_ m: Markers) -> Cart {
        Cart(
            id: m.text(),
            lines: [
                CartLine(id: m.text(), productID: m.text(), title: m.text(), quantity: 1, unitPrice: 12.5),
                CartLine(id: m.text(), productID: m.text(), title: m.text(), quantity: 2, unitPrice: 1),
            ],
            totals: CartTotals(subtotal: 14.5, shipping: 0, discount: 0, total: 14.5), currencyCode: m.text())
    }

    static func shippingMethod(_ m: Markers) -> ShippingMethod {
        ShippingMethod(id: m.text(), name: m.text(), price: money(m))
    }

    static func details(_ m: Markers) -> CheckoutDetails {
        CheckoutDetails(
            cart: cart(m), email: m.text(), shippingContact: address(m), billingContact: address(m),
            shippingMethods: [shippingMethod(m), shippingMethod(m)], selectedShippingMethodID: m.text())
    }

    static func loggedIn(_ m: Markers) -> CheckoutUser {
        .loggedIn(addressBook: [
            AddressBookEntry(id: m.text(), address: address(m), isDefault: true),
            AddressBookEntry(id: m.text(), address: address(m)),
        ])
    }

    static func placedOrder(_ m: Markers) -> PlacedOrder {
        PlacedOrder(id: m.text(), number: m.text(), status: .confirmed, total: money(m))
    }

    // MARK: Payment

    static func payment(_ m: Markers) -> [TypeSamples] {
        [
            TypeSamples([paymentState(m)]),
            TypeSamples([
                PaymentPhase.idle, .preparing, .presenting, .submitting, .actionRequired(actionRequest(m)),
                .submittingDetails, .awaitingConfirmation, .succeeded, .declined(reason: m.text()), .cancelled,
                .failed(failure(m)),
            ]),
            TypeSamples([actionRequest(m)]),
            TypeSamples([actionDetails(m)]),
            TypeSamples([failure(m)]),
            TypeSamples([
                PaymentGuardViolation.nonPositiveAmount(money(m)), .notANumber(money(m)), .unknownCurrency(m.text()),
                .unsupportedCurrency(m.text(), rejectedBy: m.text()), .amountOutOfRange(money(m)),
                .totalChanged(from: money(m), to: money(m)), .amountNotShown(asked: money(m), shown: money(m)),
                .noTotal, .widgetNotReady,
            ]),
            TypeSamples([intent(m)]),
            TypeSamples([PaymentMethodOption(id: m.text(), name: m.text())]),
            TypeSamples([
                PaymentOutcome.authorised(receipt(m)), .awaitingConfirmation(receipt(m)),
                .actionRequired(actionRequest(m)), .refused(reason: m.text()), .cancelled, .error(message: m.text()),
                .partiallyAuthorised(receipt(m), remaining: money(m)),
            ]),
            TypeSamples([receipt(m)]),
            TypeSamples([session(m)]),
            TypeSamples([
                PaymentDropInResult(resultCode: m.text(), sessionResult: Sensitive(m.text()), methodID: m.text())
            ]),
            TypeSamples([session(m).paymentMethodsResponse].compactMap { $0 }),
            TypeSamples([submission(m)]),
            TypeSamples([PaymentWidgetState(status: .invalid(errorCode: m.text(), message: m.text()), amount: money(m))]
            ),
            TypeSamples([
                PaymentWidgetState.Status.valid(checksum: m.text()), .invalid(errorCode: m.text(), message: m.text()),
                .awaitingUpdate,
            ]),
            TypeSamples([widgetReport(m)]),
            TypeSamples([providerDescriptor(m)]),
        ]
    }

    static func paymentState(_ m: Markers) -> PaymentState {
        var payment = PaymentState(providerID: m.text())
        payment.phase = .declined(reason: m.text())
        payment.selectedMethodID = m.text()
        payment.amount = money(m)
        payment.paidAmount = money(m)
        payment.intent = intent(m)
        payment.session = session(m)
        payment.receipt = receipt(m)
        payment.widget = PaymentWidgetState(status: .valid(checksum: m.text()), amount: money(m))
        payment.shopperAction = actionRequest(m)
        payment.confirmation = PaymentConfirmationState()
        payment.dropInResultCode = m.text()
        return payment
    }

    static func actionRequest(_ m: Markers) -> PaymentActionRequest {
        PaymentActionRequest(kind: .voucher, url: m.url(), payload: Sensitive(m.text()))
    }

    static func actionDetails(_ m: Markers) -> PaymentActionDetails {
        PaymentActionDetails(payload: Sensitive(m.text()), returnURL: Sensitive(m.text()), widgetChecksum: m.text())
    }

    static func failure(_ m: Markers) -> PaymentFailure { PaymentFailure(kind: .provider, message: m.text()) }

    static func intent(_ m: Markers) -> PaymentIntent {
        PaymentIntent(reference: m.text(), cartID: m.text(), amount: money(m))
    }

    static func receipt(_ m: Markers) -> PaymentReceipt {
        PaymentReceipt(providerReference: m.text(), amount: money(m), resultCode: m.text())
    }

    static func session(_ m: Markers) -> PaymentSession {
        PaymentSession(
            id: m.text(), providerID: m.text(), amount: money(m),
            methods: [PaymentMethodOption(id: m.text(), name: m.text())], token: Sensitive(m.text()),
            paymentMethodsResponse: PaymentMethodsResponse(
                json: .object([
                    JSONMember(
                        key: "paymentMethods",
                        value: .array([.object([JSONMember(key: "name", value: .string(m.text()))])])),
                    JSONMember(key: "storedPaymentMethods", value: .array([.string(m.text())])),
                ]), secretMembers: ["storedPaymentMethods"]))
    }

    static func submission(_ m: Markers) -> PaymentSubmission {
        PaymentSubmission(methodID: m.text(), payload: Sensitive(m.text()), displayDescription: m.text())
    }

    static func widgetReport(_ m: Markers) -> PaymentWidgetReport {
        PaymentWidgetReport(isValid: false, checksum: m.text(), errorCode: m.text(), message: m.text())
    }

    static func providerDescriptor(_ m: Markers) -> PaymentProviderDescriptor {
        PaymentProviderDescriptor(
            id: m.text(), displayName: m.text(), supportedCurrencies: [m.text(), m.text()],
            minorUnitOverrides: [m.text(): 0, m.text(): 3], supportsPartialPayments: true, usesStatusWidget: true)
    }

    // MARK: Web

    static func web(_ m: Markers) -> [TypeSamples] {
        [
            TypeSamples([webState(m)]),
            TypeSamples([WebCheckoutMode.bridge, .forms, .parse(parseRules(m))]),
            TypeSamples([parseRules(m)]),
            TypeSamples([ParseRules.Completion.titleContains(m.text()), .urlContainsAny([m.text(), m.text()])]),
            TypeSamples([webSession(m)]),
            TypeSamples([
                WebCheckoutCookie(name: m.text(), value: Sensitive(m.text()), domain: m.text(), path: m.text())
            ]),
            TypeSamples([webOrder(m)]),
            TypeSamples([completedOrder(m)]),
            TypeSamples([completionParsing(m)]),
            TypeSamples([CompletionRecord.notStarted, .recording, .recorded, .failed(.network(m.text()))]),
            TypeSamples(bridgeRejections(m)),
            TypeSamples(formRejections(m)),
            TypeSamples([
                ParseScriptRejection.noPage, .timedOut(milliseconds: 5), .evaluationFailed, .noResult,
                .invalid(reason: m.text()),
            ]),
            TypeSamples([customEvent(m)]),
            TypeSamples([BridgeCustomEventRecording.record, .redact, .personal(plainPaths: [m.text(), m.text()])]),
            TypeSamples([webConfiguration(m)]),
        ]
    }

    static func webState(_ m: Markers) -> WebCheckoutState {
        var web = WebCheckoutState(apiType: .checkout, mode: .parse(parseRules(m)), configuration: webConfiguration(m))
        web.session = webSession(m)
        web.loadProgress = 1
        web.currentURL = m.url()
        web.order = webOrder(m)
        web.completionRecord = .failed(.network(m.text()))
        web.rejections = [.unknownEvent(m.text()), .formSubmission(.wrongHost(m.text()))]
        web.customEvents = [customEvent(m)]
        web.customEventCount = 1
        web.confirmedOrderNumber = m.text()
        web.completionParsing = completionParsing(m)
        web.applePay = WebApplePayState(request: webApplePayRequest(m), sequence: 1, sheetSession: 1)
        return web
    }

    static func webApplePayRequest(_ m: Markers) -> WebApplePayRequest {
        WebApplePayRequest(
            countryCode: m.text(), currencyCode: m.text(), total: WebApplePayLine(label: m.text(), amount: 1),
            lineItems: [WebApplePayLine(label: m.text(), amount: 1)], merchantCapabilities: [.supports3DS],
            supportedNetworks: [m.text()], requiredShippingContactFields: [.postalAddress],
            requiredBillingContactFields: [.name],
            shippingMethods: [
                WebApplePayShippingMethod(identifier: m.text(), label: m.text(), detail: m.text(), amount: 1)
            ])
    }

    static func webApplePay(_ m: Markers) -> [TypeSamples] {
        [
            TypeSamples([WebApplePayState(request: webApplePayRequest(m), sequence: 1, sheetSession: 1)]),
            TypeSamples([webApplePayRequest(m)]),
            TypeSamples([WebApplePayLine(label: m.text(), amount: 1)]),
            TypeSamples([WebApplePayShippingMethod(identifier: m.text(), label: m.text(), detail: m.text(), amount: 1)]
            ),
        ]
    }

    static func parseRules(_ m: Markers) -> ParseRules {
        ParseRules(
            completion: .urlContainsAny([m.text()]), orderNumberQueryParameter: m.text(),
            confirmationURLFragments: [m.text(), m.text()], orderNumberScript: m.text(),
            orderSummaryScript: m.text(), guestEmailScript: m.text(), continueShoppingFragment: m.text())
    }

    static func webSession(_ m: Markers) -> WebCheckoutSession {
        WebCheckoutSession(
            url: m.url(), method: .post,
            cookies: [WebCheckoutCookie(name: m.text(), value: Sensitive(m.text()), domain: m.text(), path: m.text())],
            headers: [m.text(): Sensitive(m.text()), m.text(): Sensitive(m.text())], body: Sensitive(m.text()),
            reference: m.text())
    }

    static func parsedPage(_ m: Markers) -> ParsedPage {
        ParsedPage(url: m.url(), title: m.text(), extractedOrderNumber: m.text(), extractedOrder: webOrder(m))
    }

    static func webOrder(_ m: Markers) -> WebOrder {
        WebOrder(total: 10, orderID: m.text(), subTotal: 9, delivery: 1, discount: 0, tax: 2, currency: m.text())
    }

    static func completedOrder(_ m: Markers) -> CompletedOrder {
        CompletedOrder(orderID: m.text(), orderNumber: m.text(), total: money(m), idSource: .backend, status: .pending)
    }

    static func completionParsing(_ m: Markers) -> CompletionParsing {
        CompletionParsing(
            requestID: 1, pendingScripts: [.orderSummary, .guestEmail], orderID: m.text(), idSource: .urlQuery,
            total: money(m))
    }

    static func bridgeRejections(_ m: Markers) -> [BridgeRejection] {
        [
            .malformedJSON(detail: m.text()), .unknownEvent(m.text()), .missingField(event: m.text(), field: m.text()),
            .invalidField(event: m.text(), field: m.text(), reason: m.text()),
            .ambiguousEvent(event: m.text(), name: m.text()), .parseScript(.orderNumber, .invalid(reason: m.text())),
            .formSubmission(.invalidData(reason: m.text())),
        ]
    }

    static func formRejections(_ m: Markers) -> [BridgeFormRejection] {
        [
            .notASubmission(scheme: m.text()), .malformedURL(reason: m.text()), .wrongHost(m.text()),
            .invalidEvent(reason: m.text()), .missingParameter(m.text()), .duplicatedParameter(m.text()),
            .unexpectedParameter(m.text()), .dataInBody(method: m.text()),
            .invalidPercentEncoding(part: m.text(), offset: 1), .tooLarge(part: m.text(), bytes: 2, limit: 1),
            .invalidData(reason: m.text()),
        ]
    }

    static func customEvent(_ m: Markers) -> BridgeCustomEvent {
        BridgeCustomEvent(
            sequence: 1, name: m.text(),
            data: .object([
                JSONMember(key: "a", value: .string(m.text())),
                JSONMember(key: "b", value: .array([.number(m.number()), .bool(true), .null])),
            ]))
    }

    static func webConfiguration(_ m: Markers) -> WebCheckoutConfiguration {
        WebCheckoutConfiguration(
            bridgeVersion: m.text(), bridgeIntegrity: m.text(), replyFunction: m.text(),
            customEvents: [m.text(): .record, m.text(): .redact, m.text(): .personal(plainPaths: [m.text()])])
    }

    /// A bridge `order` message.
    static func orderMessage(_ m: Markers) -> JSONValue {
        .object([
            JSONMember(key: "event", value: .string("order")),
            JSONMember(
                key: "data",
                value: .object([
                    JSONMember(key: "total", value: .number(m.number())),
                    JSONMember(key: "orderId", value: .string(m.text())),
                    JSONMember(key: "note", value: .string(m.text())),
                ])),
        ])
    }

    /// A custom event's message (with a redacted member, a secret).
    static func customEventMessage(_ m: Markers) -> JSONValue {
        .object([
            JSONMember(key: "data", value: .object([JSONMember(key: "x", value: .string(m.text()))])),
            JSONMember(key: "event", value: .string(m.text())),
            JSONMember(key: "extra", value: .string(Sensitive<String>.redactionMarker)),
        ])
    }

    // MARK: Wallet

    static func wallet(_ m: Markers) -> [TypeSamples] {
        [
            TypeSamples([walletAuthorization(m)]),
            TypeSamples([walletPaymentMethod(m)]),
            TypeSamples([WalletSummaryItem(kind: .shipping, label: m.text(), amount: money(m))]),
            TypeSamples(walletErrors(m)),
            TypeSamples([
                WalletSheetAnswer.shippingContact(shippingContactUpdate(m), requestID: 1),
                .shippingMethod(summaryUpdate(m), requestID: 2), .paymentMethod(summaryUpdate(m), requestID: 3),
                .authorization(WalletAuthorizationResult(status: .failure, errors: [.sheetClosed]), requestID: 4),
            ]),
            TypeSamples([shippingContactUpdate(m)]),
            TypeSamples([summaryUpdate(m)]),
            TypeSamples([
                WalletAuthorizationResult(status: .failure, errors: [.paymentDeclined(reason: m.text())])
            ]),
            TypeSamples([walletSheet(m)]),
            TypeSamples([
                WalletSheetStatus.open, .authorizing, .authorized, .dismissed, .refused(.unknownProvider(id: m.text())),
            ]),
            TypeSamples([walletRequest(m)]),
            TypeSamples([
                WalletSheetRequest.Kind.shippingContact(partialAddress(m)), .shippingMethod(id: m.text()),
                .authorization,
            ]),
            TypeSamples([WalletSheetIgnoredRequest(requestID: 1, reason: .inconsistentUpdate(detail: m.text()))]),
            TypeSamples([authorizationProgress(m)]),
        ]
    }

    static func walletAuthorization(_ m: Markers) -> WalletAuthorization {
        WalletAuthorization(
            email: m.text(), shippingAddress: address(m), billingAddress: address(m), shippingMethodID: m.text(),
            shownTotal: money(m), payment: submission(m))
    }

    static func walletPaymentMethod(_ m: Markers) -> WalletPaymentMethod {
        WalletPaymentMethod(displayName: m.text(), network: m.text(), kind: .credit)
    }

    static func walletErrors(_ m: Markers) -> [WalletSheetError] {
        [
            .shippingAddressInvalid(field: .postcode, message: m.text()),
            .shippingAddressUnserviceable(message: m.text()),
            .billingAddressInvalid(field: .street, message: m.text()),
            .contactInvalid(field: .emailAddress, message: m.text()), .unknownShippingMethod(id: m.text()),
            .updateTimedOut, .updateFailed(.network(m.text())), .inconsistentUpdate(detail: m.text()),
            .totalChanged(shown: money(m), current: money(m)), .paymentDeclined(reason: m.text()),
            .paymentFailed(failure(m)), .paymentCancelled, .checkoutRefused(.page(m.text())), .checkoutNotReady,
            .unknownProvider(id: m.text()), .paymentRefused(.unknownCurrency(m.text())), .paymentInProgress,
            .sheetClosed, .alreadyAuthorized, .authorizationInProgress,
            .requestOutOfOrder(requestID: 1, lastRequestID: 2), .pageError(message: m.text()), .pageTimedOut,
        ]
    }

    static func shippingContactUpdate(_ m: Markers) -> WalletShippingContactUpdate {
        WalletShippingContactUpdate(
            errors: [.shippingAddressUnserviceable(message: m.text())],
            summaryItems: [WalletSummaryItem(kind: .total, label: m.text(), amount: money(m))],
            shippingMethods: [shippingMethod(m)])
    }

    static func summaryUpdate(_ m: Markers) -> WalletSummaryUpdate {
        WalletSummaryUpdate(
            errors: [.updateFailed(.timeout)],
            summaryItems: [WalletSummaryItem(kind: .subtotal, label: m.text(), amount: money(m))])
    }

    static func walletRequest(_ m: Markers) -> WalletSheetRequest {
        var request = WalletSheetRequest(requestID: 1, kind: .shippingContact(partialAddress(m)), timer: 2)
        request.call = 3
        request.selectingMethodID = m.text()
        return request
    }

    static func authorizationProgress(_ m: Markers) -> WalletAuthorizationProgress {
        var progress = WalletAuthorizationProgress(knownErrorIDs: [1])
        progress.awaitedAction = .native(.addressFormSubmitted(address(m)))
        progress.lastAction = .native(.emailSubmitted(m.text()))
        return progress
    }

    static func walletSheet(_ m: Markers) -> WalletSheetState {
        var sheet = WalletSheetState(
            session: 1, providerID: m.text(), merchantName: m.text(), currencyCode: m.text(),
            status: .refused(.unknownProvider(id: m.text())),
            summaryItems: [WalletSummaryItem(kind: .total, label: m.text(), amount: money(m))],
            shippingMethods: [shippingMethod(m)])
        sheet.lastRequestID = 4
        sheet.pending = walletRequest(m)
        sheet.callInFlight = 5
        sheet.partialAddress = partialAddress(m)
        sheet.paymentMethod = walletPaymentMethod(m)
        sheet.lastAnswer = .shippingMethod(summaryUpdate(m), requestID: 4)
        sheet.lastIgnored = WalletSheetIgnoredRequest(
            requestID: 3, reason: .contactInvalid(field: .name, message: m.text()))
        sheet.authorization = walletAuthorization(m)
        sheet.progress = authorizationProgress(m)
        sheet.refusal = .paymentDeclined(reason: m.text())
        return sheet
    }
}
