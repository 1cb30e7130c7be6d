import XCTest

@testable import Worldline

final class FieldValidationTests: XCTestCase {
    private let now = FixedClock.context()

    private func field(required: Bool, type: FieldType = .string) -> PaymentProductField {
        PaymentProductField(
            identifier: "f", type: type,
            dataRestrictions: DataRestrictions(
                isRequired: required,
                validators: [
                    .length(LengthValidator(minLength: 4, maxLength: 6)),
                    .range(RangeValidator(minValue: 50, maxValue: 60)),
                ]))
    }

    func testSDKExamplesForAnOptionalField() {
        XCTAssertEqual(field(required: false).validateValue("0055", context: now), [])
        XCTAssertEqual(
            field(required: false).validateValue("0", context: now).map(\.kind),
            [.range(minValue: 50, maxValue: 60), .length(minLength: 4, maxLength: 6)],
            "all errors, in rule order (range runs before length)")
        XCTAssertEqual(field(required: false).validateValue("", context: now), [], "optional and empty")
    }

    func testRequiredEmptyFieldGivesExactlyOneRequiredError() {
        XCTAssertEqual(field(required: true).validateValue("0055", context: now), [])
        XCTAssertEqual(
            field(required: true).validateValue("", context: now),
            [ValidationError(kind: .isRequired, paymentProductFieldId: "f")])
    }

    func testNumericStringFieldRejectsNonDigits() {
        let errors = field(required: false, type: .numericstring).validateValue("a", context: now)
        XCTAssertEqual(
            errors.map(\.kind),
            [.range(minValue: 50, maxValue: 60), .length(minLength: 4, maxLength: 6), .numericString])
        XCTAssertEqual(field(required: false, type: .numericstring).validateValue("0055", context: now), [])
    }

    func testIntegerFieldRejectsNonIntegersAndAcceptsIntegers() {
        XCTAssertEqual(
            field(required: false, type: .integer).validateValue("0055", context: now), [],
            "not inverted as in SDK 5.12")
        XCTAssertEqual(field(required: false, type: .integer).validateValue("55.0", context: now).last?.kind, .integer)
    }

    func testVariableRequirednessRunsRulesOnAnEmptyValue() {
        let field = PaymentProductField(
            identifier: "stateCode",
            dataRestrictions: DataRestrictions(validators: [
                .boletoBancarioRequiredness(BoletoBancarioRequirednessValidator(fiscalNumberLength: 14))
            ]))
        var context = now
        context.fiscalNumber = "12345678000195"
        XCTAssertEqual(field.validateValue("", context: context).map(\.kind), [.isRequired])
        context.fiscalNumber = "12345678901"
        XCTAssertEqual(field.validateValue("", context: context), [])
    }

    func testSampleProductFieldsValidate() throws {
        let product = try Fixtures.product1()
        let cardNumber = try XCTUnwrap(product.paymentProductField(withId: "cardNumber"))
        XCTAssertEqual(cardNumber.validateValue("4111111111111111", context: now), [])
        XCTAssertEqual(cardNumber.validateValue("4111111111111112", context: now).map(\.kind), [.luhn])
        XCTAssertEqual(
            cardNumber.validateValue("4111", context: now).map(\.kind), [.luhn, .length(minLength: 12, maxLength: 19)])
        let expiry = try XCTUnwrap(product.paymentProductField(withId: "expiryDate"))
        XCTAssertEqual(expiry.validateValue("1230", context: now), [])
        XCTAssertEqual(expiry.validateValue("1026", context: now).map(\.kind), [.expirationDate])
        XCTAssertEqual(
            expiry.validateValue("1", context: now).map(\.kind),
            [.expirationDate, .length(minLength: 4, maxLength: 4), .regularExpression])
        let cvv = try XCTUnwrap(product.paymentProductField(withId: "cvv"))
        XCTAssertEqual(cvv.validateValue("", context: now), [])
        XCTAssertEqual(cvv.validateValue("12a", context: now).map(\.kind), [.regularExpression, .numericString])
        let name = try XCTUnwrap(product.paymentProductField(withId: "cardholderName"))
        XCTAssertEqual(name.validateValue("J. Jansen", context: now), [])
        XCTAssertEqual(name.validateValue("R2D2", context: now).map(\.kind), [.regularExpression])
    }

    func testRedirectProductFieldsValidate() throws {
        let product = try Fixtures.product809()
        let issuer = try XCTUnwrap(product.paymentProductField(withId: "issuerId"))
        XCTAssertEqual(issuer.validateValue("INGBNL2A", context: now), [])
        XCTAssertEqual(issuer.validateValue("RABONL2U", context: now).map(\.kind), [.fixedList])
        let email = try XCTUnwrap(product.paymentProductField(withId: "emailAddress"))
        XCTAssertEqual(email.validateValue("you@domain.com", context: now), [])
        XCTAssertEqual(email.validateValue("you", context: now).map(\.kind), [.emailAddress])
        let installments = try XCTUnwrap(product.paymentProductField(withId: "installments"))
        XCTAssertEqual(installments.validateValue("12", context: now), [])
        XCTAssertEqual(installments.validateValue("13", context: now).map(\.kind), [.range(minValue: 1, maxValue: 12)])
        let terms = try XCTUnwrap(product.paymentProductField(withId: "termsAndConditions"))
        XCTAssertEqual(terms.validateValue("false", context: now).map(\.kind), [.termsAndConditions])
        XCTAssertEqual(terms.validateValue("", context: now).map(\.kind), [.isRequired])
    }

    func testErrorsNameTheirLocalisationKeys() {
        func key(_ kind: ValidationError.Kind) -> String {
            ValidationError(kind: kind, paymentProductFieldId: "f").localizationKey
        }
        let prefix = "gc.general.paymentProductFields.validationErrors."
        XCTAssertEqual(key(.length(minLength: 4, maxLength: 4)), prefix + "length.exact.label")
        XCTAssertEqual(key(.length(minLength: 0, maxLength: 70)), prefix + "length.max.label")
        XCTAssertEqual(key(.length(minLength: 2, maxLength: 51)), prefix + "length.between.label")
        XCTAssertEqual(key(.range(minValue: 1, maxValue: 12)), prefix + "range.label")
        XCTAssertEqual(key(.isRequired), prefix + "required.label")
        XCTAssertEqual(key(.allowedInContext), prefix + "allowedInContext.label")
        XCTAssertEqual(
            ValidationError(kind: .luhn, paymentProductFieldId: "cardNumber").description, "cardNumber: luhn")
    }
}
