import ActionLog
import Checkout
import Foundation
import StateStore
import XCTest

/// The Apple Pay replies to the page carry the shopper's contact and the token: evaluated by a
/// JavaScript engine against the page's `window.poqWebCheckout`, what arrives is exactly what was
/// sent, whatever the strings hold.
final class WebApplePayReplyTests: XCTestCase {
    private static let hostile = [
        #"</script><script>alert(1)</script>"#, "line\u{2028}separator\u{2029}", #"");alert(1);//"#, "'; alert(1); '",
        #"back\slash \" quote"#, "\u{1F600}\u{FEFF}\u{0}", "${alert(1)}`", "<!-- -->",
    ]

    private static var request: WebApplePayRequest {
        WebApplePayRequest(
            countryCode: "GB", currencyCode: "GBP",
            total: WebApplePayLine(label: hostile[0], amount: Decimal(string: "49.95") ?? 0),
            requiredShippingContactFields: [.postalAddress, .name, .email, .phone],
            requiredBillingContactFields: [.postalAddress, .name])
    }

    /// Replies whose every string is hostile: the token, names, address lines, the card's name.
    static func corpus() -> [WebCheckoutReply] {
        var replies: [WebCheckoutReply] = []
        for (index, text) in hostile.enumerated() {
            let address = Address(
                firstName: text, lastName: text + "2", line1: text, line2: text, city: text, region: text,
                postcode: text,
                countryCode: "gb", phone: text)
            let authorization = WalletAuthorization(
                email: text + "@example.com", shippingAddress: address, billingAddress: address, shippingMethodID: text,
                shownTotal: Money(amount: Decimal(string: "49.95") ?? 0, currencyCode: "GBP"),
                payload: text, display: text)
            replies.append(
                .paymentAuthorized(
                    authorization, request: request,
                    shippingMethods: [
                        ShippingMethod(id: text, name: text, price: Money(amount: 7, currencyCode: "GBP"))
                    ],
                    paymentMethod: WalletPaymentMethod(displayName: text, network: text, kind: .credit),
                    requestID: index + 1))
            replies.append(
                .applePayShippingContactChanged(
                    PartialAddress(city: text, postcode: text, countryCode: "gb"), requestID: Int.max - index))
            replies.append(
                .applePayShippingMethodChanged(
                    ShippingMethod(id: text, name: text, price: Money(amount: 0, currencyCode: "GBP")), requestID: index
                ))
            replies.append(.applePayCancelled(.invalidRequest, message: text))
        }
        return replies
    }

    func testApplePayRepliesHoldNothingThatEndsAStringACallOrAScriptElement() throws {
        for reply in Self.corpus() {
            let script = reply.script()
            assertInertReplyScript(script)
            XCTAssertEqual(PageReply(script: script)?.payload, reply.payload.inCanonicalOrder, reply.name)
        }
    }

    func testApplePayRepliesArriveExactlyAsSentWhenEvaluatedInNode() throws {
        guard let node = NodeRunner.find() else { throw XCTSkip("node is not installed") }
        let replies = Self.corpus()
        let received = try NodeRunner.postedMessages(node, evaluating: replies.map { $0.script() })
        guard case .array(let calls) = received else { return XCTFail("expected an array") }
        XCTAssertEqual(calls.count, replies.count)
        for (call, reply) in zip(calls, replies) {
            let sent = JSONValue.array([.string(reply.name), reply.payload]).inCanonicalOrder
            XCTAssertEqual(call.inCanonicalOrder, sent, reply.name)
        }
        // The token arrived whole, as the page's payment provider needs it.
        guard case .array(let first)? = calls.first, first.count == 2 else { return XCTFail("no first call") }
        XCTAssertEqual(first[1]["token"]?["paymentData"], .string(Self.hostile[0]))
    }
}

extension WalletAuthorization {
    /// An authorisation paying with `payload` as the wallet's token, shown as `display`.
    fileprivate init(
        email: String, shippingAddress: Address, billingAddress: Address?, shippingMethodID: String?, shownTotal: Money,
        payload: String, display: String
    ) {
        self.init(
            email: email, shippingAddress: shippingAddress, billingAddress: billingAddress,
            shippingMethodID: shippingMethodID, shownTotal: shownTotal,
            payment: PaymentSubmission(methodID: "applepay", payload: Sensitive(payload), displayDescription: display))
    }
}
