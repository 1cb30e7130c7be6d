import Afterpay
import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import XCTest

final class AfterpayPaymentProviderTests: XCTestCase {
    private let clearpayHost = "portal.sandbox.clearpay.co.uk"

    private func configuration(
        minimum: String? = "1.00", maximum: String = "1000.00", currency: String = "GBP", locale: String = "en_GB"
    ) throws -> Afterpay.Configuration {
        try Afterpay.Configuration(
            minimumAmount: minimum, maximumAmount: maximum, currencyCode: currency,
            locale: Locale(identifier: locale), environment: .sandbox)
    }

    private func provider(
        _ server: AfterpaySandboxServer, configuration: Afterpay.Configuration? = nil
    ) throws -> AfterpayPaymentProvider {
        AfterpayPaymentProvider(
            context: AfterpayContext(
                configuration: try configuration ?? self.configuration(), deviceLocale: Locale(identifier: "en_GB")),
            server: server)
    }

    private func request(_ amount: String, _ currency: String = "GBP") -> Checkout.PaymentRequest {
        Checkout.PaymentRequest(
            amount: Checkout.Money(amount: Decimal(string: amount) ?? .nan, currencyCode: currency), minorUnits: 0,
            reference: "payment-1", cartID: "cart-1", countryCode: "GB")
    }

    private func gbp(_ amount: String) -> Checkout.Money {
        Checkout.Money(amount: Decimal(string: amount) ?? .nan, currencyCode: "GBP")
    }

    private let tap = PaymentSubmission(methodID: "afterpay", payload: Sensitive(""))

    private func returning(_ url: String) -> PaymentActionDetails {
        PaymentActionDetails(payload: Sensitive(url), returnURL: Sensitive(url))
    }

    // MARK: Offering

    func testAfterpayIsOfferedOnlyWithinTheLimitsInclusiveAndInTheConfiguredCurrency() throws {
        let afterpay = try provider(AfterpaySandboxServer())
        XCTAssertEqual(afterpay.availability(for: gbp("45.95")), .available)
        XCTAssertEqual(afterpay.availability(for: gbp("1.00")), .available)
        XCTAssertEqual(afterpay.availability(for: gbp("1000.00")), .available)
        XCTAssertEqual(afterpay.availability(for: gbp("0.99")), .unavailable(.belowMinimum(1)))
        XCTAssertEqual(afterpay.availability(for: gbp("1000.01")), .unavailable(.aboveMaximum(1000)))
        XCTAssertEqual(afterpay.availability(for: gbp("0")), .unavailable(.notPositive))
        XCTAssertEqual(afterpay.availability(for: nil), .unavailable(.notPositive))
        XCTAssertEqual(
            afterpay.availability(for: Checkout.Money(amount: 45, currencyCode: "USD")),
            .unavailable(.currencyMismatch(configured: "GBP", order: "USD")))
    }

    func testWithoutAConfigurationAfterpayIsNeverOfferedAndTakesNoCurrency() {
        let afterpay = AfterpayPaymentProvider(
            context: AfterpayContext(configuration: nil, deviceLocale: Locale(identifier: "en_GB")),
            server: AfterpaySandboxServer())
        XCTAssertEqual(afterpay.availability(for: gbp("45.95")), .unavailable(.noConfiguration))
        XCTAssertEqual(afterpay.descriptor.supportedCurrencies, [])
    }

    func testConsumerLanguageTheRegionDoesNotAllowHidesAfterpay() throws {
        let afterpay = AfterpayPaymentProvider(
            context: AfterpayContext(configuration: try configuration(), deviceLocale: Locale(identifier: "fr_FR")),
            server: AfterpaySandboxServer())
        XCTAssertEqual(afterpay.availability(for: gbp("45.95")), .unavailable(.languageNotSupported))
    }

    func testDescriptorNamesTheBrandAndTakesOnlyTheConfiguredCurrency() throws {
        let clearpay = try provider(AfterpaySandboxServer())
        XCTAssertEqual(clearpay.descriptor.id, "afterpay")
        XCTAssertEqual(clearpay.descriptor.displayName, "Clearpay")
        XCTAssertEqual(clearpay.descriptor.supportedCurrencies, ["GBP"])
        let australian = try provider(
            AfterpaySandboxServer(), configuration: configuration(currency: "AUD", locale: "en_AU"))
        XCTAssertEqual(australian.descriptor.displayName, "Afterpay")
        XCTAssertEqual(australian.descriptor.supportedCurrencies, ["AUD"])
    }

    // MARK: prepare

    func testPrepareCreatesACheckoutForTheAmountAsATwoDecimalString() async throws {
        let server = AfterpaySandboxServer(checkoutHost: clearpayHost)
        let afterpay = try provider(server)
        let session = try await afterpay.prepare(request("45.9"))
        let calls = await server.receivedCalls
        XCTAssertEqual(
            calls,
            [.createCheckout(amount: Afterpay.Money(amount: "45.90", currency: "GBP"), merchantReference: "payment-1")])
        XCTAssertEqual(session.amount, gbp("45.9"))
        XCTAssertEqual(session.providerID, "afterpay")
        XCTAssertEqual(session.methods, [PaymentMethodOption(id: "afterpay", name: "Clearpay")])
        XCTAssertEqual(session.token?.value, "sbx_secret_002.sandbox-1")
    }

    func testPrepareOutsideTheLimitsFailsAsAGuardWithoutCallingTheServer() async throws {
        let server = AfterpaySandboxServer()
        let afterpay = try provider(server)
        do {
            _ = try await afterpay.prepare(request("1500.00"))
            XCTFail("expected a guard failure")
        } catch let failure as PaymentFailure {
            XCTAssertEqual(failure.kind, .guardViolation)
            XCTAssertTrue(failure.message.contains("above the maximum of 1000"), failure.message)
        }
        let calls = await server.receivedCalls
        XCTAssertEqual(calls, [])
    }

    func testPrepareRefusesAnAmountWithMoreDecimalsThanAfterpayTakes() async throws {
        let server = AfterpaySandboxServer()
        let afterpay = try provider(server)
        do {
            _ = try await afterpay.prepare(request("45.955"))
            XCTFail("expected a guard failure, never a rounded charge")
        } catch let failure as PaymentFailure {
            XCTAssertEqual(failure.kind, .guardViolation)
        }
        let calls = await server.receivedCalls
        XCTAssertEqual(calls, [])
    }

    func testPrepareRefusesACheckoutURLOffAfterpaysAndClearpaysHosts() async throws {
        let afterpay = try provider(AfterpaySandboxServer(checkoutHost: "pay.evil.example"))
        do {
            _ = try await afterpay.prepare(request("45.95"))
            XCTFail("expected a provider failure")
        } catch let failure as PaymentFailure {
            XCTAssertEqual(failure.kind, .provider)
            XCTAssertTrue(failure.message.contains("checkout host"), failure.message)
        }
    }

    // MARK: submit

    func testSubmitAnswersARedirectToTheCheckoutURL() async throws {
        let afterpay = try provider(AfterpaySandboxServer(checkoutHost: clearpayHost))
        let session = try await afterpay.prepare(request("45.95"))
        let outcome = try await afterpay.submit(tap, in: session)
        XCTAssertEqual(
            outcome,
            .actionRequired(
                PaymentActionRequest(
                    kind: .redirect,
                    url: "https://portal.sandbox.clearpay.co.uk/checkout/?token=sbx_secret_002.sandbox-1")))
    }

    func testSubmittingAnotherMethodIsAnError() async throws {
        let afterpay = try provider(AfterpaySandboxServer())
        let session = try await afterpay.prepare(request("45.95"))
        let outcome = try await afterpay.submit(
            PaymentSubmission(methodID: "scheme", payload: Sensitive("x")), in: session)
        XCTAssertEqual(outcome, .error(message: "Clearpay cannot pay with method scheme"))
    }

    func testUnknownSessionThrowsAProviderFailure() async throws {
        let afterpay = try provider(AfterpaySandboxServer())
        let stranger = PaymentSession(id: "nope", providerID: "afterpay", amount: gbp("1"))
        do {
            _ = try await afterpay.submit(tap, in: stranger)
            XCTFail("expected a failure")
        } catch let failure as PaymentFailure {
            XCTAssertEqual(failure.kind, .provider)
        }
    }

    // MARK: submitDetails (the return URL)

    func testSuccessWithOrderTokenCapturesAndIsAuthorised() async throws {
        let server = AfterpaySandboxServer(checkoutHost: clearpayHost)
        let afterpay = try provider(server)
        let session = try await afterpay.prepare(request("45.95"))
        _ = try await afterpay.submit(tap, in: session)
        let outcome = try await afterpay.submitDetails(
            returning("https://shop.example/afterpay/confirm?status=SUCCESS&orderToken=sbx_secret_002.sandbox-1"),
            in: session)
        XCTAssertEqual(
            outcome,
            .authorised(
                PaymentReceipt(providerReference: "sandbox-order-1", amount: gbp("45.95"), resultCode: "APPROVED")))
        let calls = await server.receivedCalls
        XCTAssertEqual(calls.last, .capture(token: "sbx_secret_002.sandbox-1", merchantReference: "payment-1"))
        let confirmed = try await afterpay.confirm(session)
        XCTAssertEqual(confirmed, outcome)
    }

    func testSuccessWithTokenInsteadOfOrderTokenCaptures() async throws {
        let afterpay = try provider(AfterpaySandboxServer())
        let session = try await afterpay.prepare(request("45.95"))
        let outcome = try await afterpay.submitDetails(
            PaymentActionDetails(
                payload: Sensitive("https://shop.example/back?token=sbx_secret_002.sandbox-1&status=SUCCESS")),
            in: session)
        guard case .authorised(let receipt) = outcome else { return XCTFail("expected authorised, got \(outcome)") }
        XCTAssertEqual(receipt.resultCode, "APPROVED")
    }

    func testDeclinedCaptureIsRefusedAndTheRetryCreatesANewCheckout() async throws {
        let server = AfterpaySandboxServer(behaviour: .declineOnCapture)
        let afterpay = try provider(server)
        let session = try await afterpay.prepare(request("45.95"))
        let outcome = try await afterpay.submitDetails(
            returning("https://shop.example/?status=SUCCESS&orderToken=sbx_secret_002.sandbox-1"), in: session)
        XCTAssertEqual(outcome, .refused(reason: "Clearpay declined the payment"))

        let again = try await afterpay.submitDetails(
            returning("https://shop.example/?status=SUCCESS&orderToken=sbx_secret_002.sandbox-1"), in: session)
        XCTAssertEqual(again, .error(message: "this Clearpay checkout was already used"), "a token is captured once")

        await server.setBehaviour(.approve)
        let retry = try await afterpay.submit(tap, in: session)
        XCTAssertEqual(
            retry,
            .actionRequired(
                PaymentActionRequest(
                    kind: .redirect, url: "https://portal.sandbox.afterpay.com/checkout/?token=sbx_secret_002.sandbox-2"
                )))
        let calls = await server.receivedCalls
        XCTAssertEqual(calls.filter { if case .createCheckout = $0 { true } else { false } }.count, 2)
    }

    func testCancelledStatusCancelsWithoutCapturing() async throws {
        let server = AfterpaySandboxServer()
        let afterpay = try provider(server)
        let session = try await afterpay.prepare(request("45.95"))
        let outcome = try await afterpay.submitDetails(
            returning("https://shop.example/afterpay/confirm?status=CANCELLED&orderToken=sbx_secret_002.sandbox-1"),
            in: session)
        XCTAssertEqual(outcome, .cancelled)
        let calls = await server.receivedCalls
        XCTAssertFalse(calls.contains { if case .capture = $0 { true } else { false } })
    }

    func testLeavingAfterpaysHostsCancelsAsInvalidWithoutCapturing() async throws {
        let server = AfterpaySandboxServer()
        let afterpay = try provider(server)
        let session = try await afterpay.prepare(request("45.95"))
        for url in [
            "https://pay.evil.example/steal?token=sbx_secret_002.sandbox-1",
            "http://portal.sandbox.afterpay.com/checkout/",
        ] {
            let outcome = try await afterpay.submitDetails(returning(url), in: session)
            XCTAssertEqual(outcome, .cancelled, url)
        }
        let calls = await server.receivedCalls
        XCTAssertFalse(calls.contains { if case .capture = $0 { true } else { false } })
    }

    func testAReturnStillOnTheCheckoutPageAsksForTheSameRedirect() async throws {
        let afterpay = try provider(AfterpaySandboxServer(checkoutHost: clearpayHost))
        let session = try await afterpay.prepare(request("45.95"))
        let outcome = try await afterpay.submitDetails(
            returning("https://checkout.sandbox.clearpay.com/summary?token=sbx_secret_002.sandbox-1"), in: session)
        XCTAssertEqual(
            outcome,
            .actionRequired(
                PaymentActionRequest(
                    kind: .redirect,
                    url: "https://portal.sandbox.clearpay.co.uk/checkout/?token=sbx_secret_002.sandbox-1")))
    }

    func testASuccessForAnotherCheckoutsTokenIsAnError() async throws {
        let server = AfterpaySandboxServer()
        let afterpay = try provider(server)
        let session = try await afterpay.prepare(request("45.95"))
        let outcome = try await afterpay.submitDetails(
            returning("https://shop.example/?status=SUCCESS&orderToken=002.someone-else"), in: session)
        XCTAssertEqual(outcome, .error(message: "the return URL's token is not this checkout's"))
        let calls = await server.receivedCalls
        XCTAssertFalse(calls.contains { if case .capture = $0 { true } else { false } })
    }

    func testAMissingReturnURLIsAnError() async throws {
        let afterpay = try provider(AfterpaySandboxServer())
        let session = try await afterpay.prepare(request("45.95"))
        let outcome = try await afterpay.submitDetails(PaymentActionDetails(payload: .redacted), in: session)
        XCTAssertEqual(outcome, .error(message: "the Clearpay return URL is missing or unreadable"))
    }

    func testAServerFailureDuringTheCaptureIsThrownAndNothingIsAuthorised() async throws {
        let afterpay = AfterpayPaymentProvider(
            context: AfterpayContext(configuration: try configuration(), deviceLocale: Locale(identifier: "en_GB")),
            server: FailingCaptureServer())
        let session = try await afterpay.prepare(request("45.95"))
        do {
            _ = try await afterpay.submitDetails(
                returning("https://shop.example/?status=SUCCESS&orderToken=002.failing"), in: session)
            XCTFail("expected the server's error")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .timedOut)
        }
        let confirmed = try await afterpay.confirm(session)
        XCTAssertEqual(confirmed, .error(message: "no captured Clearpay payment to confirm"))
    }

    func testASecondReturnWhileTheCaptureRunsNeverCapturesTwice() async throws {
        let server = GatedCaptureServer()
        let afterpay = AfterpayPaymentProvider(
            context: AfterpayContext(configuration: try configuration(), deviceLocale: Locale(identifier: "en_GB")),
            server: server)
        let session = try await afterpay.prepare(request("45.95"))
        let back = returning("https://shop.example/?status=SUCCESS&orderToken=002.gated")
        let first = Task { try await afterpay.submitDetails(back, in: session) }
        var entered = server.entered.stream.makeAsyncIterator()
        await entered.next()
        let second = try await afterpay.submitDetails(back, in: session)
        XCTAssertEqual(second, .error(message: "this Clearpay checkout was already used"))
        server.release.continuation.yield()
        let outcome = try await first.value
        guard case .authorised = outcome else { return XCTFail("expected authorised, got \(outcome)") }
        XCTAssertEqual(server.captures.value, 1)
    }

    func testConfirmBeforeACaptureIsAnError() async throws {
        let afterpay = try provider(AfterpaySandboxServer())
        let session = try await afterpay.prepare(request("45.95"))
        let outcome = try await afterpay.confirm(session)
        XCTAssertEqual(outcome, .error(message: "no captured Clearpay payment to confirm"))
    }

    func testCancelForgetsTheSession() async throws {
        let afterpay = try provider(AfterpaySandboxServer())
        let session = try await afterpay.prepare(request("45.95"))
        await afterpay.cancel(session)
        do {
            _ = try await afterpay.submit(tap, in: session)
            XCTFail("expected the session to be gone")
        } catch let failure as PaymentFailure {
            XCTAssertEqual(failure.message, "unknown Clearpay session afterpay-checkout-1")
        }
    }
}

/// A merchant server whose capture times out.
private struct FailingCaptureServer: AfterpayMerchantServer {
    func createCheckout(amount: Afterpay.Money, merchantReference: String) async throws -> AfterpayCheckout {
        guard let url = URL(string: "https://portal.sandbox.clearpay.co.uk/checkout/?token=002.failing") else {
            throw URLError(.badURL)
        }
        return AfterpayCheckout(token: "002.failing", redirectCheckoutURL: url)
    }

    func capture(token: String, merchantReference: String) async throws -> AfterpayCapture {
        throw URLError(.timedOut)
    }
}

/// A merchant server whose capture waits for the test's go, and counts captures.
private final class GatedCaptureServer: AfterpayMerchantServer, Sendable {
    let entered = AsyncStream<Void>.makeStream()
    let release = AsyncStream<Void>.makeStream()
    let captures = CaptureCount()

    func createCheckout(amount: Afterpay.Money, merchantReference: String) async throws -> AfterpayCheckout {
        guard let url = URL(string: "https://portal.sandbox.clearpay.co.uk/checkout/?token=002.gated") else {
            throw URLError(.badURL)
        }
        return AfterpayCheckout(token: "002.gated", redirectCheckoutURL: url)
    }

    func capture(token: String, merchantReference: String) async throws -> AfterpayCapture {
        captures.increment()
        entered.continuation.yield()
        for await _ in release.stream { break }
        return AfterpayCapture(orderID: "gated-order", status: .approved)
    }
}

/// A thread-safe count.
private final class CaptureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
