import XCTest

/// `checkout-host-example` embeds the checkout as a host app does, and prints the analytics its
/// sink receives: the e-commerce convention's events.
final class CheckoutHostExampleTests: XCTestCase {
    func testTheHostExamplePrintsTheConventionsEventsAndAPurchaseWithTheBackendsOrderID() throws {
        let result = try CommandRunner(product: "checkout-host-example").run([])
        XCTAssertEqual(result.status, 0, result.errors)
        let events = result.output.split(separator: "\n").filter { $0.hasPrefix("analytics: ") }.map {
            String($0.dropFirst("analytics: ".count).prefix { $0 != " " })
        }
        XCTAssertEqual(
            events,
            [
                "begin_checkout", "checkout_section_completed", "checkout_section_completed",
                "checkout_section_completed", "checkout_section_completed", "checkout_section_completed",
                "add_shipping_info", "add_payment_info", "purchase",
            ])
        // The backend placed the order: its id is the transaction, never the payment reference.
        XCTAssertTrue(result.output.contains(" shipping=3.95 transaction_id=order-1 value=42\n"), result.output)
        XCTAssertFalse(result.output.contains("payment-1"), result.output)
    }
}
