import XCTest

@testable import Worldline

final class PaymentRequestTests: XCTestCase {
    private let now = FixedClock.context()

    private func visaAccount() throws -> AccountOnFile {
        try XCTUnwrap(Fixtures.products().paymentProduct(withIdentifier: "1")?.accountOnFile(withIdentifier: "1234"))
    }

    func testMaskedValueFormatsAndMovesTheCursor() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1())
        try request.setValue("41111", forField: "cardNumber")
        XCTAssertEqual(request.maskedValue(forField: "cardNumber"), "4111 1")
        let atEnd = try XCTUnwrap(request.maskedValue(forField: "cardNumber", cursorPosition: 5))
        XCTAssertEqual(atEnd.value, "4111 1")
        XCTAssertEqual(atEnd.cursorPosition, 6)
        let inside = try XCTUnwrap(request.maskedValue(forField: "cardNumber", cursorPosition: 2))
        XCTAssertEqual(inside.cursorPosition, 2)
        XCTAssertEqual(request.unmaskedValue(forField: "cardNumber"), "41111")
    }

    func testUnmaskedValueRemovesTheMaskFromTypedSeparators() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1())
        try request.setValue("12/30", forField: "expiryDate")
        XCTAssertEqual(request.unmaskedValue(forField: "expiryDate"), "1230")
        XCTAssertEqual(request.maskedValue(forField: "expiryDate"), "12/30")
    }

    func testFieldWithoutMaskKeepsValueAndCursor() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1())
        try request.setValue("J. Jansen", forField: "cardholderName")
        let masked = try XCTUnwrap(request.maskedValue(forField: "cardholderName", cursorPosition: 3))
        XCTAssertEqual(masked.value, "J. Jansen")
        XCTAssertEqual(masked.cursorPosition, 3)
        XCTAssertNil(request.maskedValue(forField: "cvv"), "no value, no masked value")
    }

    func testFieldValueDictionariesCoverOnlyTheProductsFields() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1())
        try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
        try request.setValue("secret", forField: "notAField")
        XCTAssertEqual(request.unmaskedFieldValues, ["cardNumber": "4111111111111111"])
        XCTAssertEqual(request.maskedFieldValues, ["cardNumber": "4111 1111 1111 1111 "])
        XCTAssertEqual(request.value(forField: "notAField"), "secret")
    }

    func testIINLookupValueIsTheUnmaskedLookupField() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1())
        XCTAssertNil(request.iinLookupValue)
        try request.setValue("4111 1111 1", forField: "cardNumber")
        XCTAssertEqual(request.iinLookupValue, "411111111")
        XCTAssertNil(PaymentRequest(paymentProduct: try Fixtures.product809()).iinLookupValue, "no lookup field")
    }

    func testFixedListFieldIsNotFilledInSilently() throws {
        let request = PaymentRequest(paymentProduct: try Fixtures.product809())
        XCTAssertNil(request.value(forField: "issuerId"))
        XCTAssertTrue(request.unmaskedFieldValues.isEmpty)
    }

    func testValidRequestHasNoErrors() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1())
        try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
        try request.setValue("12/30", forField: "expiryDate")
        try request.setValue("J. Jansen", forField: "cardholderName")
        XCTAssertEqual(request.validate(context: now), [])
        XCTAssertEqual(request.errors, [])
    }

    func testEmptyRequestReportsRequiredFieldsButNotTheOptionalCVV() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1())
        let errors = request.validate(context: now)
        XCTAssertEqual(errors.map(\.paymentProductFieldId), ["cardNumber", "expiryDate", "cardholderName"])
        XCTAssertEqual(Set(errors.map(\.kind)), [.isRequired])
        XCTAssertEqual(request.errors, errors)
    }

    func testRequestWithoutProductIsInvalid() {
        var request = PaymentRequest()
        XCTAssertEqual(
            request.validate(context: now), [ValidationError(kind: .invalidPaymentProduct, paymentProductFieldId: nil)])
    }

    func testValidationUsesUnmaskedValuesAndCollectsEveryError() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1())
        try request.setValue("4111 1111 1111 1112", forField: "cardNumber")
        try request.setValue("10/26", forField: "expiryDate")
        try request.setValue("12", forField: "cvv")
        try request.setValue("J. Jansen", forField: "cardholderName")
        XCTAssertEqual(
            request.validate(context: now).map(\.description),
            ["cardNumber: luhn", "expiryDate: expirationDate", "cvv: length", "cvv: regularExpression"])
    }

    func testAccountOnFileSkipsReadOnlyAndUntouchedFieldsButRequiresMustWrite() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1(), accountOnFile: try visaAccount())
        XCTAssertTrue(request.isPartOfAccountOnFile(field: "cardNumber"))
        XCTAssertTrue(request.isReadOnly(field: "cardNumber"))
        XCTAssertFalse(request.isReadOnly(field: "cardholderName"))
        XCTAssertEqual(
            request.validate(context: now), [ValidationError(kind: .isRequired, paymentProductFieldId: "expiryDate")],
            "expiryDate is MUST_WRITE; cardholderName (CAN_WRITE) keeps its stored value")
        try request.setValue("12/30", forField: "expiryDate")
        XCTAssertEqual(request.validate(context: now), [])
        try request.setValue("R2D2", forField: "cardholderName")
        XCTAssertEqual(request.validate(context: now).map(\.description), ["cardholderName: regularExpression"])
    }

    func testDisplayedValuesPrefillFromTheAccountOnFile() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1(), accountOnFile: try visaAccount())
        XCTAssertEqual(request.displayedValue(forField: "cardNumber"), "**** **** **** 1111")
        XCTAssertEqual(request.displayedValue(forField: "cardholderName"), "J. Jansen")
        XCTAssertEqual(request.displayedValue(forField: "expiryDate"), "12/30")
        XCTAssertNil(request.displayedValue(forField: "cvv"))
        try request.setValue("A. Smit", forField: "cardholderName")
        try request.setValue("0131", forField: "expiryDate")
        XCTAssertEqual(request.displayedValue(forField: "cardholderName"), "A. Smit", "the customer's value wins")
        XCTAssertEqual(request.displayedValue(forField: "expiryDate"), "01/31")
    }

    func testReadOnlyAccountOnFileValueCannotBeOverwritten() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1(), accountOnFile: try visaAccount())
        XCTAssertThrowsError(try request.setValue("4111111111111111", forField: "cardNumber")) { error in
            XCTAssertEqual(error as? PaymentRequestError, .readOnlyField("cardNumber"))
        }
        XCTAssertNil(request.value(forField: "cardNumber"))
        XCTAssertNoThrow(try request.setValue("A. Smit", forField: "cardholderName"))
    }

    func testDescriptionDumpAndEncodingNeverContainFieldValues() throws {
        var request = PaymentRequest(paymentProduct: try Fixtures.product1(), tokenize: true)
        let secrets = ["4111111111111111": "cardNumber", "1230": "expiryDate", "737": "cvv"]
        for (value, field) in secrets { try request.setValue(value, forField: field) }
        var dumped = ""
        dump(request, to: &dumped)
        let encoded = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        let outputs = [
            request.description, request.debugDescription, String(describing: request), String(reflecting: request),
            "\(request)", dumped, encoded,
        ]
        for output in outputs {
            for secret in secrets.keys {
                XCTAssertFalse(output.contains(secret), "\(secret) leaked into: \(output)")
            }
        }
        XCTAssertEqual(
            request.description, "PaymentRequest(product: 1, tokenize: true, fields: [cardNumber, cvv, expiryDate])")
        XCTAssertTrue(encoded.contains(#""cvv":"<redacted>""#), encoded)
        XCTAssertTrue(dumped.contains("fieldsWithValues"), dumped)
    }

    func testSensitiveValueRedactsItselfEverywhere() throws {
        let value = SensitiveString("4111111111111111")
        var dumped = ""
        dump(value, to: &dumped)
        XCTAssertFalse(dumped.contains("4111"))
        XCTAssertEqual("\(value)", "<redacted>")
        XCTAssertEqual(String(reflecting: value), "<redacted>")
        XCTAssertEqual(String(decoding: try JSONEncoder().encode([value]), as: UTF8.self), #"["<redacted>"]"#)
        XCTAssertEqual(value.revealed, "4111111111111111")
    }
}
