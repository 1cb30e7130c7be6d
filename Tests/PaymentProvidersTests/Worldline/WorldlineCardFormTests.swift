import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import StateStore
import Worldline
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class WorldlineCardFormTests: XCTestCase {
    /// 28 November 2026, noon UTC.
    private let today = Date(timeIntervalSince1970: 1_795_867_200)

    private func form(
        makeSession: @escaping WorldlinePaymentProvider.SessionFactory = WorldlineDemoScript.sandboxSession
    ) async throws -> WorldlineCardForm {
        let provider = WorldlinePaymentProvider(server: WorldlineSandboxServer(), makeSession: makeSession)
        let session = try await provider.prepare(
            Checkout.PaymentRequest(
                amount: Checkout.Money(amount: Decimal(string: "45.95") ?? 0, currencyCode: "GBP"), minorUnits: 4595,
                reference: "payment-1", cartID: "cart-1", countryCode: "GB"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return try await provider.cardForm(
            for: session, validationContext: ValidationContext(now: today, calendar: calendar))
    }

    private func fill(_ form: WorldlineCardForm, number: String, expiry: String = "11/29") async throws {
        _ = try await form.setValue(number, forField: "cardNumber")
        _ = try await form.setValue(expiry, forField: "expiryDate")
        _ = try await form.setValue("737", forField: "cvv")
        _ = try await form.setValue("Ada Lovelace", forField: "cardholderName")
    }

    func testFormOpensOnTheFirstCardProductByDisplayOrderWithItsFields() async throws {
        let form = try await form()
        let productId = await form.productId
        let fields = await form.fields.map(\.identifier)
        XCTAssertEqual(productId, "3", "MasterCard (display order 18) comes before Visa (20)")
        XCTAssertEqual(fields, ["cardNumber", "expiryDate", "cvv", "cardholderName"])
    }

    func testTypingAVisaNumberMasksItAndSwitchesTheProductKeepingTheValues() async throws {
        let form = try await form()
        _ = try await form.setValue("Ada Lovelace", forField: "cardholderName")
        let shown = try await form.setValue("41111111", forField: "cardNumber", cursorPosition: 8)
        XCTAssertEqual(shown.value, "4111 1111 ")
        XCTAssertEqual(shown.cursorPosition, 10)
        let productId = await form.productId
        XCTAssertEqual(productId, "1")
        let name = await form.maskedValue(forField: "cardholderName")
        XCTAssertEqual(name, "Ada Lovelace", "values typed before the switch are kept")
        let choices = await form.coBrandChoices
        XCTAssertEqual(choices, [], "only one of Visa's co-brands is allowed here: no choice")
    }

    func testACardWithTwoAllowedBrandsOffersAChoiceAndTheShopperPicksOne() async throws {
        let form = try await form { client in
            try Worldline.Session(
                clientSessionId: client.clientSessionId.value ?? "", customerId: client.customerId,
                baseURL: client.clientApiURL, assetBaseURL: client.assetURL,
                clientMetaInfo: ClientMetaInfo(appIdentifier: "ProviderTests"), encryptor: nil,
                transport: CoBrandedTransport())
        }
        _ = try await form.setValue("4111 1111 1111 1111", forField: "cardNumber")
        let choices = await form.coBrandChoices
        XCTAssertEqual(
            choices,
            [
                IINDetail(paymentProductId: "1", isAllowedInContext: true),
                IINDetail(paymentProductId: "3", isAllowedInContext: true),
            ])
        var productId = await form.productId
        XCTAssertEqual(productId, "3", "the selected product is one of the brands: it stays")

        try await form.chooseCoBrand(productId: "1")
        productId = await form.productId
        XCTAssertEqual(productId, "1")
        let number = await form.maskedValue(forField: "cardNumber")
        XCTAssertEqual(number, "4111 1111 1111 1111 ")
        do {
            try await form.chooseCoBrand(productId: "130")
            XCTFail("expected a refusal")
        } catch let error as WorldlineCardFormError {
            XCTAssertEqual(error, .notACoBrandChoice("130"))
        }
    }

    func testFewerThanSixDigitsKeepTheProduct() async throws {
        let form = try await form()
        _ = try await form.setValue("4111 1", forField: "cardNumber")
        let productId = await form.productId
        XCTAssertEqual(productId, "3")
    }

    func testAnUnknownIINGoesBackToTheInitialProduct() async throws {
        let form = try await form()
        _ = try await form.setValue("4111 1111", forField: "cardNumber")
        _ = try await form.setValue("6011 1111", forField: "cardNumber")
        let productId = await form.productId
        XCTAssertEqual(productId, "3")
    }

    func testACardNotAllowedHereIsAProblemAndNothingIsEncrypted() async throws {
        let form = try await form()
        try await fill(form, number: "3782 8224 6310 005")
        do {
            _ = try await form.submission()
            XCTFail("expected the card to be refused")
        } catch let error as WorldlineCardFormError {
            XCTAssertEqual(error.problems.first?.fieldId, "cardNumber")
            XCTAssertEqual(error.problems.first?.error.kind, .allowedInContext)
        }
    }

    func testInvalidValuesFailWithTypedLocalisedProblems() async throws {
        let form = try await form()
        try await fill(form, number: "4111 1111 1111 1112", expiry: "01/20")
        do {
            _ = try await form.submission()
            XCTFail("expected validation to fail")
        } catch let error as WorldlineCardFormError {
            XCTAssertEqual(error.problems.map(\.fieldId), ["cardNumber", "expiryDate"])
            XCTAssertEqual(error.problems.map(\.error.kind), [.luhn, .expirationDate])
            XCTAssertEqual(error.problems.first?.message, "Please provide a valid card number")
            XCTAssertFalse(error.description.contains("4111"), "a problem never repeats the value")
        }
    }

    func testAnEmptyFormNamesEveryRequiredField() async throws {
        let problems = try await form().validate()
        XCTAssertEqual(
            problems.filter { $0.error.kind == .isRequired }.map(\.fieldId),
            ["cardNumber", "expiryDate", "cardholderName"])
    }

    func testAnUnknownFieldIsRefused() async throws {
        let form = try await form()
        do {
            _ = try await form.setValue("x", forField: "iban")
            XCTFail("expected a refusal")
        } catch let error as WorldlineCardFormError {
            XCTAssertEqual(error, .unknownField("iban"))
        }
    }

    func testSubmissionCarriesTheEncryptedRequestAndOnlyASafeDescription() async throws {
        let form = try await form()
        try await fill(form, number: "4111 1111 1111 1111")
        let submission = try await form.submission()
        XCTAssertEqual(submission.methodID, "1")
        XCTAssertEqual(submission.displayDescription, "Visa •••• 1111")
        let payload = try XCTUnwrap(submission.payload.value)
        let prepared = try JSONDecoder().decode(PreparedPaymentRequest.self, from: Data(payload.utf8))
        XCTAssertEqual(prepared.encryptedFields.split(separator: ".", omittingEmptySubsequences: false).count, 5)
        XCTAssertFalse(prepared.encryptedFields.contains("4111"))
        XCTAssertFalse(String(describing: submission).contains("4111111111111111"))
        let encoded = String(decoding: try JSONEncoder().encode(submission), as: UTF8.self)
        XCTAssertFalse(encoded.contains(prepared.encryptedFields))
    }
}

/// ``WorldlineSandbox`` whose IIN answer is a card of two allowed brands, Visa and MasterCard.
private struct CoBrandedTransport: HTTPTransport {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url, url.path.hasSuffix("/services/getIINdetails") else {
            return try await WorldlineSandbox().send(request)
        }
        guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])
        else { throw URLError(.badServerResponse) }
        let body = """
            {"paymentProductId": 1, "isAllowedInContext": true, "coBrands": [
              {"paymentProductId": 1, "isAllowedInContext": true}, {"paymentProductId": 3, "isAllowedInContext": true}]}
            """
        return (Data(body.utf8), response)
    }
}
