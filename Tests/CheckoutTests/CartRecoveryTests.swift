import Checkout
import StateStore
import XCTest

/// The rules that protect the user's money and progress: 410 rebuilds, 409 refreshes and takes no
/// payment.
final class CartRecoveryTests: XCTestCase {
    func testExpiredCartOnAnEditIsRebuiltFromTheUsersProgress() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.api.expireCart()

        await harness.send(.native(.shippingMethodSelected(id: "express")))

        let calls = await harness.api.receivedCalls
        let progress = CheckoutProgress(
            expiredCartID: "cart-1", email: "ada@example.com", shippingContact: Fixtures.home,
            billingContact: Fixtures.home, shippingMethodID: "express")
        XCTAssertEqual(
            calls.suffix(2), [.updateShippingMethod(id: "express", cartID: "cart-1"), .restoreCheckout(progress)])
        XCTAssertEqual(harness.state.cart?.id, "cart-2")
        XCTAssertEqual(harness.state.email, "ada@example.com")
        XCTAssertEqual(harness.state.shippingContact, Fixtures.home)
        XCTAssertEqual(harness.state.selectedShippingMethodID, "express")
        XCTAssertEqual(harness.state.native.currentSection, .payment)
        XCTAssertEqual(harness.state.errors.map(\.kind), [.cartExpired])
        XCTAssertTrue(harness.state.native.isInSync)
    }

    func testEditsQueuedBehindAnExpiredOneAreKeptInTheRebuild() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.api.expireCart()
        // Two edits dispatched back to back: the second is queued while the first meets the 410.
        harness.store.dispatch(.native(.shippingMethodSelected(id: "express")))
        harness.store.dispatch(.native(.editBillingContactTapped))
        harness.store.dispatch(.native(.addressFormSubmitted(Fixtures.work)))
        await harness.store.waitForEffects()
        XCTAssertEqual(harness.state.cart?.id, "cart-2")
        XCTAssertEqual(harness.state.billingContact, Fixtures.work)
        XCTAssertEqual(harness.state.selectedShippingMethodID, "express")
        let backend = await harness.api.currentDetails
        XCTAssertEqual(backend.billingContact, Fixtures.work)
        XCTAssertEqual(backend.selectedShippingMethodID, "express")
    }

    func testExpiredCartOnPayIsRebuiltAndNoPaymentStarts() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.api.expireCart()
        await harness.send(.payment(.payTapped))
        XCTAssertEqual(harness.state.payment.phase, .idle)
        XCTAssertEqual(harness.state.cart?.id, "cart-2")
        XCTAssertEqual(harness.state.errors.map(\.kind), [.cartExpired])
        let prepared = await harness.provider.preparedRequests
        XCTAssertTrue(prepared.isEmpty)

        // The user carries on as if nothing happened.
        await harness.send(.payment(.payTapped))
        XCTAssertEqual(harness.state.payment.phase, .presenting)
        XCTAssertEqual(harness.state.payment.intent?.cartID, "cart-2")
    }

    func testConflictOnPayFetchesTheNewCartShowsAnErrorAndTakesNoPayment() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        XCTAssertEqual(harness.state.displayedTotal, money("45.95"))
        await harness.api.changePrice(productID: "cap-grey", to: 20)

        await harness.send(.payment(.payTapped))

        XCTAssertEqual(harness.state.payment.phase, .idle)
        XCTAssertEqual(harness.state.displayedTotal, money("47.95"))
        XCTAssertEqual(harness.state.errors.map(\.kind), [.cartChanged])
        let prepared = await harness.provider.preparedRequests
        XCTAssertTrue(prepared.isEmpty, "no provider may be asked for money after a 409")
        let calls = await harness.api.receivedCalls
        XCTAssertEqual(calls.last, .fetchCheckout)
    }

    func testAfterAConflictThePaymentAsksForTheNewTotalShown() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.api.changePrice(productID: "cap-grey", to: 20)
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.payTapped))
        let prepared = await harness.provider.preparedRequests
        XCTAssertEqual(prepared.map(\.amount), [money("47.95")])
        XCTAssertEqual(prepared.map(\.minorUnits), [4795])
    }

    func testConflictOnAnEditRefreshesAndResendsTheEdit() async {
        let harness = Harness()
        await harness.start()
        await harness.api.failNextCalls(with: .conflict(message: nil))
        await harness.send(.native(.emailSubmitted("ada@example.com")))
        XCTAssertEqual(harness.state.errors.map(\.kind), [.cartChanged])
        XCTAssertTrue(harness.state.native.isInSync)
        let backend = await harness.api.currentDetails
        XCTAssertEqual(backend.email, "ada@example.com")
    }

    func testServerErrorOnPayIsATypedErrorWithRetry() async throws {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.api.failNextCalls(with: .server(status: 502, message: nil))
        await harness.send(.payment(.payTapped))
        guard case .failed(let failure) = harness.state.payment.phase else {
            return XCTFail("expected failed, got \(harness.state.payment.phase)")
        }
        XCTAssertEqual(failure.kind, .api)
        let error = try XCTUnwrap(harness.state.errors.last)
        XCTAssertEqual(error.kind, .request(.server(status: 502, message: nil)))
        XCTAssertEqual(error.retry, .payment)
        await harness.send(.common(.retryTapped(errorID: error.id)))
        XCTAssertEqual(harness.state.payment.phase, .presenting)
    }

    func testFailedRebuildKeepsProgressAndOffersRetry() async throws {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.api.expireCart()
        await harness.api.failNextCalls(with: .network("offline"))
        // The edit meets the injected network failure first; expire again so the retry meets a 410.
        await harness.send(.native(.shippingMethodSelected(id: "express")))
        XCTAssertEqual(harness.state.native.syncFailure, .network("offline"))
        let resend = try XCTUnwrap(harness.state.errors.last)
        await harness.api.failNextCalls(with: .cartExpired)
        await harness.api.failNextCalls(with: .timeout)
        await harness.send(.common(.retryTapped(errorID: resend.id)))
        XCTAssertEqual(harness.state.selectedShippingMethodID, "express")
        let restore = try XCTUnwrap(harness.state.errors.last)
        XCTAssertEqual(restore.retry, .restore)
        await harness.send(.common(.retryTapped(errorID: restore.id)))
        XCTAssertEqual(harness.state.cart?.id, "cart-2")
        XCTAssertEqual(harness.state.selectedShippingMethodID, "express")
    }
}
