import Checkout
import XCTest

final class ParseRulesTests: XCTestCase {
    func testCompletionByTitleIgnoresCase() {
        let rules = ParseRules(completion: .titleContains("Order Confirmation"))
        XCTAssertTrue(rules.isCompletion(url: "https://shop/x", title: "Your order confirmation"))
        XCTAssertFalse(rules.isCompletion(url: "https://shop/order-confirmation", title: "Payment"))
        XCTAssertFalse(rules.isCompletion(url: "https://shop/x", title: nil))
    }

    func testCompletionByAnyOfSeveralURLFragments() {
        let rules = ParseRules.urlFragments("/thank-you | /order-confirmation|")
        XCTAssertEqual(rules.completion, .urlContainsAny(["/thank-you", "/order-confirmation"]))
        XCTAssertTrue(rules.isCompletion(url: "https://shop/order-confirmation?o=1", title: nil))
        XCTAssertFalse(rules.isCompletion(url: "https://shop/checkout", title: "Thank you"))
    }

    func testOrderNumberComesFromTheConfiguredQueryParameter() {
        let rules = ParseRules(completion: .urlContainsAny(["/done"]), orderNumberQueryParameter: "orderNo")
        XCTAssertEqual(rules.orderNumber(in: "https://shop/done?x=1&orderNo=A%2012&y=2#top"), "A 12")
        XCTAssertNil(rules.orderNumber(in: "https://shop/done?orderNo="))
        XCTAssertNil(rules.orderNumber(in: "https://shop/done"))
    }

    func testContinueShoppingDefaultsToPoqsFragment() {
        let rules = ParseRules(completion: .titleContains("x"))
        XCTAssertTrue(rules.isContinueShopping(url: "https://shop/Cart-ContinueShopping"))
        XCTAssertFalse(rules.isContinueShopping(url: "https://shop/cart"))
    }
}
