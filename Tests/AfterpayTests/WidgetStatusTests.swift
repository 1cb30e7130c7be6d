import Afterpay
import Foundation
import XCTest

final class WidgetStatusTests: XCTestCase {
    func testValidStatusDecodes() throws {
        let status = try WidgetStatus(
            jsonString:
                #"{"isValid":true,"paymentScheduleChecksum":"abc","error":null,"amountDueToday":{"amount":"12.50","currency":"AUD"}}"#
        )
        XCTAssertEqual(status, .valid(amountDueToday: Money(amount: "12.50", currency: "AUD"), checksum: "abc"))
        XCTAssertTrue(status.isValid)
        XCTAssertEqual(status.checksum, "abc")
        XCTAssertEqual(status.amountDueToday?.decimalAmount, Decimal(string: "12.50"))
    }

    func testValidTokenlessStatusHasNoChecksum() throws {
        let status = try WidgetStatus(
            jsonString: #"{"isValid":true,"amountDueToday":{"amount":"12.50","currency":"AUD"}}"#)
        XCTAssertEqual(status, .valid(amountDueToday: Money(amount: "12.50", currency: "AUD"), checksum: nil))
    }

    func testInvalidStatusDecodesItsReason() throws {
        let status = try WidgetStatus(
            jsonString: #"{"isValid":false,"error":{"errorCode":"SAD","message":"I am sad"}}"#)
        XCTAssertEqual(status, .invalid(errorCode: "SAD", message: "I am sad"))
        XCTAssertFalse(status.isValid)
        XCTAssertNil(status.checksum)
        XCTAssertNil(status.amountDueToday)
    }

    func testInvalidStatusWithoutReason() throws {
        XCTAssertEqual(try WidgetStatus(jsonString: #"{"isValid":false}"#), .invalid(errorCode: nil, message: nil))
    }

    func testStatusErrors() {
        let cases: [(String, WidgetMessageError)] = [
            (#"{"isValid":true}"#, .missingField("amountDueToday", messageType: "status")),
            (#"{}"#, .missingField("isValid", messageType: "status")),
            (#"{"isValid":"yes"}"#, .invalidField("isValid", messageType: "status", expected: "a boolean")),
        ]
        for (json, expected) in cases {
            XCTAssertThrowsError(try WidgetStatus(jsonString: json), json) { error in
                XCTAssertEqual(error as? WidgetMessageError, expected, json)
            }
        }
        XCTAssertThrowsError(try WidgetStatus(jsonString: "undefined")) { error in
            guard case .notJSON = error as? WidgetMessageError else {
                return XCTFail("expected notJSON, got \(error)")
            }
        }
    }
}
