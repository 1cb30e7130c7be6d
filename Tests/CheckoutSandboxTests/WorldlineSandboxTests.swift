import CheckoutSandbox
import Foundation
import XCTest

@testable import Worldline

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The whole card flow of the seed on the in-memory sandbox: items, group, IIN switch, fields,
/// validation, encryption.
final class WorldlineSandboxTests: XCTestCase {
    private let context = SessionFactory.context

    func testCardPaymentThroughTheFiveSteps() async throws {
        // 1. Initialise.
        let encryptor = RecordingEncryptor()
        let session = try WorldlineSandbox.session(encryptor: encryptor)
        // 2. Items and accounts on file.
        let items = try await session.paymentItems(for: context, groupPaymentProducts: true)
        XCTAssertEqual(items.paymentItems.map(\.identifier), ["809", "cards"])
        XCTAssertEqual(items.accountsOnFile.map(\.label), ["**** **** **** 1111 12/30"])
        // 3. The customer picks "cards": the group's card-number field, then the IIN lookup.
        let group = try await session.paymentProductGroup(withId: "cards", context: context)
        XCTAssertEqual(group.fields.map(\.identifier), ["cardNumber"])
        let typed = "5555 5555 5555 4444"
        let digits = group.paymentProductField(withId: "cardNumber")?.removeMask(typed) ?? ""
        XCTAssertTrue(IINLookupOutcome.shouldLookUp(unmaskedCardNumber: digits, lastLookedUp: nil))
        let response = try await session.iinDetails(forPartialCreditCardNumber: digits, context: context)
        let outcome = try XCTUnwrap(
            IINLookupOutcome(response: response, selectedProductId: "cards", initialProductId: "cards"))
        XCTAssertEqual(outcome.productId, "3")
        let mastercard = try await session.paymentProduct(withId: outcome.productId, context: context)
        var request = PaymentRequest(paymentProduct: mastercard)
        try request.setValue(typed, forField: "cardNumber")
        try request.setValue("1230", forField: "expiryDate")
        try request.setValue("J. Jansen", forField: "cardholderName")
        XCTAssertEqual(request.maskedValue(forField: "expiryDate"), "12/30")
        XCTAssertEqual(request.validate(context: FixedClock.context()), [])
        // 4. Encrypt.
        let prepared = try await session.prepare(request)
        XCTAssertEqual(prepared.encryptedFields, "test-double-jwe.86b64e4e-f43e-4a27-9863-9bbd5b499f82")
        let plaintext = try XCTUnwrap(encryptor.calls.first.map { String(decoding: $0.plaintext, as: UTF8.self) })
        XCTAssertTrue(plaintext.contains(#""paymentProductId": 3, "#), plaintext)
        XCTAssertTrue(plaintext.contains(#"{"key":"cardNumber","value":"5555555555554444"}"#), plaintext)
        // 5. The server's answer is the merchant's business; nothing left for the Client API.
    }

    func testIINAnswersFollowTheCardPrefix() async throws {
        let session = try WorldlineSandbox.session()
        func status(_ digits: String) async throws -> IINDetailsResponse {
            try await session.iinDetails(forPartialCreditCardNumber: digits, context: context)
        }
        let visa = try await status("41111111")
        XCTAssertEqual(visa.status, .supported)
        XCTAssertEqual(visa.paymentProductId, "1")
        let mastercard = try await status("22210000")
        XCTAssertEqual(mastercard.paymentProductId, "3")
        let amex = try await status("37828224")
        XCTAssertEqual(amex.status, .existingButNotAllowed)
        let unknown = try await status("60110000")
        XCTAssertEqual(unknown.status, .unknown)
        let short = try await status("4111")
        XCTAssertEqual(short.status, .notEnoughDigits)
    }

    func testOtherServicesAnswer() async throws {
        let session = try WorldlineSandbox.session()
        let converted = try await session.convert(amountInCents: 100, source: "EUR", target: "USD")
        XCTAssertEqual(converted.convertedAmount, 138)
        let back = try await session.convert(amountInCents: 138, source: "USD", target: "EUR")
        XCTAssertEqual(back.convertedAmount, 100)
        let same = try await session.convert(amountInCents: 1999, source: "EUR", target: "EUR")
        XCTAssertEqual(same.convertedAmount, 1999)
        let directory = try await session.directory(forProductId: "809", countryCode: "NL", currencyCode: "EUR")
        XCTAssertEqual(directory.directoryEntries.count, 2)
        let networks = try await session.paymentProductNetworks(forProductId: "302", context: context)
        XCTAssertEqual(networks.networks.count, 4)
        let status = try await session.thirdPartyStatus(forPaymentId: "p")
        XCTAssertEqual(status.thirdPartyStatus, .completed)
        let logo = try await session.assets.image(atPath: "/templates/master/global/css/img/ppimages/pp_logo_1_v1.png")
        XCTAssertEqual(logo.prefix(4), Data([0x89, 0x50, 0x4E, 0x47]), "a PNG")
    }

    func testSandboxErrorsCarryTheAPIsErrorBody() async throws {
        let session = try WorldlineSandbox.session()
        do {
            _ = try await session.paymentProduct(withId: "840", context: context)
            XCTFail("expected an API error")
        } catch .api(let body, let status) {
            XCTAssertEqual(status, 404)
            XCTAssertEqual(body.errors.first?.propertyName, "productId")
        } catch {
            XCTFail("unexpected \(error)")
        }
        do {
            _ = try await session.convert(amountInCents: 100, source: "EUR", target: "JPY")
            XCTFail("expected an API error")
        } catch .api(_, let status) {
            XCTAssertEqual(status, 400)
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testRequestsWithoutTheAuthorizationHeaderAreForbidden() async throws {
        var request = URLRequest(url: try XCTUnwrap(URL(string: WorldlineSandbox.baseURL + "/c/products")))
        request.httpMethod = "GET"
        let (data, response) = try await WorldlineSandbox().send(request)
        XCTAssertEqual(response.statusCode, 403)
        XCTAssertEqual(try WorldlineJSON.decode(ApiErrorResponse.self, from: data).errorId, "99")
    }
}
