import Afterpay
import CheckoutSandbox
import Foundation
import XCTest

/// The Afterpay sandbox server's own rules (moved here from `AfterpayPaymentProviderTests`).
final class AfterpaySandboxServerTests: XCTestCase {
    func testSandboxRefusesBadAmountsUnknownTokensAndASecondCapture() async throws {
        let server = AfterpaySandboxServer()
        for bad in ["0.00", "12.5", "-1.00", "abc"] {
            do {
                _ = try await server.createCheckout(
                    amount: Afterpay.Money(amount: bad, currency: "GBP"), merchantReference: "r")
                XCTFail("expected \(bad) to be refused")
            } catch let error as AfterpaySandboxServer.SandboxError {
                XCTAssertEqual(error, .invalidAmount(bad))
            }
        }
        let checkout = try await server.createCheckout(
            amount: Afterpay.Money(amount: "10.00", currency: "GBP"), merchantReference: "r")
        let token = try XCTUnwrap(checkout.token.value)
        _ = try await server.capture(token: token, merchantReference: "r")
        do {
            _ = try await server.capture(token: token, merchantReference: "r")
            XCTFail("expected a second capture to be refused")
        } catch let error as AfterpaySandboxServer.SandboxError {
            XCTAssertEqual(error, .tokenNotCapturable(token))
            XCTAssertFalse(error.description.contains(token), "the description reaches logs: no token in it")
        }
        do {
            _ = try await server.capture(token: "002.unknown", merchantReference: "r")
            XCTFail("expected an unknown token to be refused")
        } catch let error as AfterpaySandboxServer.SandboxError {
            XCTAssertEqual(error, .unknownToken("002.unknown"))
        }
    }

    func testSandboxPageReturnsSuccessOrCancelledPerCheckout() async throws {
        let server = AfterpaySandboxServer(behaviour: .cancel)
        let cancelled = try await server.createCheckout(
            amount: Afterpay.Money(amount: "10.00", currency: "GBP"), merchantReference: "r")
        await server.setBehaviour(.approve)
        let approved = try await server.createCheckout(
            amount: Afterpay.Money(amount: "10.00", currency: "GBP"), merchantReference: "r")
        let first = await server.returnURL(forCheckoutURL: try XCTUnwrap(cancelled.redirectCheckoutURL.url))
        let second = await server.returnURL(forCheckoutURL: try XCTUnwrap(approved.redirectCheckoutURL.url))
        let elsewhere = try XCTUnwrap(URL(string: "https://portal.sandbox.afterpay.com/x"))
        let unknown = await server.returnURL(forCheckoutURL: elsewhere)
        XCTAssertEqual(
            first?.absoluteString,
            "https://shop.example/afterpay/confirm?status=CANCELLED&orderToken=sbx_secret_002.sandbox-1")
        XCTAssertEqual(
            second?.absoluteString,
            "https://shop.example/afterpay/confirm?status=SUCCESS&orderToken=sbx_secret_002.sandbox-2")
        XCTAssertNil(unknown)
    }
}
