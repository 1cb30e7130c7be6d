import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import StateStoreTesting
import XCTest

/// Apple Pay inside a web checkout: the page's `applepaypayment` request opens the wallet sheet,
/// the page prices its shipping changes, the shopper's authorisation reaches the page as
/// `paymentauthorized`, and the page's answer closes the sheet. Driven through the whole store.
final class WebApplePayTests: XCTestCase {
    private typealias Run = WebApplePayRun

    private func payload(_ text: String) -> JSONValue {
        (try? JSONParser.parse(text).inCanonicalOrder) ?? .null
    }

    /// Loads the checkout and has the page ask for Apple Pay with ``WebApplePayRun/request``.
    private func opened(_ run: Run) async {
        await run.start()
        await run.pageSends("applepaypayment", Run.request)
    }

    /// Opens the sheet, picks the London contact and express delivery (each priced by the page):
    /// the sheet shows 49.95.
    private func pricedForExpress(_ run: Run) async {
        await opened(run)
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        let contact = run.requestID(of: "applepayshippingcontactchanged") ?? 0
        await run.pageSends(
            "applepayupdate", Run.update(contact, total: "45.95", method: ("Standard", "3.95"), methods: Run.methods))
        await run.send(.shippingMethodSelected(id: "express", requestID: 2))
        let method = run.requestID(of: "applepayshippingmethodchanged") ?? 0
        await run.pageSends("applepayupdate", Run.update(method, total: "49.95", method: ("Express", "7.95")))
    }

    func testThePagesRequestIsPresentedPricedByThePageAndPaidWhenThePageCompletes() async throws {
        let run = Run()
        await run.start()
        await run.pageSends("applepay")
        XCTAssertEqual(run.replies, [PageReply(name: "applepayenabled", payload: payload(#"{"enabled":true}"#))])

        await run.pageSends("applepaypayment", Run.request)
        let applePay = try XCTUnwrap(run.state.web.applePay)
        XCTAssertEqual(applePay.status, .sheetOpen)
        XCTAssertEqual(applePay.sheetSession, 1)
        XCTAssertEqual(applePay.request.supportedNetworks, ["visa", "masterCard", "amex"])
        XCTAssertEqual(applePay.request.requiredShippingContactFields, [.postalAddress, .name, .email, .phone])
        XCTAssertEqual(
            applePay.request.shippingMethods.first,
            WebApplePayShippingMethod(identifier: "standard", label: "Standard", detail: "3-5 days", amount: 3.95))
        // The sheet to present: the page's summary, the total last, and its methods.
        let sheet = try XCTUnwrap(run.state.walletSheet)
        XCTAssertEqual(sheet.status, .open)
        XCTAssertEqual(sheet.providerID, WebApplePayState.providerID)
        XCTAssertEqual(sheet.summaryItems, Run.summary([("Subtotal", "42"), ("Standard", "3.95")], total: "45.95"))
        XCTAssertEqual(sheet.shippingMethods.map(\.id), ["standard", "express"])

        // A shipping contact change goes to the page, which owns the totals; the sheet waits for it.
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        let contactID = try XCTUnwrap(run.requestID(of: "applepayshippingcontactchanged"))
        XCTAssertEqual(
            run.replies.last?.payload,
            payload(
                #"{"requestId":"\#(contactID)","shippingContact":{"countryCode":"GB","locality":"London","postalCode":"SW1A 2"}}"#
            ))
        XCTAssertTrue(run.answers.isEmpty, "the sheet waits for the page")
        await run.pageSends(
            "applepayupdate", Run.update(contactID, total: "45.95", method: ("Standard", "3.95"), methods: Run.methods))
        XCTAssertEqual(
            run.answers.last,
            .shippingContact(
                WalletShippingContactUpdate(
                    errors: [], summaryItems: Run.summary([("Subtotal", "42"), ("Standard", "3.95")], total: "45.95"),
                    shippingMethods: sheet.shippingMethods),
                requestID: 1))

        // A method change too: the page answers with the dearer total, which the sheet shows.
        await run.send(.shippingMethodSelected(id: "express", requestID: 2))
        let methodID = try XCTUnwrap(run.requestID(of: "applepayshippingmethodchanged"))
        XCTAssertEqual(
            run.replies.last?.payload,
            payload(
                #"{"requestId":"\#(methodID)","shippingMethod":{"amount":"7.95","identifier":"express","label":"Express"}}"#
            ))
        await run.pageSends("applepayupdate", Run.update(methodID, total: "49.95", method: ("Express", "7.95")))
        let express = Run.summary([("Subtotal", "42"), ("Express", "7.95")], total: "49.95")
        XCTAssertEqual(
            run.answers.last, .shippingMethod(WalletSummaryUpdate(errors: [], summaryItems: express), requestID: 2))
        await run.send(
            .paymentMethodSelected(
                WalletPaymentMethod(displayName: "Visa 1111", network: "Visa", kind: .debit), requestID: 3))
        XCTAssertEqual(
            run.answers.last, .paymentMethod(WalletSummaryUpdate(errors: [], summaryItems: express), requestID: 3))

        // The authorisation: the page gets the token and the contacts it asked for, nothing more.
        await run.send(.paymentAuthorized(Run.authorization(total: money("49.95")), requestID: 4))
        XCTAssertEqual(run.state.walletSheet?.status, .authorizing)
        XCTAssertEqual(run.state.web.applePay?.status, .awaitingPage)
        let authorizedID = try XCTUnwrap(run.requestID(of: "paymentauthorized"))
        let expected = JSONValue.object([
            JSONMember(
                key: "billingContact",
                value: payload(
                    #"{"addressLines":["10 Downing Street"],"countryCode":"GB","locality":"London","postalCode":"SW1A 2AA"}"#
                )),
            JSONMember(key: "currencyCode", value: .string("GBP")),
            JSONMember(key: "requestId", value: .string(String(authorizedID))),
            JSONMember(
                key: "shippingContact",
                value: payload(
                    #"{"addressLines":["10 Downing Street"],"countryCode":"GB","emailAddress":"ada@example.com","familyName":"Lovelace","givenName":"Ada","locality":"London","phoneNumber":"+44 20 7946 0000","postalCode":"SW1A 2AA"}"#
                )),
            JSONMember(
                key: "shippingMethod", value: payload(#"{"amount":"7.95","identifier":"express","label":"Express"}"#)),
            JSONMember(
                key: "token",
                value: .object([
                    JSONMember(key: "paymentData", value: .string(Run.token)),
                    JSONMember(
                        key: "paymentMethod",
                        value: payload(#"{"displayName":"Visa 1111","network":"Visa","type":"debit"}"#)),
                ])),
            JSONMember(key: "total", value: payload(#"{"amount":"49.95","label":"Poq Shop"}"#)),
        ])
        XCTAssertEqual(run.replies.last, PageReply(name: "paymentauthorized", payload: expected))
        XCTAssertEqual(run.answers.count, 3, "the sheet waits for the page's answer")

        // The page took the payment: the sheet shows success and the checkout completes.
        await run.pageSends(
            "paymentcompleted", #"{"order":{"orderId":"WEB-7","total":"49.95","currency":"GBP"}}"#)
        XCTAssertEqual(
            run.answers.last, .authorization(WalletAuthorizationResult(status: .success), requestID: 4))
        XCTAssertEqual(run.state.walletSheet?.status, .authorized)
        XCTAssertNil(run.state.walletSheet?.authorization, "the token left the state once the page answered")
        XCTAssertEqual(run.state.web.applePay?.status, .completed)
        XCTAssertEqual(run.state.completedOrder?.orderID, "WEB-7")
        XCTAssertEqual(run.state.view, .completed)

        // The sheet closes: the page, which has its order, hears nothing more.
        await run.send(.sheetDismissed)
        XCTAssertEqual(
            run.replies.map(\.name),
            [
                "applepayenabled", "applepayshippingcontactchanged", "applepayshippingmethodchanged",
                "paymentauthorized",
            ])
        XCTAssertTrue(run.state.errors.isEmpty)
        XCTAssertTrue(run.state.web.rejections.isEmpty, "\(run.state.web.rejections)")
    }

    func testTheTokenNeverReachesTheLogAReplayOrAnalytics() async throws {
        let run = Run()
        await pricedForExpress(run)
        await run.send(.paymentAuthorized(Run.authorization(total: money("49.95")), requestID: 3))
        await run.pageSends("paymentcompleted", #"{"order":{"orderId":"WEB-7","total":"49.95","currency":"GBP"}}"#)
        await run.send(.sheetDismissed)
        XCTAssertTrue(run.page.evaluatedScripts.contains { $0.contains("eyJ2ZXJzaW9uIjoiRUNfdjEi") }, "the page got it")

        // The live actions, through the middleware an app records and measures with.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("webpay-\(UUID().uuidString).jsonl")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let initial = WebCheckoutBuilder(configuration: Run.configuration).makeState()
        let recorder = try ActionLog.ActionRecorder(
            path: path, initialState: initial, mode: .durable,
            configuration: ActionLogConfiguration(
                appVersion: "tests", schemaVersion: CheckoutLogSchema.version, fingerprintInterval: 1))
        let sink = RecordingSink()
        let reducer = CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
        let store = Store(
            reducer: reducer, state: initial,
            middleware: [CheckoutAnalyticsMiddleware(sink: sink).middleware, recorder.middleware],
            effectsEnabled: false)
        for action in run.actions.all { store.dispatch(action) }
        try recorder.close()
        XCTAssertEqual(store.state.completedOrder?.orderID, "WEB-7")

        let log = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(log.contains("paymentAuthorized"), "the authorisation is in the log")
        XCTAssertFalse(log.contains("eyJ2ZXJzaW9uIjoiRUNfdjEi"), "the token is not")
        // The token went to the page: add_payment_info says so, with the method, never the token.
        let paymentInfo = sink.events.filter { $0.name == "add_payment_info" }
        XCTAssertEqual(paymentInfo.map { $0.parameters["payment_type"] }, [.string("applepay")])
        XCTAssertEqual(paymentInfo.map { $0.parameters["payment_provider"] }, [.string("webpage")])
        XCTAssertEqual(sink.events.filter { $0.name == "purchase" }.count, 1)
        XCTAssertFalse("\(sink.events)".contains("eyJ2ZXJzaW9uIjoiRUNfdjEi"))
        XCTAssertFalse("\(sink.events)".contains("ada@example.com"))

        // The log replays, with no page and no sheet, to the state the live checkout reached.
        let replay = try Replayer(
            path: path, reducer: reducer, schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.steps.count, run.actions.all.count)
        XCTAssertGreaterThan(replay.fingerprintsChecked, replay.steps.count, "every step checked")
        XCTAssertEqual(
            try CanonicalEncoder.encode(replay.finalState).compactJSON,
            try CanonicalEncoder.encode(run.state).compactJSON)
        XCTAssertFalse(try CanonicalEncoder.encode(run.state).compactJSON.contains("eyJ2ZXJzaW9uIjoiRUNfdjEi"))
    }

    func testAPageThatDoesNotAnswerTheAuthorisationInTimeFailsTheSheetAndOffersARetry() async throws {
        let run = Run()
        await pricedForExpress(run)
        await run.send(.paymentAuthorized(Run.authorization(total: money("49.95")), requestID: 3))
        await run.clock.advance(by: .seconds(19))
        XCTAssertEqual(run.state.web.applePay?.status, .awaitingPage, "within the sheet's time")
        XCTAssertEqual(run.answers.count, 2)

        await run.clock.advance(by: .seconds(1))
        XCTAssertEqual(
            run.answers.last,
            .authorization(WalletAuthorizationResult(status: .failure, errors: [.pageTimedOut]), requestID: 3))
        XCTAssertEqual(run.state.walletSheet?.status, .open, "the shopper may authorise again or cancel")
        XCTAssertNil(run.state.walletSheet?.authorization)
        XCTAssertEqual(run.state.web.applePay?.status, .sheetOpen)
        let error = try XCTUnwrap(run.state.errors.last)
        XCTAssertEqual(error.kind, .applePayNotConfirmed)
        XCTAssertEqual(error.retry, .applePay)

        // The shopper closes the sheet: the page hears it, and the error's retry presents it again.
        await run.send(.sheetDismissed)
        XCTAssertEqual(
            run.replies.last, PageReply(name: "applepaycancelled", payload: payload(#"{"reason":"dismissed"}"#)))
        XCTAssertEqual(run.state.web.applePay?.status, .closed)
        await run.store.send(.common(.retryTapped(errorID: error.id)))
        XCTAssertEqual(run.state.web.applePay?.status, .sheetOpen)
        XCTAssertEqual(run.state.web.applePay?.sheetSession, 2)
        XCTAssertEqual(run.state.walletSheet?.session, 2)
        XCTAssertEqual(run.state.walletSheet?.status, .open)
        XCTAssertEqual(
            run.state.walletSheet?.summaryItems,
            Run.summary([("Subtotal", "42"), ("Standard", "3.95")], total: "45.95"),
            "the page's request as it asked")
        XCTAssertTrue(run.state.errors.isEmpty)

        // The page's late answer completes the order; closing the sheet then tells it nothing.
        let scripts = run.page.evaluatedScripts.count
        await run.pageSends("paymentcompleted", #"{"order":{"orderId":"WEB-8","total":"49.95"}}"#)
        XCTAssertEqual(run.state.completedOrder?.orderID, "WEB-8")
        XCTAssertEqual(run.state.web.applePay?.status, .completed)
        await run.send(.sheetDismissed)
        XCTAssertEqual(run.page.evaluatedScripts.count, scripts)
        XCTAssertEqual(run.store.inFlightEffectIDs, [], "no timer left")
    }

    func testAShippingChangeThePageDoesNotPriceInTimeKeepsTheSheetsTotals() async throws {
        let run = Run()
        await opened(run)
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        let contactID = try XCTUnwrap(run.requestID(of: "applepayshippingcontactchanged"))
        await run.clock.advance(by: .seconds(20))
        let shown = Run.summary([("Subtotal", "42"), ("Standard", "3.95")], total: "45.95")
        let methods = try XCTUnwrap(run.state.walletSheet?.shippingMethods)
        XCTAssertEqual(
            run.answers.last,
            .shippingContact(
                WalletShippingContactUpdate(errors: [.updateTimedOut], summaryItems: shown, shippingMethods: methods),
                requestID: 1))
        // Its late answer changes nothing but the record of what the page sent.
        let before = run.state
        await run.pageSends("applepayupdate", Run.update(contactID, total: "51.95", method: ("Intl", "9.95")))
        XCTAssertEqual(run.state.walletSheet, before.walletSheet)
        XCTAssertEqual(
            run.state.web.rejections.last,
            .invalidField(
                event: "applepayupdate", field: "data.requestId",
                reason: "no shipping change \(contactID) awaits an answer"))
        XCTAssertEqual(run.answers.count, 1)
    }

    func testThePagesErrorFailsTheSheetShowsTheMessageAndTheShopperMayTryAgain() async throws {
        let run = Run()
        await pricedForExpress(run)
        await run.send(.paymentAuthorized(Run.authorization(total: money("49.95")), requestID: 3))
        let first = try XCTUnwrap(run.requestID(of: "paymentauthorized"))
        await run.pageSends("error", #"{"errorMessage":"Your bank declined the payment."}"#)
        XCTAssertEqual(
            run.answers.last,
            .authorization(
                WalletAuthorizationResult(
                    status: .failure, errors: [.pageError(message: "Your bank declined the payment.")]),
                requestID: 3))
        XCTAssertEqual(run.state.errors.last?.kind, .page("Your bank declined the payment."))
        XCTAssertEqual(run.state.walletSheet?.status, .open)
        XCTAssertEqual(run.state.web.applePay?.status, .sheetOpen)

        await run.send(.paymentAuthorized(Run.authorization(total: money("49.95")), requestID: 4))
        let second = try XCTUnwrap(run.requestID(of: "paymentauthorized"))
        XCTAssertNotEqual(first, second, "each authorisation is its own request")
        await run.pageSends("paymentcompleted", #"{"order":{"orderId":"WEB-9","total":49.95,"currency":"GBP"}}"#)
        XCTAssertEqual(run.answers.last, .authorization(WalletAuthorizationResult(status: .success), requestID: 4))
        XCTAssertTrue(run.state.errors.isEmpty, "the page's error is gone from the thank-you view")
    }

    func testThePagesErrorWhileAShippingChangeWaitsAnswersTheSheetAtOnce() async throws {
        let run = Run()
        await opened(run)
        let shown = try XCTUnwrap(run.state.walletSheet?.summaryItems)
        await run.send(.shippingMethodSelected(id: "express", requestID: 1))
        await run.pageSends("error", #"{"errorMessage":"Express is sold out today."}"#)
        XCTAssertEqual(
            run.answers.last,
            .shippingMethod(
                WalletSummaryUpdate(errors: [.pageError(message: "Express is sold out today.")], summaryItems: shown),
                requestID: 1))
        XCTAssertEqual(run.state.errors.last?.kind, .page("Express is sold out today."))
        XCTAssertNil(run.state.web.applePay?.awaitedRequestID)
        XCTAssertEqual(run.state.web.applePay?.status, .sheetOpen)
        XCTAssertEqual(run.store.inFlightEffectIDs, [], "the change's timer is gone")
    }

    func testAnAuthorisationOfAnotherTotalOrWithoutWhatThePageNeedsNeverReachesThePage() async throws {
        let run = Run()
        await pricedForExpress(run)
        let replies = run.replies.count
        await run.send(.paymentAuthorized(Run.authorization(total: money("45.95")), requestID: 3))
        XCTAssertEqual(
            run.answers.last,
            .authorization(
                WalletAuthorizationResult(
                    status: .failure, errors: [.totalChanged(shown: money("45.95"), current: money("49.95"))]),
                requestID: 3))
        await run.send(.paymentAuthorized(Run.authorization(total: money("49.95"), phone: nil), requestID: 4))
        XCTAssertEqual(
            run.answers.last,
            .authorization(
                WalletAuthorizationResult(
                    status: .failure,
                    errors: [.contactInvalid(field: .phoneNumber, message: "a phone number is required")]),
                requestID: 4))
        var unknownMethod = Run.authorization(total: money("49.95"))
        unknownMethod.shippingMethodID = "drone"
        await run.send(.paymentAuthorized(unknownMethod, requestID: 5))
        XCTAssertEqual(
            run.answers.last,
            .authorization(
                WalletAuthorizationResult(status: .failure, errors: [.unknownShippingMethod(id: "drone")]), requestID: 5
            ))
        XCTAssertEqual(run.replies.count, replies, "the page heard nothing")
        XCTAssertEqual(run.state.web.applePay?.status, .sheetOpen)
    }

    func testRequestsTheAppCannotTakeAreAnsweredWithTheReasonAndChangeNothing() async throws {
        let unavailable = Run(configuration: WebCheckoutConfiguration(isApplePayAvailable: false))
        await unavailable.start()
        let before = unavailable.state
        await unavailable.pageSends("applepaypayment", Run.request)
        XCTAssertEqual(unavailable.state, before)
        XCTAssertEqual(
            unavailable.replies, [PageReply(name: "applepaycancelled", payload: payload(#"{"reason":"unavailable"}"#))])

        let run = Run()
        await opened(run)
        let open = run.state
        await run.pageSends("applepaypayment", Run.request)
        XCTAssertEqual(run.state, open, "one sheet at a time")
        XCTAssertEqual(
            run.replies.last, PageReply(name: "applepaycancelled", payload: payload(#"{"reason":"inProgress"}"#)))
        await run.send(.sheetPresented(providerID: "sandbox", merchantName: "Other"))
        XCTAssertEqual(run.state, open, "the host cannot replace the page's sheet")
        await run.pageSends("paymentcompleted", #"{"order":{"orderId":"WEB-1","total":"45.95"}}"#)
        await run.send(.sheetDismissed)
        let finished = run.state
        await run.pageSends("applepaypayment", Run.request)
        XCTAssertEqual(run.state, finished)
        XCTAssertEqual(
            run.replies.last, PageReply(name: "applepaycancelled", payload: payload(#"{"reason":"finished"}"#)))
    }

    func testAFormsModePageTakesTheSameApplePayPath() async throws {
        let run = Run(mode: .forms)
        await run.start()
        await run.pageSends("applepaypayment", Run.request)
        XCTAssertEqual(run.state.web.applePay?.status, .sheetOpen)
        await run.send(.shippingMethodSelected(id: "express", requestID: 1))
        let methodID = try XCTUnwrap(run.requestID(of: "applepayshippingmethodchanged"))
        await run.pageSends("applepayupdate", Run.update(methodID, total: "49.95", method: ("Express", "7.95")))
        await run.send(.paymentAuthorized(Run.authorization(total: money("49.95")), requestID: 2))
        XCTAssertEqual(run.requestID(of: "paymentauthorized").map { $0 > methodID }, true)
        await run.pageSends("paymentcompleted", #"{"order":{"orderId":"FORMS-1","total":"49.95","currency":"GBP"}}"#)
        XCTAssertEqual(run.answers.last, .authorization(WalletAuthorizationResult(status: .success), requestID: 2))
        XCTAssertEqual(run.state.completedOrder?.orderID, "FORMS-1")
        XCTAssertTrue(run.state.web.rejections.isEmpty, "\(run.state.web.rejections)")
        let submitted = run.actions.all.filter {
            if case .bridge(.formSubmitted) = $0 { return true } else { return false }
        }
        XCTAssertEqual(submitted.count, 3, "every page message was a Forms submission")
    }
}
