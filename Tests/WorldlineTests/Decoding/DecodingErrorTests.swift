import XCTest

@testable import Worldline

final class DecodingErrorTests: XCTestCase {
    func testProductMissingPaymentMethodIsSkippedAloneAndNamed() throws {
        let products = try Fixtures.decode(
            BasicPaymentProducts.self,
            json: """
                {"paymentProducts": [
                  {"id": 1, "paymentMethod": "card", "displayHints": {"logo": "a"}},
                  {"id": 2, "displayHints": {"logo": "b"}},
                  {"id": 3, "paymentMethod": "card", "displayHints": {"label": "no logo"}}
                ]}
                """)
        XCTAssertEqual(products.paymentProducts.map(\.identifier), ["1"])
        XCTAssertEqual(
            products.skippedProducts,
            [
                WorldlineDecodingError(path: "paymentProducts[1].paymentMethod", reason: .missingField),
                WorldlineDecodingError(path: "paymentProducts[2].displayHints.logo", reason: .missingField),
            ])
    }

    func testProductWithWrongTypeIsSkippedWithTheExpectedType() throws {
        let products = try Fixtures.decode(
            BasicPaymentProducts.self,
            json: """
                {"paymentProducts": [
                  {"id": true, "paymentMethod": "card", "displayHints": {"logo": "a"}},
                  {"id": 5, "paymentMethod": "card", "allowsRecurring": "yes", "displayHints": {"logo": "a"}},
                  17
                ]}
                """)
        XCTAssertTrue(products.paymentProducts.isEmpty)
        XCTAssertEqual(
            products.skippedProducts.map(\.path),
            ["paymentProducts[0].id", "paymentProducts[1].allowsRecurring", "paymentProducts[2]"])
        XCTAssertEqual(products.skippedProducts[1].reason, .wrongType(expected: "a boolean"))
    }

    func testMalformedAccountOnFileIsSkippedAndTheProductKept() throws {
        let products = try Fixtures.decode(
            BasicPaymentProducts.self,
            json: """
                {"paymentProducts": [{"id": 1, "paymentMethod": "card", "displayHints": {"logo": "a"},
                  "accountsOnFile": [
                    {"id": 1, "paymentProductId": 1, "attributes": [{"key": "cardNumber", "status": "LOCKED"}]},
                    {"id": 2, "paymentProductId": 1}
                  ]}]}
                """)
        let product = try XCTUnwrap(products.paymentProducts.first)
        XCTAssertEqual(product.accountsOnFile.map(\.identifier), ["2"])
        XCTAssertEqual(
            product.skippedAccountsOnFile.map(\.path), ["paymentProducts[0].accountsOnFile[0].attributes[0].status"])
    }

    func testProductDetailWithAFieldLackingItsFormElementThrowsNamingTheField() throws {
        let json = """
            {"id": 1, "paymentMethod": "card", "displayHints": {"logo": "a"},
             "fields": [{"id": "cardNumber"}, {"id": "cvv", "displayHints": {"mask": "{{999}}"}}]}
            """
        XCTAssertThrowsError(try Fixtures.decode(PaymentProduct.self, json: json)) { error in
            XCTAssertEqual(
                error as? WorldlineDecodingError,
                WorldlineDecodingError(path: "fields[1].displayHints.formElement", reason: .missingField))
            XCTAssertEqual(String(describing: error), "fields[1].displayHints.formElement: required field is missing")
        }
    }

    func testUnknownFieldTypeIsAnErrorNamingTheField() {
        let json = """
            {"id": 1, "paymentMethod": "card", "displayHints": {"logo": "a"}, "fields": [{"id": "x", "type": "colour"}]}
            """
        XCTAssertThrowsError(try Fixtures.decode(PaymentProduct.self, json: json)) { error in
            XCTAssertEqual((error as? WorldlineDecodingError)?.path, "fields[0].type")
        }
    }

    func testBodyThatIsNotJSONIsReportedAsSuch() {
        XCTAssertThrowsError(try Fixtures.decode(PublicKeyResponse.self, json: "<html>")) { error in
            guard case .notJSON = (error as? WorldlineDecodingError)?.reason else {
                return XCTFail("expected notJSON, got \(error)")
            }
        }
    }

    func testGroupIdMustBeAString() {
        let json = #"{"paymentProductGroups": [{"id": 7, "displayHints": {"logo": "a"}}]}"#
        XCTAssertEqual(
            try Fixtures.decode(BasicPaymentProductGroups.self, json: json).skippedGroups.map(\.path),
            ["paymentProductGroups[0].id"])
    }
}
