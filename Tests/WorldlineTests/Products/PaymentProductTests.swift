import XCTest

@testable import Worldline

final class PaymentProductTests: XCTestCase {
    func testProductDetailDecodesFieldsInDisplayOrder() throws {
        let product = try Fixtures.product1()
        XCTAssertEqual(product.identifier, "1")
        XCTAssertEqual(product.fields.map(\.identifier), ["cardNumber", "expiryDate", "cvv", "cardholderName"])
        let cardNumber = try XCTUnwrap(product.paymentProductField(withId: "cardNumber"))
        XCTAssertEqual(cardNumber.type, .numericstring)
        XCTAssertTrue(cardNumber.usedForLookup)
        XCTAssertTrue(cardNumber.dataRestrictions.isRequired)
        XCTAssertEqual(cardNumber.displayHints.mask, "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}")
        XCTAssertEqual(cardNumber.displayHints.preferredInputType, .integerKeyboard)
        XCTAssertEqual(cardNumber.displayHints.formElement.type, .text)
        let cvv = try XCTUnwrap(product.paymentProductField(withId: "cvv"))
        XCTAssertTrue(cvv.displayHints.obfuscate)
        XCTAssertTrue(cvv.displayHints.alwaysShow)
        XCTAssertFalse(cvv.dataRestrictions.isRequired)
        XCTAssertEqual(cvv.displayHints.tooltip?.imagePath, "/templates/master/global/css/img/ppimages/ppf_cvv_v1.png")
    }

    func testValidatorsRunInTheFixedOrderWhateverTheJSONOrder() throws {
        let product = try Fixtures.product1()
        func keys(_ id: String) -> [String] {
            product.paymentProductField(withId: id)?.dataRestrictions.validators.map(\.jsonKey) ?? []
        }
        XCTAssertEqual(keys("cardNumber"), ["luhn", "length"])
        XCTAssertEqual(keys("expiryDate"), ["expirationDate", "length", "regularExpression"])
        XCTAssertEqual(keys("cvv"), ["length", "regularExpression"])
        XCTAssertEqual(keys("cardholderName"), ["length", "regularExpression"])
        XCTAssertEqual(
            product.paymentProductField(withId: "cardNumber")?.dataRestrictions.validators.map(\.validationType),
            [.luhn, .length])
    }

    func testSDKOrderingExampleHasLengthThird() throws {
        let restrictions = try Fixtures.decode(
            DataRestrictions.self,
            json: """
                {"validators": {"regularExpression": {"regularExpression": "x"}, "length": {"minLength": 1, "maxLength": 2},
                 "expirationDate": {}, "luhn": {}}}
                """)
        XCTAssertEqual(restrictions.validators.count, 4)
        XCTAssertEqual(restrictions.validators[2], .length(LengthValidator(minLength: 1, maxLength: 2)))
    }

    func testInvalidValidatorParametersAreSkippedAndListed() throws {
        let restrictions = try Fixtures.decode(
            DataRestrictions.self,
            json: """
                {"isRequired": true, "validators": {"regularExpression": {"regularExpression": "(unclosed"},
                 "fixedList": {}, "sparkle": {}, "luhn": {}, "regularExpressionAlias": {"regex": "x"},
                 "boletoBancarioRequiredness": {"fiscalNumberLength": 14}}}
                """)
        XCTAssertEqual(restrictions.validators.map(\.jsonKey), ["luhn", "boletoBancarioRequiredness"])
        XCTAssertEqual(
            restrictions.ignoredValidators, ["fixedList", "regularExpression", "regularExpressionAlias", "sparkle"])
        XCTAssertTrue(restrictions.variableRequiredness)
        XCTAssertTrue(restrictions.isRequired)
    }

    func testRegexParameterAlsoAcceptsTheShortKey() throws {
        let restrictions = try Fixtures.decode(
            DataRestrictions.self, json: #"{"validators": {"regularExpression": {"regex": "^a$"}}}"#)
        XCTAssertEqual(restrictions.validators.map(\.jsonKey), ["regularExpression"])
    }

    func testListFieldValueMappingReconcilesDisplayNames() throws {
        let product = try Fixtures.product809()
        let issuer = try XCTUnwrap(product.paymentProductField(withId: "issuerId"))
        XCTAssertEqual(issuer.displayHints.formElement.type, .list)
        let mapping = issuer.displayHints.formElement.valueMapping
        XCTAssertEqual(mapping.map(\.value), ["ABNANL2A", "ASNBNL21", "INGBNL2A"])
        XCTAssertEqual(mapping[0].displayElements.count, 1, "an existing displayName element is not duplicated")
        XCTAssertEqual(
            mapping[1].displayElements, [DisplayElement(id: "displayName", type: .string, value: "ASN Bank")])
        let fromElement = ValueMappingItem(
            value: "X", displayElements: [DisplayElement(id: "displayName", type: .string, value: "Bank X")])
        XCTAssertEqual(fromElement.displayName, "Bank X")
        let terms = try XCTUnwrap(product.paymentProductField(withId: "termsAndConditions"))
        XCTAssertEqual(terms.displayHints.link?.absoluteString, "https://example.com/terms")
        XCTAssertEqual(terms.type, .boolean)
        XCTAssertEqual(
            product.paymentProductField(withId: "emailAddress")?.displayHints.preferredInputType, .emailAddressKeyboard)
        XCTAssertEqual(product.paymentProductField(withId: "installments")?.displayHints.alwaysShow, false)
    }

    func testFieldWithoutDisplayHintsGetsATextElement() throws {
        let field = try Fixtures.decode(PaymentProductField.self, json: #"{"id": "zip"}"#)
        XCTAssertEqual(field.type, .string)
        XCTAssertEqual(field.displayHints.formElement.type, .text)
        XCTAssertEqual(field.displayHints.preferredInputType, .noKeyboard)
        XCTAssertFalse(field.dataRestrictions.isRequired)
    }

    func testGroupDetailDecodesItsFields() throws {
        let group = try Fixtures.decode(PaymentProductGroup.self, "productgroup_cards")
        XCTAssertEqual(group.identifier, "cards")
        XCTAssertTrue(group.basic.deviceFingerprintEnabled)
        XCTAssertEqual(group.fields.map(\.identifier), ["cardNumber"])
        XCTAssertEqual(group.paymentProductField(withId: "cardNumber")?.usedForLookup, true)
    }

    func testContextDescriptionIsTheSDKCacheKeyForm() {
        let context = PaymentContext(
            amountOfMoney: PaymentAmountOfMoney(totalAmount: 3, currencyCode: "EUR"), isRecurring: true,
            countryCode: "NL", locale: nil)
        XCTAssertEqual(context.amountOfMoney.description, "3-EUR")
        XCTAssertEqual(context.description, "3-EUR-NL-YES")
    }

    func testContextDecodesWithTheSDKDefaults() throws {
        let context = try Fixtures.decode(PaymentContext.self, json: #"{"amountOfMoney": {"amount": 250}}"#)
        XCTAssertEqual(context.countryCode, "US")
        XCTAssertEqual(context.amountOfMoney, PaymentAmountOfMoney(totalAmount: 250, currencyCode: "USD"))
        XCTAssertFalse(context.isRecurring)
        XCTAssertThrowsError(try Fixtures.decode(PaymentContext.self, json: #"{"amountOfMoney": {}}"#)) { error in
            XCTAssertEqual((error as? WorldlineDecodingError)?.path, "amountOfMoney.amount")
        }
    }
}
