import Foundation
import XCTest

@testable import Worldline

final class IINLookupTests: XCTestCase {
    private var server: StubServer!
    private let context = SessionFactory.context

    override func setUpWithError() throws {
        server = try StubServer.running()
    }

    func testBinDigitsAreEightWhenAvailableElseSix() {
        XCTAssertEqual(IINDetailsRequest.binDigits(from: "123456"), "123456")
        XCTAssertEqual(IINDetailsRequest.binDigits(from: "1234567"), "123456")
        XCTAssertEqual(IINDetailsRequest.binDigits(from: "12345678"), "12345678")
        XCTAssertEqual(IINDetailsRequest.binDigits(from: "123"), "123")
        XCTAssertEqual(IINDetailsRequest.binDigits(from: ""), "")
        XCTAssertEqual(IINDetailsRequest.binDigits(from: "12345678112"), "12345678")
    }

    func testFewerThanSixDigitsAnswerNotEnoughDigitsWithoutARequest() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        let response = try await session.iinDetails(forPartialCreditCardNumber: "41111", context: context)
        XCTAssertEqual(response.status, .notEnoughDigits)
        let requests = try await server.requests(for: customer)
        XCTAssertTrue(requests.isEmpty)
    }

    func testLookupSendsTheSDKBodyWithEightDigits() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        let response = try await session.iinDetails(forPartialCreditCardNumber: "4111111111", context: context)
        XCTAssertEqual(response.status, .supported)
        XCTAssertEqual(response.paymentProductId, "1")
        XCTAssertEqual(response.coBrands.map(\.paymentProductId), ["1", "130"])
        let requests = try await server.requests(for: customer)
        let request = try XCTUnwrap(requests.first)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/client/v1/\(customer)/services/getIINdetails")
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])
        XCTAssertEqual(body["bin"] as? String, "41111111")
        let paymentContext = try XCTUnwrap(body["paymentContext"] as? [String: Any])
        XCTAssertEqual(paymentContext["isRecurring"] as? String, "false", "a string, as the SDK sends it")
        XCTAssertEqual(paymentContext["countryCode"] as? String, "NL")
        XCTAssertEqual(paymentContext["isInstallments"] as? Bool, false)
        let amount = try XCTUnwrap(paymentContext["amountOfMoney"] as? [String: Any])
        XCTAssertEqual(amount["amount"] as? String, "1999")
        XCTAssertEqual(amount["currencyCode"] as? String, "EUR")
        XCTAssertEqual(request.header("Authorization"), "GCS v1Client:51d29012e6ce4b81afa6cc7551ef4e36")
    }

    func testSevenDigitsSendSixAndNoContextSendsNoContext() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        _ = try await session.iinDetails(forPartialCreditCardNumber: "5555555", context: nil)
        let body = try await server.requests(for: customer).first?.body ?? ""
        XCTAssertEqual(body, #"{"bin":"555555"}"#)
    }

    func testKnownButNotAllowedAndUnknownIINs() async throws {
        let session = try SessionFactory.session(customer: SessionFactory.uniqueCustomer(), server: server)
        let notAllowed = try await session.iinDetails(forPartialCreditCardNumber: "22221234", context: context)
        XCTAssertEqual(notAllowed.status, .existingButNotAllowed)
        XCTAssertEqual(notAllowed.paymentProductId, "2")
        let unknown = try await session.iinDetails(forPartialCreditCardNumber: "12345678", context: context)
        XCTAssertEqual(unknown.status, .unknown, "HTTP 404 with the error body")
        XCTAssertNil(unknown.paymentProductId)
    }

    func testFailedLookupDoesNotLeaveThePendingFlagSet() async throws {
        let session = try SessionFactory.session(customer: SessionFactory.uniqueCustomer(), server: server)
        do {
            _ = try await session.iinDetails(forPartialCreditCardNumber: "99991234", context: context)
            XCTFail("expected the 500 error")
        } catch .api(let body, let status) {
            XCTAssertEqual(status, 500)
            XCTAssertEqual(body.errorId, "e-500")
        } catch {
            XCTFail("unexpected \(error)")
        }
        let pending = await session.iinLookupPending
        XCTAssertFalse(pending)
        let next = try await session.iinDetails(forPartialCreditCardNumber: "41111111", context: context)
        XCTAssertEqual(next.status, .supported, "the next lookup is made, not answered PENDING")
    }

    func testLookupInFlightAnswersPendingWithoutARequest() async throws {
        let customer = SessionFactory.uniqueCustomer()
        let session = try SessionFactory.session(customer: customer, server: server)
        // The stub holds bins starting 7777 until released.
        let context = context
        let held = Task { try await session.iinDetails(forPartialCreditCardNumber: "77771111", context: context) }
        while await !session.iinLookupPending { await Task.yield() }
        let second = try await session.iinDetails(forPartialCreditCardNumber: "41111111", context: context)
        XCTAssertEqual(second.status, .pending)
        try await server.post("__release_iin?bin=77771111")
        let first = try await held.value
        XCTAssertEqual(first.status, .supported)
        let pending = await session.iinLookupPending
        XCTAssertFalse(pending)
        let bins = try await server.requests(for: customer).map(\.body)
        XCTAssertEqual(bins.count, 1, "the pending answer made no request")
    }

    func testSupportedOutcomeSwitchesToTheCardsProduct() throws {
        let response = try Fixtures.decode(
            IINDetailsResponse.self, json: #"{"paymentProductId": 3, "countryCode": "NL", "isAllowedInContext": true}"#)
        let outcome = try XCTUnwrap(
            IINLookupOutcome(response: response, selectedProductId: "cards", initialProductId: "cards"))
        XCTAssertEqual(outcome.productId, "3")
        XCTAssertNil(outcome.error)
        XCTAssertTrue(outcome.coBrandChoices.isEmpty)
    }

    func testSupportedOutcomeKeepsASelectedCoBrand() throws {
        let response = try Fixtures.decode(IINDetailsResponse.self, "iin_supported")
        let keep = try XCTUnwrap(
            IINLookupOutcome(response: response, selectedProductId: "130", initialProductId: "cards"))
        XCTAssertEqual(keep.productId, "130", "the customer's brand is one of the card's brands")
        let switchTo = try XCTUnwrap(
            IINLookupOutcome(response: response, selectedProductId: "3", initialProductId: "cards"))
        XCTAssertEqual(switchTo.productId, "1")
        XCTAssertTrue(switchTo.coBrandChoices.isEmpty, "only one co-brand is allowed, so there is no choice")
    }

    func testTwoAllowedCoBrandsOfferAChoice() throws {
        let response = IINDetailsResponse(
            status: .supported, paymentProductId: "1", isAllowedInContext: true,
            coBrands: [
                IINDetail(paymentProductId: "1", isAllowedInContext: true),
                IINDetail(paymentProductId: "130", isAllowedInContext: true),
            ])
        let outcome = try XCTUnwrap(
            IINLookupOutcome(response: response, selectedProductId: "cards", initialProductId: "cards"))
        XCTAssertEqual(outcome.coBrandChoices.map(\.paymentProductId), ["1", "130"])
    }

    func testNotAllowedOutcomeRevertsAndReportsAllowedInContext() throws {
        let response = try Fixtures.decode(IINDetailsResponse.self, "iin_not_allowed")
        let outcome = try XCTUnwrap(
            IINLookupOutcome(response: response, selectedProductId: "1", initialProductId: "cards"))
        XCTAssertEqual(outcome.productId, "cards")
        XCTAssertEqual(outcome.error, ValidationError(kind: .allowedInContext, paymentProductFieldId: "cardNumber"))
    }

    func testUnknownAndShortNumbersRevertAndPendingChangesNothing() throws {
        for status in [IINStatus.unknown, .notEnoughDigits] {
            let outcome = try XCTUnwrap(
                IINLookupOutcome(
                    response: IINDetailsResponse(status: status), selectedProductId: "1", initialProductId: "cards"))
            XCTAssertEqual(outcome.productId, "cards")
            XCTAssertNil(outcome.error)
        }
        XCTAssertNil(
            IINLookupOutcome(
                response: IINDetailsResponse(status: .pending), selectedProductId: "1", initialProductId: "cards"))
    }

    func testLookupIsWorthMakingWhenOneOfTheFirstEightDigitsChanges() {
        XCTAssertFalse(IINLookupOutcome.shouldLookUp(unmaskedCardNumber: "41111", lastLookedUp: nil))
        XCTAssertTrue(IINLookupOutcome.shouldLookUp(unmaskedCardNumber: "411111", lastLookedUp: nil))
        XCTAssertTrue(IINLookupOutcome.shouldLookUp(unmaskedCardNumber: "4111111", lastLookedUp: "411111"))
        XCTAssertFalse(IINLookupOutcome.shouldLookUp(unmaskedCardNumber: "411111119", lastLookedUp: "41111111"))
        XCTAssertTrue(IINLookupOutcome.shouldLookUp(unmaskedCardNumber: "41111112", lastLookedUp: "41111111"))
    }
}
