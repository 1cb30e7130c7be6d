import XCTest

@testable import Worldline

final class PaymentRequestSwitchTests: XCTestCase {
    func testSwitchingProductKeepsTypedValuesAndDropsAForeignAccount() throws {
        let group = try Fixtures.decode(PaymentProductGroup.self, "productgroup_cards")
        let cardsAsProduct = PaymentProduct(
            basic: BasicPaymentProduct(
                identifier: group.identifier, paymentMethod: "card", displayHints: group.displayHints),
            fields: group.fields)
        let account = AccountOnFile(identifier: "9", paymentProductId: "cards")
        var request = PaymentRequest(paymentProduct: cardsAsProduct, accountOnFile: account)
        try request.setValue("4111 1111", forField: "cardNumber")
        request.validate(context: FixedClock.context())
        XCTAssertFalse(request.errors.isEmpty)
        let visa = try Fixtures.product1()
        request.switchPaymentProduct(to: visa)
        XCTAssertEqual(request.paymentProduct?.identifier, "1")
        XCTAssertNil(request.accountOnFile)
        XCTAssertEqual(request.errors, [])
        XCTAssertEqual(request.unmaskedValue(forField: "cardNumber"), "41111111")
        XCTAssertEqual(request.maskedValue(forField: "cardNumber"), "4111 1111 ")
    }
}
