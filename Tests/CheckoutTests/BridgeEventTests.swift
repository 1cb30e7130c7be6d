import Checkout
import StateStore
import XCTest

final class BridgeEventTests: XCTestCase {
    func testOrderEventDecodesRequiredAndOptionalFields() throws {
        let json =
            #"{"event":"order","data":{"total":42.5,"orderId":"W1","subTotal":"38.55","delivery":3.95,"currency":"GBP"}}"#
        let event = try BridgeEvent.decode(json).get()
        XCTAssertEqual(
            event,
            .order(
                WebOrder(
                    total: decimal("42.5"), orderID: "W1", subTotal: decimal("38.55"), delivery: decimal("3.95"),
                    currency: "GBP")))
    }

    func testPaymentCompletedCarriesTheOrder() throws {
        let json = #"{"event":"paymentcompleted","data":{"order":{"total":10,"orderId":12345,"tax":1.5}}}"#
        XCTAssertEqual(
            try BridgeEvent.decode(json).get(),
            .paymentCompleted(WebOrder(total: 10, orderID: "12345", tax: decimal("1.5"))))
    }

    func testErrorAndCloseEventsDecode() throws {
        XCTAssertEqual(
            try BridgeEvent.decode(#"{"event":"error","data":{"errorMessage":"Card expired"}}"#).get(),
            .error(message: "Card expired"))
        XCTAssertEqual(try BridgeEvent.decode(#"{"event":"closewebview","data":null}"#).get(), .closeWebView)
    }

    func testOtherEventsAreCustomEventsNotRejections() throws {
        XCTAssertEqual(try BridgeEvent.decode(#"{"event":"ping","data":{}}"#).get(), .ping)
        XCTAssertEqual(try BridgeEvent.decode(#"{"name":"ApplePay"}"#).get(), .applePayRequested)
        XCTAssertEqual(
            try BridgeEvent.decode(#"{"name":"WishlistAdded","data":{"sku":"tee"}}"#).get(),
            .custom(
                name: "wishlistadded", data: .object([JSONMember(key: "sku", value: .string("tee"))]), isRedacted: false
            ))
        XCTAssertEqual(
            try BridgeEvent.decode(#"{"event":"x","data":null}"#).get(),
            .custom(name: "x", data: nil, isRedacted: false))
        XCTAssertEqual(
            rejection(#"{"event":"x","data":[1]}"#),
            .invalidField(event: "x", field: "data", reason: "an array, not an object or null"))
        XCTAssertEqual(rejection(#"{"event":""}"#), .invalidField(event: "", field: "event", reason: "empty"))
    }

    func testBothEnvelopesAreAcceptedAndDifferentNamesAreAmbiguous() throws {
        XCTAssertEqual(try BridgeEvent.decode(#"{"name":"closewebview","data":null}"#).get(), .closeWebView)
        XCTAssertEqual(
            try BridgeEvent.decode(#"{"name":"order","data":{"total":"1.50","currency":"GBP"}}"#).get(),
            .order(WebOrder(total: decimal("1.5"), currency: "GBP")))
        XCTAssertEqual(
            try BridgeEvent.decode(#"{"event":"closewebview","name":"CloseWebView"}"#).get(), .closeWebView)
        XCTAssertEqual(
            rejection(#"{"event":"closewebview","name":"paymentcompleted"}"#),
            .ambiguousEvent(event: "closewebview", name: "paymentcompleted"))
        XCTAssertEqual(
            rejection(#"{"name":7}"#), .invalidField(event: "", field: "name", reason: "a number, not a string"))
    }

    func testDeepOrHugeTextIsRejectedWithAReason() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        guard case .malformedJSON(let detail) = rejection(#"{"event":"x","data":{"a":\#(deep)}}"#) else {
            return XCTFail("expected malformedJSON")
        }
        XCTAssertTrue(detail.hasPrefix("nested deeper than 64 levels at data.a[0][0]"), detail)
        let huge = #"{"event":"x","data":{"a":""# + String(repeating: "x", count: 1_048_576) + #""}}"#
        XCTAssertEqual(rejection(huge), .malformedJSON(detail: "larger than 1048576 bytes"))
    }

    func testMalformedJSONIsATypedRejection() {
        guard case .malformedJSON = rejection(#"{"event":"order","data":{"total":1"#) else {
            return XCTFail("expected malformedJSON")
        }
        guard case .malformedJSON = rejection("[1,2,3]") else { return XCTFail("expected malformedJSON for an array") }
    }

    func testOrderWithoutTotalNamesTheMissingField() {
        XCTAssertEqual(
            rejection(#"{"event":"order","data":{"orderId":"W1"}}"#), .missingField(event: "order", field: "data.total")
        )
        XCTAssertEqual(
            rejection(#"{"event":"paymentcompleted","data":{}}"#),
            .missingField(event: "paymentcompleted", field: "data.order"))
        XCTAssertEqual(rejection(#"{"data":{}}"#), .missingField(event: nil, field: "event"))
    }

    func testWrongTypeNamesTheField() {
        guard case .invalidField(let event, let field, _) = rejection(#"{"event":"order","data":{"total":true}}"#)
        else {
            return XCTFail("expected invalidField")
        }
        XCTAssertEqual(event, "order")
        XCTAssertEqual(field, "data.total")
    }

    func testTotalAsNonNumericStringIsRejectedNotTruncated() {
        guard case .invalidField(_, let field, _) = rejection(#"{"event":"order","data":{"total":"12abc"}}"#) else {
            return XCTFail("expected invalidField")
        }
        XCTAssertEqual(field, "data.total")
    }

    private func rejection(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> BridgeRejection? {
        switch BridgeEvent.decode(json) {
        case .success(let event):
            XCTFail("expected a rejection, decoded \(event)", file: file, line: line)
            return nil
        case .failure(let rejection):
            return rejection
        }
    }
}
