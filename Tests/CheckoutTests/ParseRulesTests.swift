import ActionLog
import Checkout
import Foundation
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

/// The rules the issue fixed: matching ignores case, and the order number's query parameter is
/// read on a configured confirmation URL only.
final class ParseRulesMatchingTests: XCTestCase {
    func testURLFragmentsMatchIgnoringCase() {
        let rules = ParseRules.urlFragments("/Order-Confirmation|/THANK-you")
        XCTAssertTrue(rules.isCompletion(url: "https://shop/order-confirmation?o=1", title: nil))
        XCTAssertTrue(rules.isCompletion(url: "https://SHOP/Thank-You", title: nil))
        XCTAssertFalse(rules.isCompletion(url: "https://shop/thank", title: "Thank you"))
    }

    func testAFragmentListedWithPipesInsideMatchesEachOfThem() {
        let rules = ParseRules(completion: .urlContainsAny(["/done | /Finished"]))
        XCTAssertTrue(rules.isCompletion(url: "https://shop/finished", title: nil))
        XCTAssertTrue(rules.isCompletion(url: "https://shop/DONE", title: nil))
        XCTAssertFalse(rules.isCompletion(url: "https://shop/cart", title: nil))
    }

    func testContinueShoppingIgnoresCase() {
        let rules = ParseRules(completion: .titleContains("x"))
        XCTAssertTrue(rules.isContinueShopping(url: "https://shop/cart-continueshopping?x=1"))
    }

    func testTheOrderNumberIsReadOnlyOnTheConfiguredConfirmationURL() {
        let rules = ParseRules.urlFragments(
            "/thank-you", orderNumberQueryParameter: "orderNo", confirmationURL: "/Confirm|/return")
        XCTAssertEqual(rules.confirmationURLFragments, ["/Confirm", "/return"])
        XCTAssertNil(rules.confirmationOrderNumber(url: "https://shop/payment?orderNo=1", title: nil))
        XCTAssertNil(rules.confirmationOrderNumber(url: "https://shop/thank-you?orderNo=3", title: "Thanks"))
        XCTAssertEqual(rules.confirmationOrderNumber(url: "https://shop/CONFIRM?orderNo=2", title: nil), "2")
        XCTAssertEqual(rules.confirmationOrderNumber(url: "https://psp/return?a=b&orderNo=W%2D4", title: nil), "W-4")
        XCTAssertNil(rules.confirmationOrderNumber(url: "https://shop/confirm?orderno=5", title: nil), "name is exact")
    }

    func testWithoutAConfirmationURLOnlyTheCompletionPageGivesTheOrderNumber() {
        let byTitle = ParseRules(completion: .titleContains("Thank you"), orderNumberQueryParameter: "o")
        XCTAssertEqual(byTitle.confirmationOrderNumber(url: "https://shop/x?o=1", title: "THANK YOU!"), "1")
        XCTAssertNil(byTitle.confirmationOrderNumber(url: "https://shop/x?o=1", title: "Payment"))
    }

    func testRulesRecordedBeforeTheConfirmationURLAndScriptsReadAndWriteAsBefore() throws {
        // The rules in Examples/Logs/web-parse-checkout.jsonl's header, as written then.
        let old =
            #"{"completion":{"urlContainsAny":{"_0":["/confirmation","/thank-you"]}},"continueShoppingFragment":"Cart-ContinueShopping","orderNumberQueryParameter":"orderNo"}"#
        let rules = try JSONDecoder().decode(ParseRules.self, from: Data(old.utf8))
        XCTAssertEqual(
            rules,
            ParseRules(
                completion: .urlContainsAny(["/confirmation", "/thank-you"]), orderNumberQueryParameter: "orderNo"))
        XCTAssertEqual(try CanonicalEncoder.encode(rules).compactJSON, old)

        let full = ParseRules(
            completion: .titleContains("Thanks"), orderNumberQueryParameter: "o", confirmationURLFragments: ["/c"],
            orderNumberScript: "a", orderSummaryScript: "b", guestEmailScript: "c", continueShoppingFragment: "d")
        let text = try CanonicalEncoder.encode(full).compactJSON
        XCTAssertEqual(try JSONDecoder().decode(ParseRules.self, from: Data(text.utf8)), full)
    }

    func testAScriptIsTheConfiguredExpressionWrappedToAnswerJSONText() {
        let rules = ParseRules(
            completion: .titleContains("x"), orderNumberScript: "  window.orderNo ", guestEmailScript: " ")
        XCTAssertEqual(
            rules.script(for: .orderNumber),
            "(function(){try{return JSON.stringify((function(){return (window.orderNo);})());}catch(e){return undefined;}})()"
        )
        XCTAssertNil(rules.script(for: .orderSummary))
        XCTAssertNil(rules.script(for: .guestEmail), "a blank expression is none")
    }
}
