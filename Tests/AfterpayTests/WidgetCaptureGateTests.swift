import Afterpay
import Foundation
import XCTest

final class WidgetCaptureGateTests: XCTestCase {
    private let money = Money(amount: "50.00", currency: "USD")
    private let later = Money(amount: "52.50", currency: "USD")

    func testNothingMayBeCapturedBeforeTheWidgetReports() {
        XCTAssertEqual(WidgetCaptureGate(requiresChecksum: true).decision, .blocked(.noStatus))
    }

    func testValidReadyAllowsCaptureWithItsChecksum() {
        var gate = WidgetCaptureGate(requiresChecksum: true)
        gate.apply(.ready(isValid: true, amountDueToday: money, paymentScheduleChecksum: "c1"))
        XCTAssertEqual(gate.decision, .allowed(amountDueToday: money, checksum: "c1"))
    }

    func testInvalidReadyBlocksCapture() {
        var gate = WidgetCaptureGate(requiresChecksum: true)
        gate.apply(.ready(isValid: false, amountDueToday: money, paymentScheduleChecksum: nil))
        XCTAssertEqual(gate.decision, .blocked(.invalid(errorCode: nil, message: nil)))
    }

    func testInvalidChangeBlocksCaptureWithTheWidgetsReason() {
        var gate = WidgetCaptureGate(requiresChecksum: true)
        gate.apply(.ready(isValid: true, amountDueToday: money, paymentScheduleChecksum: "c1"))
        gate.apply(.changed(.invalid(errorCode: "SAD", message: "I am sad")))
        XCTAssertEqual(gate.decision, .blocked(.invalid(errorCode: "SAD", message: "I am sad")))
    }

    func testCaptureCarriesTheLatestChecksum() {
        var gate = WidgetCaptureGate(requiresChecksum: true)
        gate.apply(.ready(isValid: true, amountDueToday: money, paymentScheduleChecksum: "c1"))
        gate.apply(.changed(.valid(amountDueToday: later, checksum: "c2")))
        XCTAssertEqual(gate.decision, .allowed(amountDueToday: later, checksum: "c2"))
    }

    func testOrderTotalChangeBlocksCaptureUntilTheNextChange() {
        var gate = WidgetCaptureGate(requiresChecksum: true)
        gate.apply(.ready(isValid: true, amountDueToday: money, paymentScheduleChecksum: "c1"))
        gate.orderTotalChanged()
        XCTAssertEqual(gate.decision, .blocked(.awaitingUpdate))
        gate.apply(.ready(isValid: true, amountDueToday: money, paymentScheduleChecksum: "c1"))
        gate.apply(.valid(amountDueToday: money, checksum: "c1"))
        gate.apply(.error(errorCode: nil, message: nil))
        gate.apply(.resized(size: 10))
        gate.apply(.failure(.missingType))
        XCTAssertEqual(gate.decision, .blocked(.awaitingUpdate), "only a change event answers an update")
        gate.apply(.changed(.valid(amountDueToday: later, checksum: "c2")))
        XCTAssertEqual(gate.decision, .allowed(amountDueToday: later, checksum: "c2"))
    }

    func testTokenModeNeedsAChecksumAndTokenlessDoesNot() {
        var token = WidgetCaptureGate(requiresChecksum: true)
        token.apply(.changed(.valid(amountDueToday: money, checksum: nil)))
        XCTAssertEqual(token.decision, .blocked(.missingChecksum))
        var tokenless = WidgetCaptureGate(requiresChecksum: false)
        tokenless.apply(.changed(.valid(amountDueToday: money, checksum: nil)))
        XCTAssertEqual(tokenless.decision, .allowed(amountDueToday: money, checksum: nil))
    }

    func testErrorsAndFailuresDoNotChangeTheStatus() {
        var gate = WidgetCaptureGate(requiresChecksum: true)
        gate.apply(.ready(isValid: true, amountDueToday: money, paymentScheduleChecksum: "c1"))
        gate.apply(.error(errorCode: "SAD", message: "I am sad"))
        gate.apply(.failure(.notJSON(reason: "x")))
        XCTAssertEqual(gate.decision, .allowed(amountDueToday: money, checksum: "c1"))
    }

    func testGateRoundTripsThroughJSON() throws {
        var gate = WidgetCaptureGate(requiresChecksum: true)
        gate.apply(.ready(isValid: true, amountDueToday: money, paymentScheduleChecksum: "c1"))
        gate.orderTotalChanged()
        let decoded = try JSONDecoder().decode(WidgetCaptureGate.self, from: try JSONEncoder().encode(gate))
        XCTAssertEqual(decoded, gate)
        XCTAssertEqual(decoded.decision, .blocked(.awaitingUpdate))
    }

    // MARK: Through the widget

    func testWidgetGatesCaptureOnItsMessagesAndUpdates() throws {
        let widget = try CheckoutWidget(token: "tok", context: try Fixture.context())
        XCTAssertEqual(widget.captureDecision, .blocked(.noStatus))
        widget.receive(
            message:
                #"{"type":"ready","isValid":true,"amountDueToday":{"amount":"50.00","currency":"USD"},"paymentScheduleChecksum":"c1"}"#
        )
        XCTAssertEqual(widget.captureDecision, .allowed(amountDueToday: money, checksum: "c1"))
        _ = try widget.sendUpdate(amount: "210.00")
        XCTAssertEqual(widget.captureDecision, .blocked(.awaitingUpdate))
        widget.receive(
            message:
                #"{"type":"change","isValid":true,"amountDueToday":{"amount":"52.50","currency":"USD"},"paymentScheduleChecksum":"c2"}"#
        )
        XCTAssertEqual(widget.captureDecision, .allowed(amountDueToday: later, checksum: "c2"))
    }

    func testTokenlessWidgetAllowsCaptureWithoutAChecksum() throws {
        let widget = try CheckoutWidget(amount: "200.00", context: try Fixture.context())
        _ = try widget.status(
            fromJavaScriptResult: #"{"isValid":true,"amountDueToday":{"amount":"50.00","currency":"USD"}}"#)
        XCTAssertEqual(widget.captureDecision, .allowed(amountDueToday: money, checksum: nil))
    }
}
