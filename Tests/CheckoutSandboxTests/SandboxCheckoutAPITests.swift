import Checkout
import CheckoutSandbox
import XCTest

/// The sandbox backend's rules, called directly.
final class SandboxCheckoutAPITests: XCTestCase {
    func testShippingMethodsFollowTheShippingCountry() async throws {
        let api = SandboxCheckoutAPI()
        let empty = try await api.fetchCheckout()
        XCTAssertEqual(empty.shippingMethods, [])
        let gb = try await api.updateShippingContact(Fixtures.home, cartID: "cart-1")
        XCTAssertEqual(gb.shippingMethods.map(\.id), ["standard", "express"])
        XCTAssertEqual(gb.shippingMethods.map(\.price), [money("3.95"), money("7.95")])
        let us = try await api.updateShippingContact(Fixtures.work, cartID: "cart-1")
        XCTAssertEqual(us.shippingMethods.map(\.price), [money("6"), money("15")])
        let fr = try await api.updateShippingContact(Fixtures.paris, cartID: "cart-1")
        XCTAssertEqual(
            fr.shippingMethods, [ShippingMethod(id: "international", name: "International (EU)", price: money("9.95"))])
        var tokyo = Fixtures.paris
        tokyo.countryCode = "JP"
        let jp = try await api.updateShippingContact(tokyo, cartID: "cart-1")
        XCTAssertEqual(jp.shippingMethods.map(\.price), [money("19.95")])
    }

    func testAWalletSheetsEstimatePricesShippingByItsCountryUntilAContactReplacesIt() async throws {
        let api = SandboxCheckoutAPI()
        _ = try await api.updateShippingContact(Fixtures.home, cartID: "cart-1")
        _ = try await api.updateShippingMethod(id: "express", cartID: "cart-1")
        let paris = PartialAddress(city: "Paris", postcode: "75001", countryCode: "fr")
        let estimated = try await api.updateShippingEstimate(paris, cartID: "cart-1")
        XCTAssertEqual(estimated.shippingMethods.map(\.id), ["international"], "the estimate wins over the contact")
        XCTAssertNil(estimated.selectedShippingMethodID, "express is not offered in France")
        XCTAssertEqual(estimated.shippingContact, Fixtures.home, "the contact is kept")
        _ = try await api.updateShippingMethod(id: "international", cartID: "cart-1")
        let contact = try await api.updateShippingContact(Fixtures.home, cartID: "cart-1")
        XCTAssertEqual(contact.shippingMethods.map(\.id), ["standard", "express"], "a contact replaces the estimate")
        let calls = await api.receivedCalls
        XCTAssertTrue(calls.contains(.updateShippingEstimate(paris, cartID: "cart-1")))
    }

    func testAnEstimateWithoutACountryIsRefused() async throws {
        let api = SandboxCheckoutAPI()
        do throws(CheckoutAPIError) {
            _ = try await api.updateShippingEstimate(
                PartialAddress(city: "London", postcode: "SW1A", countryCode: "G"), cartID: "cart-1")
            XCTFail("expected a 422")
        } catch {
            XCTAssertEqual(error, .client(status: 422, message: "countryCode is required"))
        }
        do throws(CheckoutAPIError) {
            _ = try await api.updateShippingEstimate(
                PartialAddress(city: "London", postcode: "SW1A", countryCode: "GB"), cartID: "cart-9")
            XCTFail("expected a 409")
        } catch {
            XCTAssertEqual(error, .conflict(message: "cart cart-9 is not the current cart"))
        }
    }

    func testTotalsAddShippingAndTakeOffTheDiscount() async throws {
        let api = SandboxCheckoutAPI(discount: 2)
        _ = try await api.updateShippingContact(Fixtures.home, cartID: "cart-1")
        let details = try await api.updateShippingMethod(id: "express", cartID: "cart-1")
        XCTAssertEqual(
            details.cart.totals,
            CartTotals(subtotal: 42, shipping: decimal("7.95"), discount: 2, total: decimal("47.95")))
    }

    func testStandardShippingIsFreeInGBFromFifty() async throws {
        let api = SandboxCheckoutAPI()
        await api.changePrice(productID: "cap-grey", to: 26)
        _ = try await api.updateShippingContact(Fixtures.home, cartID: "cart-1")
        let details = try await api.updateShippingMethod(id: "standard", cartID: "cart-1")
        XCTAssertEqual(details.cart.totals.shipping, 0)
        XCTAssertEqual(details.cart.total, money("50"))
    }

    func testChangingCountryClearsAMethodNoLongerOffered() async throws {
        let api = SandboxCheckoutAPI()
        _ = try await api.updateShippingContact(Fixtures.home, cartID: "cart-1")
        _ = try await api.updateShippingMethod(id: "express", cartID: "cart-1")
        let details = try await api.updateShippingContact(Fixtures.paris, cartID: "cart-1")
        XCTAssertNil(details.selectedShippingMethodID)
        XCTAssertEqual(details.cart.totals.shipping, 0)
    }

    func testInvalidInputIsA422() async {
        let api = SandboxCheckoutAPI()
        await assertAPIError(.client(status: 422, message: "email is not valid")) {
            _ = try await api.updateEmail("nope", cartID: "cart-1")
        }
        var incomplete = Fixtures.home
        incomplete.city = ""
        await assertAPIError(.client(status: 422, message: "city is required")) {
            _ = try await api.updateShippingContact(incomplete, cartID: "cart-1")
        }
        await assertAPIError(.client(status: 422, message: "shipping method express is not offered")) {
            _ = try await api.updateShippingMethod(id: "express", cartID: "cart-1")
        }
    }

    func testExpiredCartAnswers410UntilRestoredUnderANewID() async throws {
        let api = SandboxCheckoutAPI()
        await api.expireCart()
        await assertAPIError(.cartExpired) { _ = try await api.updateEmail("a@b.co", cartID: "cart-1") }
        await assertAPIError(.cartExpired) { _ = try await api.fetchCheckout() }
        let progress = CheckoutProgress(
            expiredCartID: "cart-1", email: "a@b.co", shippingContact: Fixtures.home, billingContact: nil,
            shippingMethodID: "express")
        let restored = try await api.restoreCheckout(progress)
        XCTAssertEqual(restored.cart.id, "cart-2")
        XCTAssertEqual(restored.email, "a@b.co")
        XCTAssertEqual(restored.selectedShippingMethodID, "express")
        await assertAPIError(.conflict(message: "cart cart-1 is not the current cart")) {
            _ = try await api.updateEmail("a@b.co", cartID: "cart-1")
        }
    }

    func testStartPaymentChecksTheExpectedAmount() async throws {
        let api = SandboxCheckoutAPI()
        let intent = try await api.startPayment(cartID: "cart-1", expectedAmount: money("42"))
        XCTAssertEqual(intent, PaymentIntent(reference: "payment-1", cartID: "cart-1", amount: money("42")))
        await api.changePrice(productID: "tee-navy-m", to: 13)
        await assertAPIError(.conflict(message: "expected 42 GBP, the cart's total is 44 GBP")) {
            _ = try await api.startPayment(cartID: "cart-1", expectedAmount: money("42"))
        }
    }

    func testInjectedFailuresAreConsumedInOrder() async throws {
        let api = SandboxCheckoutAPI()
        await api.failNextCalls(2, with: .timeout)
        await assertAPIError(.timeout) { _ = try await api.fetchCheckout() }
        await assertAPIError(.timeout) { _ = try await api.fetchCheckout() }
        _ = try await api.fetchCheckout()
        let calls = await api.receivedCalls
        XCTAssertEqual(calls, [.fetchCheckout, .fetchCheckout, .fetchCheckout])
    }
}
