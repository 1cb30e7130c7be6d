import Checkout
import CheckoutSandbox
import StateStore
import StateStoreTesting
import XCTest

/// The wallet sheet while it is open, driven callback by callback on a test store whose clock
/// runs the sheet's timer: each answer the sheet receives is checked.
final class WalletSheetTests: XCTestCase {
    private typealias Run = WalletSheetRun

    private func contactAnswer(
        _ requestID: Int, _ summary: [WalletSummaryItem], _ methods: [ShippingMethod],
        errors: [WalletSheetError] = []
    ) -> WalletSheetAnswer {
        .shippingContact(
            WalletShippingContactUpdate(errors: errors, summaryItems: summary, shippingMethods: methods),
            requestID: requestID)
    }

    private func methodAnswer(
        _ requestID: Int, _ summary: [WalletSummaryItem], errors: [WalletSheetError] = []
    ) -> WalletSheetAnswer {
        .shippingMethod(WalletSummaryUpdate(errors: errors, summaryItems: summary), requestID: requestID)
    }

    private func authorizationAnswer(
        _ requestID: Int, _ status: WalletAuthorizationResult.Status, _ errors: [WalletSheetError] = []
    ) -> WalletSheetAnswer {
        .authorization(WalletAuthorizationResult(status: status, errors: errors), requestID: requestID)
    }

    private let paris = Run.summary((Run.international.name, "9.95"), total: "51.95")
    private let londonStandard = Run.summary((Run.standard.name, "3.95"), total: "45.95")
    private let londonExpress = Run.summary((Run.express.name, "7.95"), total: "49.95")

    func testContactAndMethodChangesUpdateTheSheetBeforeAuthorisationThenTheShownTotalIsPaid() async throws {
        let run = Run()
        await run.open()
        XCTAssertEqual(run.walletSheet?.status, .open)
        XCTAssertEqual(run.walletSheet?.summaryItems, Run.summary(nil, total: "42"), "the cart before shipping")

        await run.send(.shippingContactSelected(Run.paris, requestID: 1))
        await run.send(.shippingContactSelected(Run.london, requestID: 2))
        await run.send(.shippingMethodSelected(id: "express", requestID: 3))
        await run.send(.paymentMethodSelected(WalletPaymentMethod(network: "Visa", kind: .credit), requestID: 4))
        await run.send(.paymentAuthorized(Run.authorization(total: money("49.95")), requestID: 5))

        XCTAssertEqual(
            run.answers,
            [
                contactAnswer(1, paris, [Run.international]),
                contactAnswer(2, londonStandard, [Run.standard, Run.express]),
                methodAnswer(3, londonExpress),
                .paymentMethod(WalletSummaryUpdate(errors: [], summaryItems: londonExpress), requestID: 4),
                authorizationAnswer(5, .success),
            ])
        XCTAssertEqual(run.state.completedOrder?.total, money("49.95"))
        XCTAssertEqual(run.walletSheet?.status, .authorized)
        XCTAssertTrue(AddressMatcher.matches(run.state.shippingContact, Fixtures.home), "the full address was set")
        let calls = await run.api.sandbox.receivedCalls
        XCTAssertEqual(
            Array(calls.prefix(6)),
            [
                .fetchCheckout, .updateShippingEstimate(Run.paris, cartID: "cart-1"),
                .updateShippingMethod(id: "international", cartID: "cart-1"),
                .updateShippingEstimate(Run.london, cartID: "cart-1"),
                .updateShippingMethod(id: "standard", cartID: "cart-1"),
                .updateShippingMethod(id: "express", cartID: "cart-1"),
            ])
        XCTAssertTrue(calls.contains(.updateShippingContact(cartID: "cart-1")), "validated after authorisation")
        XCTAssertTrue(calls.contains(.startPayment(cartID: "cart-1", expectedAmount: money("49.95"))), "\(calls)")
        // The payment of the shown total went through, then the order was placed for it.
        let placements = calls.compactMap { call -> Money? in
            if case .placeOrder(_, _, let amount, _, _) = call { return amount } else { return nil }
        }
        XCTAssertEqual(placements, [money("49.95")])
        let prepared = await run.provider.receivedCalls.compactMap { call -> Money? in
            if case .prepare(let request) = call { return request.amount } else { return nil }
        }
        XCTAssertEqual(prepared, [money("49.95")])
    }

    func testAnUpdateNotReadyBeforeTheSheetsTimeoutIsAnsweredWithTheLastTotalsAndAnError() async throws {
        let run = Run()
        await run.open()
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        run.api.delayNextSheetCall(by: .seconds(25))
        await run.send(.shippingMethodSelected(id: "express", requestID: 2))
        XCTAssertEqual(run.answers.count, 1, "the backend has not answered")

        await run.clock.advance(by: .seconds(19))
        XCTAssertEqual(run.answers.count, 1, "still within the sheet's time")
        await run.clock.advance(by: .seconds(1))
        XCTAssertEqual(run.answers.last, methodAnswer(2, londonStandard, errors: [.updateTimedOut]))
        XCTAssertEqual(run.state.displayedTotal, money("45.95"))

        // The backend answers late: the checkout takes it (the backend holds it), the sheet hears
        // nothing more, and an authorisation of the total it shows pays nothing.
        await run.clock.advance(by: .seconds(5))
        XCTAssertEqual(run.state.displayedTotal, money("49.95"))
        XCTAssertEqual(run.answers.count, 2)
        await run.send(.paymentAuthorized(Run.authorization(total: money("45.95")), requestID: 3))
        XCTAssertEqual(
            run.answers.last,
            authorizationAnswer(3, .failure, [.totalChanged(shown: money("45.95"), current: money("49.95"))]))
        XCTAssertEqual(run.walletSheet?.status, .open, "the shopper may change something and try again")
        let calls = await run.provider.receivedCalls
        XCTAssertTrue(calls.isEmpty, "nothing reached the provider")
        XCTAssertNil(run.state.payment.amount)
    }

    func testANewerCallbackAnswersTheOlderAtOnceAndTheOlderIsNeverAnsweredAfterIt() async throws {
        let run = Run()
        await run.open()
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        run.api.delayNextSheetCall(by: .seconds(3))
        await run.send(.shippingMethodSelected(id: "express", requestID: 2))
        await run.send(.shippingContactSelected(Run.paris, requestID: 3))
        XCTAssertEqual(run.answers.last, methodAnswer(2, londonStandard), "replaced: the totals it shows")
        await run.clock.advance(by: .seconds(3))
        XCTAssertEqual(run.answers.map(\.requestID), [1, 2, 3])
        XCTAssertEqual(run.answers.last, contactAnswer(3, paris, [Run.international]))
        XCTAssertEqual(run.state.selectedShippingMethodID, "international")
        await run.store.finish()
    }

    func testCallbacksOutOfOrderOrDuringAnAuthorisationAreRecordedNotAnswered() async throws {
        let run = Run()
        await run.open()
        await run.send(.shippingContactSelected(Run.london, requestID: 5))
        await run.send(.shippingContactSelected(Run.paris, requestID: 5))
        await run.send(.shippingMethodSelected(id: "express", requestID: 4))
        XCTAssertEqual(run.answers.map(\.requestID), [5])
        XCTAssertEqual(
            run.walletSheet?.lastIgnored,
            WalletSheetIgnoredRequest(requestID: 4, reason: .requestOutOfOrder(requestID: 4, lastRequestID: 5)))

        let provider = run.provider
        await provider.setBehaviour(.pending)
        await run.send(.paymentAuthorized(Run.authorization(total: money("45.95"), methodID: nil), requestID: 6))
        XCTAssertEqual(run.answers.last, authorizationAnswer(6, .success), "awaiting confirmation counts as paid")
        await run.send(.paymentAuthorized(Run.authorization(total: money("45.95"), methodID: nil), requestID: 7))
        XCTAssertEqual(run.answers.last, authorizationAnswer(7, .failure, [.alreadyAuthorized]))
        let submits = await provider.receivedCalls.filter { if case .submit = $0 { true } else { false } }
        XCTAssertEqual(submits.count, 1, "one payment")
    }

    func testASecondAuthorisationWhileTheFirstIsProcessedIsNotAnsweredAndNotPaid() async throws {
        let run = Run()
        await run.open()
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        run.api.delayNextPaymentStart(by: .seconds(5))
        await run.send(.paymentAuthorized(Run.authorization(total: money("45.95"), methodID: nil), requestID: 2))
        XCTAssertEqual(run.state.payment.phase, .preparing, "the backend is starting the payment")
        await run.send(.paymentAuthorized(Run.authorization(total: money("45.95"), methodID: nil), requestID: 3))
        await run.send(.shippingContactSelected(Run.paris, requestID: 4))
        XCTAssertEqual(
            run.walletSheet?.lastIgnored, WalletSheetIgnoredRequest(requestID: 4, reason: .authorizationInProgress))
        XCTAssertEqual(run.answers.map(\.requestID), [1])
        await run.clock.advance(by: .seconds(5))
        XCTAssertEqual(run.answers.map(\.requestID), [1, 2], "3 and 4 are never answered after 2")
        XCTAssertEqual(run.answers.last, authorizationAnswer(2, .success))
        XCTAssertEqual(run.state.payment.attempt, 1)
        let submits = await run.provider.receivedCalls.filter { if case .submit = $0 { true } else { false } }
        XCTAssertEqual(submits.count, 1, "one payment")
    }

    func testAMethodTheSheetWasNeverOfferedIsRefusedWithoutCallingTheBackend() async throws {
        let run = Run()
        await run.open()
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        await run.send(.shippingMethodSelected(id: "international", requestID: 2))
        XCTAssertEqual(
            run.answers.last, methodAnswer(2, londonStandard, errors: [.unknownShippingMethod(id: "international")]))
        let calls = await run.api.sandbox.receivedCalls
        XCTAssertFalse(calls.contains(.updateShippingMethod(id: "international", cartID: "cart-1")))
    }

    func testBackendAnswersThatDisagreeAreNotShownAndNotTaken() async throws {
        let run = Run()
        await run.open()
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        let before = run.state.cart
        run.api.rewriteNextSheetAnswer { details in
            var wrong = details
            wrong.cart.totals.total -= 10  // the total no longer adds up
            return wrong
        }
        await run.send(.shippingMethodSelected(id: "express", requestID: 2))
        run.api.rewriteNextSheetAnswer { details in
            var wrong = details
            wrong.selectedShippingMethodID = "standard"  // another method than the one asked for
            return wrong
        }
        await run.send(.shippingMethodSelected(id: "express", requestID: 3))
        run.api.rewriteNextSheetAnswer { details in
            var wrong = details
            wrong.cart.currencyCode = "EUR"
            return wrong
        }
        await run.send(.shippingMethodSelected(id: "express", requestID: 4))
        XCTAssertEqual(
            run.answers.dropFirst().map(\.errors),
            [
                [.inconsistentUpdate(detail: "the total 39.95 is not subtotal + shipping - discount (49.95)")],
                [.inconsistentUpdate(detail: "the shipping method standard is selected, not express")],
                [.inconsistentUpdate(detail: "the cart is in EUR, the sheet in GBP")],
            ])
        XCTAssertEqual(run.answers.dropFirst().map { $0.summary?.total }, Array(repeating: money("45.95"), count: 3))
        XCTAssertEqual(run.state.cart, before, "the checkout kept what it had")
    }

    func testAFailedUpdateIsAnsweredWithTheLastTotalsAndAnExpiredCartIsRebuilt() async throws {
        let run = Run()
        await run.open()
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        await run.api.sandbox.failNextCalls(with: .server(status: 503, message: nil))
        await run.send(.shippingMethodSelected(id: "express", requestID: 2))
        XCTAssertEqual(
            run.answers.last,
            methodAnswer(2, londonStandard, errors: [.updateFailed(.server(status: 503, message: nil))]))
        await run.api.sandbox.expireCart()
        await run.send(.shippingMethodSelected(id: "express", requestID: 3))
        XCTAssertEqual(run.answers.last, methodAnswer(3, londonStandard, errors: [.updateFailed(.cartExpired)]))
        XCTAssertEqual(run.state.cart?.id, "cart-2", "rebuilt by the 410 rule")
        await run.send(.shippingContactSelected(Run.london, requestID: 4))
        XCTAssertEqual(run.answers.last?.errors, [])
    }

    func testAContactWithoutACountryOrThatCannotBeServedIsAFieldError() async throws {
        let run = Run()
        await run.open()
        await run.send(
            .shippingContactSelected(PartialAddress(city: "London", postcode: "", countryCode: ""), requestID: 1))
        XCTAssertEqual(
            run.answers.last,
            contactAnswer(
                1, Run.summary(nil, total: "42"), [],
                errors: [.shippingAddressInvalid(field: .countryCode, message: "a country is required")]))
        run.api.rewriteNextSheetAnswer { details in
            var none = details
            none.shippingMethods = []
            none.selectedShippingMethodID = nil
            return none
        }
        await run.send(.shippingContactSelected(Run.london, requestID: 2))
        XCTAssertEqual(
            run.answers.last?.errors, [.shippingAddressUnserviceable(message: "there is no delivery to this address")])
    }

    func testAnInvalidFullAddressIsAFieldErrorAndACorrectedOneIsPaid() async throws {
        let run = Run()
        await run.open()
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        var missing = Fixtures.home
        missing.postcode = " "
        await run.send(
            .paymentAuthorized(Run.authorization(total: money("45.95"), address: missing, methodID: nil), requestID: 2))
        XCTAssertEqual(
            run.answers.last,
            authorizationAnswer(2, .failure, [.shippingAddressInvalid(field: .postcode, message: "required")]))
        XCTAssertEqual(run.walletSheet?.refusal, .invalidInput(field: "postcode", reason: "required"))
        XCTAssertEqual(run.walletSheet?.status, .open)
        await run.send(.paymentAuthorized(Run.authorization(total: money("45.95"), methodID: nil), requestID: 3))
        XCTAssertEqual(run.answers.last, authorizationAnswer(3, .success))
        XCTAssertEqual(run.state.completedOrder?.total, money("45.95"))
    }

    func testABackendFailureDuringTheDataStepsIsNotBlamedOnTheShopperAndTheNextAuthorisationRetriesIt() async throws {
        let run = Run()
        await run.open()
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        await run.api.sandbox.failNextCalls(with: .server(status: 500, message: nil))
        await run.send(.paymentAuthorized(Run.authorization(total: money("45.95"), methodID: nil), requestID: 2))
        XCTAssertEqual(
            run.answers.last, authorizationAnswer(2, .failure, [.updateFailed(.server(status: 500, message: nil))]))
        XCTAssertEqual(run.state.native.syncFailure, .server(status: 500, message: nil))
        await run.send(.paymentAuthorized(Run.authorization(total: money("45.95"), methodID: nil), requestID: 3))
        XCTAssertEqual(run.answers.last, authorizationAnswer(3, .success))
        XCTAssertEqual(run.state.email, "ada@example.com")
        XCTAssertEqual(run.state.completedOrder?.total, money("45.95"))
    }

    func testAnAuthorisationOfAnotherTotalThanTheSheetShowsIsRefusedAtOnce() async throws {
        let run = Run()
        await run.open()
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        await run.send(.paymentAuthorized(Run.authorization(total: money("42"), methodID: nil), requestID: 2))
        XCTAssertEqual(
            run.answers.last,
            authorizationAnswer(2, .failure, [.totalChanged(shown: money("42"), current: money("45.95"))]))
        XCTAssertNil(run.state.email, "nothing of the wallet's data was applied")
    }

    func testADeclineKeepsTheSheetOpenAndAnotherCardPaysOnce() async throws {
        let run = Run(provider: SandboxPaymentProvider(behaviour: .decline(reason: "Insufficient funds")))
        await run.open()
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        await run.send(.paymentAuthorized(Run.authorization(total: money("45.95"), methodID: nil), requestID: 2))
        XCTAssertEqual(
            run.answers.last, authorizationAnswer(2, .failure, [.paymentDeclined(reason: "Insufficient funds")]))
        XCTAssertEqual(run.state.payment.phase, .cancelled, "the provider's session was let go")
        await run.provider.setBehaviour(.approve)
        await run.send(.paymentAuthorized(Run.authorization(total: money("45.95"), methodID: nil), requestID: 3))
        XCTAssertEqual(run.answers.last, authorizationAnswer(3, .success))
        XCTAssertEqual(run.state.payment.attempt, 2)
    }

    func testASheetTheEngineRefusesAnswersEveryCallbackWithTheReason() async throws {
        let run = Run()
        await run.open(providerID: "nope")
        XCTAssertEqual(run.walletSheet?.status, .refused(.unknownProvider(id: "nope")))
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        await run.send(.paymentAuthorized(Run.authorization(total: money("42")), requestID: 2))
        XCTAssertEqual(run.answers.map(\.errors), [[.unknownProvider(id: "nope")], [.unknownProvider(id: "nope")]])
        let calls = await run.api.sandbox.receivedCalls
        XCTAssertEqual(calls, [.fetchCheckout])
    }

    func testDismissingTheSheetEndsItAndLaterCallbacksAreTold() async throws {
        let run = Run()
        await run.open()
        run.api.delayNextSheetCall(by: .seconds(2))
        await run.send(.shippingContactSelected(Run.london, requestID: 1))
        await run.send(.sheetDismissed)
        await run.clock.advance(by: .seconds(30))
        XCTAssertEqual(run.answers, [], "a closed sheet is not answered")
        XCTAssertEqual(
            run.state.shippingMethods.map(\.id), ["standard", "express"], "the backend's late answer still shows")
        XCTAssertNil(run.state.selectedShippingMethodID, "and nothing more is done for the sheet")
        await run.send(.shippingMethodSelected(id: "express", requestID: 2))
        XCTAssertEqual(run.answers.last?.errors, [.sheetClosed])
        await run.store.finish()
    }
}

extension WalletSheetAnswer {
    /// The summary an update answer carries.
    fileprivate var summary: [WalletSummaryItem]? {
        switch self {
        case .shippingContact(let update, _): return update.summaryItems
        case .shippingMethod(let update, _), .paymentMethod(let update, _): return update.summaryItems
        case .authorization: return nil
        }
    }
}
