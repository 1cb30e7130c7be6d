import Checkout
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

    func testUnknownEventIsATypedRejection() {
        XCTAssertEqual(rejection(#"{"event":"ping","data":{}}"#), .unknownEvent("ping"))
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
