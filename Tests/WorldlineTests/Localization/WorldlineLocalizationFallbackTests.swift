import XCTest

@testable import Worldline

final class WorldlineLocalizationFallbackTests: XCTestCase {
    private let texts = WorldlineLocalization.shared

    func testItemNamesPreferTheTablesThenTheAPIsLabel() throws {
        let items = PaymentItems(products: try Fixtures.products(), groups: try Fixtures.groups())
        let names = items.paymentItems.map { texts.displayName(for: $0, language: "de") }
        XCTAssertEqual(names, ["Karten", "iDEAL"])
        let unknown = BasicPaymentProduct(
            identifier: "9999", paymentMethod: "card",
            displayHints: PaymentItemDisplayHints(label: "Local Card", logoPath: "/x"))
        XCTAssertEqual(texts.displayName(for: unknown, language: "en"), "Local Card")
        let bare = BasicPaymentProduct(
            identifier: "9998", paymentMethod: "card", displayHints: PaymentItemDisplayHints(logoPath: "/x"))
        XCTAssertEqual(texts.displayName(for: bare, language: "en"), "9998")
    }

    func testFieldTextsPreferTheTablesThenTheAPI() throws {
        let mastercard = try Fixtures.decode(PaymentProduct.self, "product_3")
        let cvv = try XCTUnwrap(mastercard.paymentProductField(withId: "cvv"))
        XCTAssertEqual(texts.label(for: cvv, productId: mastercard.identifier, language: "nl"), "CVC2")
        XCTAssertEqual(texts.placeholder(for: cvv, language: "en"), "123")
        XCTAssertEqual(
            texts.tooltipText(for: cvv, language: "fr"),
            "Le CVV est un code de 3 ou 4 chiffres figurant sur votre carte.")
        let installments = try XCTUnwrap(try Fixtures.product809().paymentProductField(withId: "installments"))
        XCTAssertEqual(texts.label(for: installments, language: "de"), "Installments", "the API's label")
        XCTAssertNil(texts.placeholder(for: installments, language: "de"))
    }
}
