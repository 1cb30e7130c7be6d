import XCTest

@testable import Worldline

final class WorldlineLocalizationTests: XCTestCase {
    private let texts = WorldlineLocalization.shared

    func testEveryShippedLanguageHasTheSameKeys() {
        let english = texts.allKeys(language: "en")
        XCTAssertGreaterThan(english.count, 50, "the English table loads from the bundle")
        for language in ["nl", "fr", "de"] {
            XCTAssertEqual(texts.allKeys(language: language), english, language)
        }
    }

    func testErrorMessagesInEachLanguage() {
        let luhn = ValidationError(kind: .luhn, paymentProductFieldId: "cardNumber")
        XCTAssertEqual(texts.message(for: luhn, language: "en"), "Please provide a valid card number")
        XCTAssertEqual(texts.message(for: luhn, language: "nl_NL"), "Voer een geldig kaartnummer in a.u.b.")
        XCTAssertEqual(texts.message(for: luhn, language: "de-DE"), "Bitte geben Sie eine gültige Kartennummer an")
        XCTAssertEqual(texts.message(for: luhn, language: "fr"), "Veuillez saisir un numéro de carte valide")
        XCTAssertEqual(
            texts.message(for: luhn, language: "sv"), "Please provide a valid card number", "English fallback")
    }

    func testLengthMessagesFillInTheirParameters() {
        func message(_ min: Int, _ max: Int, _ language: String = "en") -> String {
            texts.message(
                for: ValidationError(kind: .length(minLength: min, maxLength: max), paymentProductFieldId: "f"),
                language: language)
        }
        XCTAssertEqual(message(2, 51), "Please provide a value between 2 and 51 characters")
        XCTAssertEqual(message(0, 70), "Please provide a value of maximum of 70 characters")
        XCTAssertEqual(message(4, 4), "Please provide a value of exactly 4 characters")
        XCTAssertEqual(message(2, 51, "nl"), "Voer een waarde van 2 tot 51 tekens in a.u.b.")
    }

    func testRangeMessageUsesTheRangeKeyAndCurrencyFormatting() {
        let error = ValidationError(kind: .range(minValue: 1, maxValue: 12), paymentProductFieldId: "installments")
        XCTAssertEqual(texts.message(for: error, language: "en"), "Please provide a value between 1 and 12")
        let amount = PaymentProductField(
            identifier: "amount",
            displayHints: PaymentProductFieldDisplayHints(formElement: FormElement(type: .currency)))
        let money = ValidationError(kind: .range(minValue: 1005, maxValue: 250_000), paymentProductFieldId: "amount")
        XCTAssertEqual(
            texts.message(for: money, field: amount, language: "de"),
            "Bitte geben Sie einen Wert zwischen 10.05 und 2500.00 an")
    }

    func testEveryErrorKindHasAMessage() {
        let kinds: [ValidationError.Kind] = [
            .length(minLength: 1, maxLength: 2), .range(minValue: 1, maxValue: 2), .expirationDate, .fixedList, .luhn,
            .regularExpression, .emailAddress, .termsAndConditions, .iban, .residentIdNumber, .isRequired,
            .allowedInContext, .integer, .numericString, .invalidPaymentProduct,
        ]
        for language in WorldlineLocalization.supportedLanguages {
            for kind in kinds {
                let message = texts.message(
                    for: ValidationError(kind: kind, paymentProductFieldId: "f"), language: language)
                XCTAssertFalse(message.hasPrefix("gc."), "\(language) \(kind): \(message)")
                XCTAssertFalse(message.contains("{"), "\(language) \(kind): \(message)")
            }
        }
    }

    func testProductGroupAndFieldTexts() {
        XCTAssertEqual(texts.productName("809", language: "en"), "iDEAL")
        XCTAssertEqual(texts.productName("130", language: "fr"), "Carte Bancaire")
        XCTAssertNil(texts.productName("99999", language: "en"))
        XCTAssertEqual(texts.groupName("cards", language: "nl"), "Kaarten")
        XCTAssertEqual(texts.fieldText(.label, fieldId: "cvv", productId: "3", language: "en"), "CVC2")
        XCTAssertEqual(texts.fieldText(.label, fieldId: "cvv", productId: "128", language: "en"), "CID")
        XCTAssertEqual(texts.fieldText(.label, fieldId: "cvv", productId: "1", language: "en"), "CVV")
        XCTAssertEqual(texts.fieldText(.placeholder, fieldId: "cardNumber", language: "en"), "**** **** **** ****")
        XCTAssertEqual(texts.fieldText(.placeholder, fieldId: "expiryDate", language: "en"), "MM/YY")
        XCTAssertEqual(texts.fieldText(.label, fieldId: "expiryDate", language: "de"), "Ablaufdatum")
        XCTAssertNotNil(texts.coBrandText("introText", language: "fr"))
    }

    func testAppTablesReplaceTheShippedOnes() {
        let custom = WorldlineLocalization(tables: ["en": ["gc.general.paymentProducts.1.name": "VISA"]])
        XCTAssertEqual(custom.productName("1", language: "nl"), "VISA")
    }
}
