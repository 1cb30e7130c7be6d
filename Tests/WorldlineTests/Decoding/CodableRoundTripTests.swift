import Foundation
import XCTest

@testable import Worldline

/// Models encode to the API's JSON form (plus a few members of ours for diagnostics), so an
/// action log or a snapshot can carry them and read them back unchanged.
final class CodableRoundTripTests: XCTestCase {
    private func roundTrip<T: Codable & Equatable>(
        _ value: T, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(value)
        let decoded = try WorldlineJSON.decode(T.self, from: data)
        XCTAssertEqual(decoded, value, String(decoding: data, as: UTF8.self), file: file, line: line)
    }

    func testEverySampleBodyRoundTrips() throws {
        try roundTrip(try Fixtures.products())
        try roundTrip(try Fixtures.groups())
        try roundTrip(try Fixtures.product1())
        try roundTrip(try Fixtures.product809())
        try roundTrip(try Fixtures.decode(PaymentProductGroup.self, "productgroup_cards"))
        try roundTrip(try Fixtures.decode(IINDetailsResponse.self, "iin_supported"))
        try roundTrip(try Fixtures.decode(IINDetailsResponse.self, "iin_not_allowed"))
        try roundTrip(try Fixtures.decode(IINDetailsResponse.self, "iin_unknown_404"))
        try roundTrip(try Fixtures.decode(DirectoryEntries.self, "directory_809"))
        try roundTrip(try Fixtures.decode(ConvertedAmountResponse.self, "convert_amount"))
        try roundTrip(try Fixtures.decode(PublicKeyResponse.self, "publickey"))
        try roundTrip(try Fixtures.decode(PaymentProductNetworks.self, "networks_302"))
        try roundTrip(try Fixtures.decode(ApiErrorResponse.self, "error_403"))
    }

    func testEncodedProductUsesTheAPIsMemberNames() throws {
        let encoder = JSONEncoder()
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: encoder.encode(try Fixtures.product1())) as? [String: Any])
        XCTAssertEqual(json["id"] as? Int, 1)
        XCTAssertEqual(json["paymentMethod"] as? String, "card")
        XCTAssertEqual(
            (json["displayHints"] as? [String: Any])?["logo"] as? String,
            "/templates/master/global/css/img/ppimages/pp_logo_1_v1.png")
        let fields = try XCTUnwrap(json["fields"] as? [[String: Any]])
        XCTAssertEqual(fields.map { $0["id"] as? String }, ["cardNumber", "expiryDate", "cvv", "cardholderName"])
        let restrictions = try XCTUnwrap(fields.first?["dataRestrictions"] as? [String: Any])
        XCTAssertEqual((restrictions["validators"] as? [String: Any])?.keys.sorted(), ["length", "luhn"])
        XCTAssertNil(json["skippedAccountsOnFile"], "our diagnostics appear only when there are any")
    }

    func testPaymentItemsAndContextRoundTrip() throws {
        try roundTrip(PaymentItems(products: try Fixtures.products(), groups: try Fixtures.groups()).sorted())
        try roundTrip(SessionFactory.context)
        var basic = SessionFactory.context
        basic.forceBasicFlow = true
        basic.locale = nil
        try roundTrip(basic)
    }

    func testDiagnosticsRoundTrip() throws {
        let products = try Fixtures.decode(
            BasicPaymentProducts.self,
            json: """
                {"paymentProducts": [{"id": 1, "paymentMethod": "card", "displayHints": {"logo": "a"},
                  "accountsOnFile": [{"id": 5}]}, {"id": 2}]}
                """)
        XCTAssertEqual(products.skippedProducts.count, 1)
        XCTAssertEqual(products.paymentProducts.first?.skippedAccountsOnFile.count, 1)
        try roundTrip(products)
        let restrictions = try Fixtures.decode(
            DataRestrictions.self,
            json: #"{"validators": {"regularExpression": {"regularExpression": "("}, "luhn": {}}}"#)
        try roundTrip(restrictions)
    }

    func testClientSideIINStatusesRoundTrip() throws {
        try roundTrip(IINDetailsResponse(status: .pending))
        try roundTrip(IINDetailsResponse(status: .notEnoughDigits))
        let serverSaysSupported = try Fixtures.decode(IINDetailsResponse.self, json: #"{"status": "SUPPORTED"}"#)
        XCTAssertEqual(serverSaysSupported.status, .unknown, "a status from the server is still ignored")
    }

    func testErrorsRoundTrip() throws {
        try roundTrip(
            ValidationError(kind: .length(minLength: 2, maxLength: 51), paymentProductFieldId: "cardholderName"))
        try roundTrip(ValidationError(kind: .invalidPaymentProduct, paymentProductFieldId: nil))
        try roundTrip(WorldlineError.api(try Fixtures.decode(ApiErrorResponse.self, "error_403"), httpStatusCode: 403))
        try roundTrip(
            WorldlineError.decoding(
                WorldlineDecodingError(path: "fields[0].id", reason: .missingField), endpoint: "GET /x"))
        try roundTrip(WorldlineError.localeWasNil)
    }
}
