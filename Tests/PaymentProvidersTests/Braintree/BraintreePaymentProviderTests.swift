import Checkout
import CheckoutSandbox
import PaymentProviders
import StateStore
import XCTest

final class BraintreePaymentProviderTests: XCTestCase {
    private let server = BraintreeSandboxServer()

    private func prepared(
        customerID: String? = nil, threeDSecure: Bool = false, amount: Money = BraintreeFixtures.gbp("45.95")
    ) async throws -> (BraintreePaymentProvider, PaymentSession) {
        let provider = BraintreeFixtures.provider(server: server, customerID: customerID, threeDSecure: threeDSecure)
        return (provider, try await provider.prepare(BraintreeFixtures.request(amount)))
    }

    func testDescriptorTakesTheCurrenciesWithAMerchantAccount() {
        let provider = BraintreeFixtures.provider(server: server)
        XCTAssertEqual(provider.descriptor.id, "braintree")
        XCTAssertEqual(provider.descriptor.supportedCurrencies, ["GBP", "EUR"])
        XCTAssertEqual(provider.descriptor.minorUnitOverrides, [:])
    }

    func testCardNonceIsSoldWithTheDecimalAmountDeviceDataAndMerchantAccount() async throws {
        let (provider, session) = try await prepared()
        XCTAssertNotNil(session.token?.value)
        let card = await server.dropInCard(lastFour: "1111")
        XCTAssertEqual(card.submission.displayDescription, "ending in 1111")
        let outcome = try await provider.submit(card.submission, in: session)
        guard case .authorised(let receipt) = outcome else { return XCTFail("expected authorised, got \(outcome)") }
        XCTAssertEqual(receipt.resultCode, "submitted_for_settlement")
        XCTAssertEqual(receipt.amount, BraintreeFixtures.gbp("45.95"))
        let calls = await server.receivedCalls
        XCTAssertEqual(
            calls,
            [
                .clientToken(customerID: nil),
                .sale(amount: "45.95", merchantAccountId: "poqshop_GBP", orderId: "payment-1", hasDeviceData: true),
            ])
    }

    func testWithoutSettlementTheSaleIsAuthorizedOnly() async throws {
        let provider = BraintreeFixtures.provider(server: server, submitForSettlement: false)
        let session = try await provider.prepare(BraintreeFixtures.request())
        let outcome = try await provider.submit(await server.dropInCard(lastFour: "1111").submission, in: session)
        guard case .authorised(let receipt) = outcome else { return XCTFail("expected authorised") }
        XCTAssertEqual(receipt.resultCode, "authorized")
    }

    func testCurrencyWithoutMerchantAccountIsRefusedBeforeAnyCall() async {
        let provider = BraintreeFixtures.provider(server: server)
        do {
            _ = try await provider.prepare(BraintreeFixtures.request(Money(amount: 10, currencyCode: "USD")))
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(
                error as? PaymentFailure,
                PaymentFailure(kind: .guardViolation, message: "no Braintree merchant account takes USD"))
        }
        let calls = await server.receivedCalls
        XCTAssertTrue(calls.isEmpty)
    }

    func testSandboxDeclineAmountsAreProcessorDeclined() async throws {
        let (provider, session) = try await prepared(amount: BraintreeFixtures.gbp("2001.00"))
        let outcome = try await provider.submit(await server.dropInCard(lastFour: "1111").submission, in: session)
        XCTAssertEqual(outcome, .refused(reason: "Insufficient Funds (2001)"))
    }

    func testSandboxAmountOf3000FailsTheTransaction() async throws {
        let (provider, session) = try await prepared(amount: BraintreeFixtures.gbp("3000.00"))
        let outcome = try await provider.submit(await server.dropInCard(lastFour: "1111").submission, in: session)
        guard case .error(let message) = outcome else { return XCTFail("expected an error, got \(outcome)") }
        XCTAssertTrue(message.hasSuffix("is failed"), message)
    }

    func testDeclinedTestNonceIsDeclinedAndAnotherCardThenPays() async throws {
        let (provider, session) = try await prepared()
        let declined = BraintreeDropInResult.paymentMethod(
            BraintreePaymentMethod(
                nonce: "fake-processor-declined-visa-nonce", type: .visa, description: "ending in 0002"))
        let first = try await provider.submit(declined.submission, in: session)
        XCTAssertEqual(first, .refused(reason: "Do Not Honor (2000)"))
        guard
            case .authorised = try await provider.submit(
                await server.dropInCard(lastFour: "1111").submission, in: session)
        else { return XCTFail("the retry pays") }
    }

    func testGatewayRejectionAndValidationErrors() async throws {
        await server.enqueueSale(
            .gatewayRejected(reason: "fraud"),
            .validationErrors([BraintreeValidationError(attribute: "base", code: "915", message: "nope")]))
        let (provider, session) = try await prepared()
        let rejected = try await provider.submit(await server.dropInCard(lastFour: "1111").submission, in: session)
        XCTAssertEqual(rejected, .refused(reason: "Gateway rejected: fraud"))
        let invalid = try await provider.submit(await server.dropInCard(lastFour: "1111").submission, in: session)
        XCTAssertEqual(invalid, .error(message: "Braintree validation errors: 915 base: nope"))
    }

    func testANonceCannotBeUsedTwice() async throws {
        let (provider, session) = try await prepared()
        let card = await server.dropInCard(lastFour: "1111")
        _ = try await provider.submit(card.submission, in: session)
        let again = try await provider.submit(card.submission, in: session)
        XCTAssertEqual(
            again,
            .error(
                message:
                    "Braintree validation errors: 93107 payment_method_nonce: Cannot use a payment_method_nonce more than once."
            ))
    }

    func testDropInErrorAndCancellation() async throws {
        let (provider, session) = try await prepared()
        let error = BraintreeDropInResult.error(BraintreeDropInError(kind: .authorization, message: "invalid token"))
        let failed = try await provider.submit(error.submission, in: session)
        XCTAssertEqual(failed, .error(message: "Braintree drop-in: authorization: invalid token"))
        let cancelled = try await provider.submit(BraintreeDropInResult.cancelled.submission, in: session)
        XCTAssertEqual(cancelled, .cancelled)
        let calls = await server.receivedCalls
        XCTAssertEqual(calls.count, 1, "no sale")
    }

    func testApplePayWithoutANonceAsksForTokenisationThenSells() async throws {
        let (provider, session) = try await prepared()
        let outcome = try await provider.submit(await server.dropInApplePay().submission, in: session)
        guard case .actionRequired(let action) = outcome else { return XCTFail("expected an action, got \(outcome)") }
        XCTAssertEqual(action.kind, .sdk)
        let payload = try XCTUnwrap(action.payload?.value)
        let request = try JSONDecoder().decode(BraintreeApplePayRequest.self, from: Data(payload.utf8))
        XCTAssertEqual(
            request, BraintreeApplePayRequest(amount: "45.95", currencyCode: "GBP", merchantAccountId: "poqshop_GBP"))
        let tokenized = await server.tokenizeApplePay(request)
        guard case .authorised = try await provider.submitDetails(tokenized.details, in: session) else {
            return XCTFail("expected authorised")
        }
    }

    func testPayPalWithoutANonceIsAnError() async throws {
        let (provider, session) = try await prepared()
        let broken = BraintreeDropInResult.paymentMethod(
            BraintreePaymentMethod(nonce: nil, type: .payPal, description: "ada@example.com"))
        let outcome = try await provider.submit(broken.submission, in: session)
        XCTAssertEqual(outcome, .error(message: "the Braintree drop-in returned PayPal without a nonce"))
    }

    func testThreeDSecureFrictionlessRunsWithTheSaleAmount() async throws {
        let (provider, session) = try await prepared(threeDSecure: true)
        guard
            case .authorised = try await provider.submit(
                await server.dropInCard(lastFour: "1111").submission, in: session)
        else { return XCTFail("expected authorised") }
        let calls = await server.receivedCalls
        XCTAssertEqual(calls[1], .threeDSecureLookup(amount: "45.95"))
        guard case .sale(let amount, _, _, _) = calls[2] else { return XCTFail("expected a sale") }
        XCTAssertEqual(amount, "45.95")
    }

    func testThreeDSecureIsNotRunForPayPal() async throws {
        let (provider, session) = try await prepared(threeDSecure: true)
        let payPal = BraintreeDropInResult.paymentMethod(
            BraintreePaymentMethod(nonce: "fake-paypal-one-time-nonce", type: .payPal, description: "ada@example.com"))
        guard case .authorised = try await provider.submit(payPal.submission, in: session) else {
            return XCTFail("expected authorised")
        }
        let calls = await server.receivedCalls
        XCTAssertFalse(calls.contains(.threeDSecureLookup(amount: "45.95")))
    }

    func testThreeDSecureChallengeIsAnActionThenTheVerifiedNonceSells() async throws {
        await server.enqueueThreeDSecure(.challenge)
        let (provider, session) = try await prepared(threeDSecure: true)
        let outcome = try await provider.submit(await server.dropInCard(lastFour: "1111").submission, in: session)
        guard case .actionRequired(let action) = outcome else { return XCTFail("expected a challenge") }
        XCTAssertEqual(action.kind, .threeDSChallenge)
        let passed = try await server.completeChallenge(try XCTUnwrap(action.payload), passed: true)
        guard case .authorised = try await provider.submitDetails(passed.details, in: session) else {
            return XCTFail("expected authorised")
        }
    }

    func testFailedChallengeIsRefusedWithoutASale() async throws {
        await server.enqueueThreeDSecure(.challenge)
        let (provider, session) = try await prepared(threeDSecure: true)
        guard
            case .actionRequired(let action) = try await provider.submit(
                await server.dropInCard(lastFour: "1111").submission, in: session)
        else { return XCTFail("expected a challenge") }
        let failed = try await server.completeChallenge(try XCTUnwrap(action.payload), passed: false)
        let outcome = try await provider.submitDetails(failed.details, in: session)
        XCTAssertEqual(outcome, .refused(reason: "3-D Secure authentication failed"))
        let calls = await server.receivedCalls
        XCTAssertFalse(calls.contains { if case .sale = $0 { return true } else { return false } })
    }

    func testVerificationForAnotherAmountIsRefusedBeforeTheSale() async throws {
        let (provider, session) = try await prepared(threeDSecure: true)
        let card = BraintreeDropInResult.paymentMethod(
            BraintreePaymentMethod(
                nonce: "fake-valid-visa-nonce", type: .visa, description: "ending in 1111",
                threeDSecure: BraintreeThreeDSecureInfo(
                    liabilityShifted: true, liabilityShiftPossible: true, amount: "40.00")))
        let outcome = try await provider.submit(card.submission, in: session)
        XCTAssertEqual(outcome, .error(message: "3-D Secure verified 40.00 but the sale is for 45.95"))
        let calls = await server.receivedCalls
        XCTAssertEqual(calls, [.clientToken(customerID: nil)])
    }

    func testChallengeResultForAnotherAmountNeverReachesTheSale() async throws {
        await server.enqueueThreeDSecure(.challenge)
        let (provider, session) = try await prepared(threeDSecure: true)
        guard
            case .actionRequired = try await provider.submit(
                await server.dropInCard(lastFour: "1111").submission, in: session)
        else { return XCTFail("expected a challenge") }
        let forged = BraintreeActionResult(
            nonce: "fake-valid-visa-nonce",
            threeDSecure: BraintreeThreeDSecureInfo(
                liabilityShifted: true, liabilityShiftPossible: true, amount: "1.00"))
        let outcome = try await provider.submitDetails(forged.details, in: session)
        XCTAssertEqual(outcome, .error(message: "3-D Secure verified 1.00 but the sale is for 45.95"))
        let calls = await server.receivedCalls
        XCTAssertFalse(calls.contains { if case .sale = $0 { return true } else { return false } })
    }

    func testLookupThatVerifiedAnotherAmountNeverReachesTheSale() async throws {
        let provider = BraintreePaymentProvider(
            configuration: BraintreeConfiguration(merchantAccounts: BraintreeFixtures.accounts, threeDSecure: true),
            server: server, client: WrongAmountThreeDSecureClient())
        let session = try await provider.prepare(BraintreeFixtures.request())
        let outcome = try await provider.submit(await server.dropInCard(lastFour: "1111").submission, in: session)
        XCTAssertEqual(outcome, .error(message: "3-D Secure verified 0.01 but the sale is for 45.95"))
        let calls = await server.receivedCalls
        XCTAssertFalse(calls.contains { if case .sale = $0 { return true } else { return false } })
    }

    func testNotEnrolledCardSellsWithoutLiabilityShift() async throws {
        await server.enqueueThreeDSecure(.notEnrolled)
        let (provider, session) = try await prepared(threeDSecure: true)
        guard
            case .authorised = try await provider.submit(
                await server.dropInCard(lastFour: "1111").submission, in: session)
        else { return XCTFail("expected authorised") }
    }

    func testDetailsWithoutAPendingActionFail() async throws {
        let (provider, session) = try await prepared()
        do {
            _ = try await provider.submitDetails(BraintreeActionResult(nonce: "x").details, in: session)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual((error as? PaymentFailure)?.kind, .provider)
        }
    }

    func testReturningCustomerGetsTheMostRecentVaultedMethodFirst() async throws {
        await server.vaultMethod(.masterCard, description: "ending in 4444", customerID: "customer-ada")
        await server.vaultMethod(.visa, description: "ending in 1111", customerID: "customer-ada")
        let (provider, session) = try await prepared(customerID: "customer-ada")
        XCTAssertEqual(session.methods.first, PaymentMethodOption(id: "vaulted", name: "Visa ending in 1111"))
        let vaulted = PaymentSubmission(methodID: BraintreeDropInResult.vaultedMethodID, payload: Sensitive("{}"))
        guard case .authorised = try await provider.submit(vaulted, in: session) else {
            return XCTFail("expected authorised")
        }
        let calls = await server.receivedCalls
        XCTAssertEqual(
            Array(calls.prefix(2)),
            [.clientToken(customerID: "customer-ada"), .mostRecentPaymentMethod(customerID: "customer-ada")])
    }

    func testCustomerWithNothingVaultedGetsTheUsualMethods() async throws {
        let (provider, session) = try await prepared(customerID: "customer-ada")
        XCTAssertEqual(session.methods, BraintreePaymentProvider.methods)
        do {
            _ = try await provider.submit(
                PaymentSubmission(methodID: BraintreeDropInResult.vaultedMethodID, payload: Sensitive("{}")),
                in: session)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual((error as? PaymentFailure)?.kind, .configuration)
        }
    }

    func testUnknownCustomerFailsToGetAClientToken() async {
        let provider = BraintreeFixtures.provider(server: server, customerID: "nobody")
        do {
            _ = try await provider.prepare(BraintreeFixtures.request())
            XCTFail("expected a failure")
        } catch {
            XCTAssertTrue("\(error)".contains("92804"), "\(error)")
        }
    }

    func testAuthorizingIsConfirmedByTransactionFind() async throws {
        await server.enqueueSale(.status(.authorizing))
        await server.setAuthorizingResolvesTo(.processorDeclined)
        let (provider, session) = try await prepared()
        guard
            case .awaitingConfirmation(let receipt) = try await provider.submit(
                await server.dropInCard(lastFour: "1111").submission, in: session)
        else { return XCTFail("expected awaiting confirmation") }
        let confirmed = try await provider.confirm(session)
        XCTAssertEqual(confirmed, .refused(reason: "Do Not Honor (2000)"))
        let calls = await server.receivedCalls
        XCTAssertEqual(calls.last, .findTransaction(id: receipt.providerReference))
    }

    func testConfirmWithoutASaleFails() async throws {
        let (provider, session) = try await prepared()
        do {
            _ = try await provider.confirm(session)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual((error as? PaymentFailure)?.kind, .provider)
        }
    }

    func testServerErrorBecomesAProviderFailure() async throws {
        await server.enqueueSale(.serverError(status: 503, message: "maintenance"))
        let (provider, session) = try await prepared()
        do {
            _ = try await provider.submit(await server.dropInCard(lastFour: "1111").submission, in: session)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(
                error as? PaymentFailure,
                PaymentFailure(kind: .provider, message: "Braintree Transaction.sale failed: 503: maintenance"))
        }
    }

    func testCancelledSessionCannotPay() async throws {
        let (provider, session) = try await prepared()
        await provider.cancel(session)
        do {
            _ = try await provider.submit(await server.dropInCard(lastFour: "1111").submission, in: session)
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual((error as? PaymentFailure)?.kind, .configuration)
        }
    }

    func testSubmissionDescriptionNeverCarriesTheNonce() async {
        let card = await server.dropInCard(lastFour: "1111")
        guard case .paymentMethod(let method) = card, let nonce = method.nonce?.value else {
            return XCTFail("expected a nonce")
        }
        let encoded = String(decoding: (try? JSONEncoder().encode(card.submission)) ?? Data(), as: UTF8.self)
        XCTAssertFalse(encoded.contains(nonce))
        XCTAssertFalse(String(describing: card.submission).contains(nonce))
    }
}
