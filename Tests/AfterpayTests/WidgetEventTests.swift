import Afterpay
import Foundation
import XCTest

final class WidgetEventTests: XCTestCase {
    private let usd50 = Money(amount: "50.00", currency: "USD")

    // MARK: ready

    func testReadyWithChecksumDecodes() {
        let event = WidgetEvent(
            message:
                #"{"type":"ready","isValid":true,"amountDueToday":{"amount":"50.00","currency":"USD"},"paymentScheduleChecksum":"abc123"}"#
        )
        XCTAssertEqual(event, .ready(isValid: true, amountDueToday: usd50, paymentScheduleChecksum: "abc123"))
        XCTAssertEqual(event.status, .valid(amountDueToday: usd50, checksum: "abc123"))
    }

    func testReadyWithoutChecksumDecodesWithNilChecksum() {
        let event = WidgetEvent(
            message: #"{"type":"ready","isValid":true,"amountDueToday":{"amount":"50.00","currency":"USD"}}"#)
        XCTAssertEqual(event, .ready(isValid: true, amountDueToday: usd50, paymentScheduleChecksum: nil))
    }

    func testReadyWithMalformedChecksumTreatsItAsAbsent() {
        let event = WidgetEvent(
            message:
                #"{"type":"ready","isValid":true,"amountDueToday":{"amount":"50.00","currency":"USD"},"paymentScheduleChecksum":42}"#
        )
        XCTAssertEqual(event, .ready(isValid: true, amountDueToday: usd50, paymentScheduleChecksum: nil))
    }

    func testInvalidReadyStillNeedsAmountDueToday() {
        XCTAssertEqual(
            WidgetEvent(message: #"{"type":"ready","isValid":false}"#),
            .failure(.missingField("amountDueToday", messageType: "ready")))
        let event = WidgetEvent(
            message: #"{"type":"ready","isValid":false,"amountDueToday":{"amount":"50.00","currency":"USD"}}"#)
        XCTAssertEqual(event, .ready(isValid: false, amountDueToday: usd50, paymentScheduleChecksum: nil))
        XCTAssertEqual(event.status, .invalid(errorCode: nil, message: nil))
    }

    func testReadyWithoutIsValidFails() {
        XCTAssertEqual(
            WidgetEvent(message: #"{"type":"ready","amountDueToday":{"amount":"50.00","currency":"USD"}}"#),
            .failure(.missingField("isValid", messageType: "ready")))
    }

    func testReadyWithIsValidOfTheWrongTypeFails() {
        XCTAssertEqual(
            WidgetEvent(
                message: #"{"type":"ready","isValid":"true","amountDueToday":{"amount":"50.00","currency":"USD"}}"#),
            .failure(.invalidField("isValid", messageType: "ready", expected: "a boolean")))
        XCTAssertEqual(
            WidgetEvent(
                message: #"{"type":"ready","isValid":1,"amountDueToday":{"amount":"50.00","currency":"USD"}}"#),
            .failure(.invalidField("isValid", messageType: "ready", expected: "a boolean")))
    }

    func testReadyWithNumericAmountFails() {
        XCTAssertEqual(
            WidgetEvent(message: #"{"type":"ready","isValid":true,"amountDueToday":{"amount":50,"currency":"USD"}}"#),
            .failure(
                .invalidField(
                    "amountDueToday", messageType: "ready", expected: "an object with string amount and currency")))
    }

    // MARK: change

    func testValidChangeCarriesAmountAndChecksum() {
        XCTAssertEqual(
            WidgetEvent(
                message:
                    #"{"type":"change","isValid":true,"amountDueToday":{"amount":"50.00","currency":"USD"},"paymentScheduleChecksum":"xyz"}"#
            ),
            .changed(.valid(amountDueToday: usd50, checksum: "xyz")))
    }

    func testValidChangeWithoutAmountFails() {
        XCTAssertEqual(
            WidgetEvent(message: #"{"type":"change","isValid":true,"paymentScheduleChecksum":"xyz"}"#),
            .failure(.missingField("amountDueToday", messageType: "change")))
    }

    func testInvalidChangeCarriesTheErrorWhenBothFieldsAreStrings() {
        XCTAssertEqual(
            WidgetEvent(
                message: #"{"type":"change","isValid":false,"error":{"errorCode":"SAD","message":"I am sad"}}"#),
            .changed(.invalid(errorCode: "SAD", message: "I am sad")))
    }

    func testInvalidChangeWithoutErrorHasNoReason() {
        XCTAssertEqual(
            WidgetEvent(message: #"{"type":"change","isValid":false}"#),
            .changed(.invalid(errorCode: nil, message: nil)))
    }

    func testErrorObjectWithANonStringFieldDecodesAsNoReason() {
        XCTAssertEqual(
            WidgetEvent(message: #"{"type":"change","isValid":false,"error":{"errorCode":7,"message":"I am sad"}}"#),
            .changed(.invalid(errorCode: nil, message: nil)))
        XCTAssertEqual(
            WidgetEvent(message: #"{"type":"change","isValid":false,"error":{"errorCode":"SAD"}}"#),
            .changed(.invalid(errorCode: nil, message: nil)))
    }

    func testChangeWithoutIsValidFails() {
        XCTAssertEqual(
            WidgetEvent(message: #"{"type":"change"}"#), .failure(.missingField("isValid", messageType: "change")))
        XCTAssertEqual(
            WidgetEvent(message: #"{"type":"change","isValid":null}"#),
            .failure(.missingField("isValid", messageType: "change")))
    }

    // MARK: error

    func testErrorMessageCarriesCodeAndMessage() {
        XCTAssertEqual(
            WidgetEvent(message: #"{"type":"error","error":{"errorCode":"SAD","message":"I am sad"}}"#),
            .error(errorCode: "SAD", message: "I am sad"))
    }

    func testErrorMessageWithoutAnErrorObjectStillDecodes() {
        XCTAssertEqual(WidgetEvent(message: #"{"type":"error"}"#), .error(errorCode: nil, message: nil))
        XCTAssertEqual(
            WidgetEvent(message: #"{"type":"error","error":"boom"}"#), .error(errorCode: nil, message: nil))
    }

    // MARK: resize

    func testResizeCarriesTheSize() {
        XCTAssertEqual(WidgetEvent(message: #"{"type":"resize","size":236}"#), .resized(size: 236))
    }

    func testResizeWithoutAWholeNumberSizeHasNoSize() {
        XCTAssertEqual(WidgetEvent(message: #"{"type":"resize"}"#), .resized(size: nil))
        XCTAssertEqual(WidgetEvent(message: #"{"type":"resize","size":"236"}"#), .resized(size: nil))
        XCTAssertEqual(WidgetEvent(message: #"{"type":"resize","size":236.5}"#), .resized(size: nil))
        XCTAssertEqual(WidgetEvent(message: #"{"type":"resize","size":1e40}"#), .resized(size: nil))
    }

    // MARK: failures

    func testUnknownTypeFails() {
        XCTAssertEqual(WidgetEvent(message: #"{"type":"explode"}"#), .failure(.unknownType("explode")))
    }

    func testMissingOrNonStringTypeFails() {
        XCTAssertEqual(WidgetEvent(message: #"{"isValid":true}"#), .failure(.missingType))
        XCTAssertEqual(WidgetEvent(message: #"{"type":3}"#), .failure(.missingType))
    }

    func testNonJSONAndNonObjectsFailWithoutCrashing() {
        for message in ["", "not json", "{", "[1,2]", "\"ready\"", "null"] {
            guard case .failure(.notJSON) = WidgetEvent(message: message) else {
                XCTFail("expected notJSON for \(message)")
                continue
            }
        }
    }

    func testFailuresExplainThemselves() {
        XCTAssertEqual(
            WidgetMessageError.missingField("isValid", messageType: "change").description,
            "Widget change message is missing the required field \"isValid\"")
        XCTAssertEqual(
            WidgetMessageError.unknownType("explode").description,
            "Widget message has unknown type \"explode\" (expected ready, change, error or resize)")
    }
}
