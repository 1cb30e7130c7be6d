import Afterpay
import Checkout
import CheckoutSandbox
import Foundation
import PaymentProviders
import XCTest

/// Afterpay with its checkout widget: the widget's latest status gates capture, capture carries
/// its checksum, and the recorded checkout replays.
final class AfterpayWidgetGateTests: XCTestCase {
    private let ready =
        #"{"type":"ready","isValid":true,"amountDueToday":{"amount":"11.49","currency":"GBP"},"paymentScheduleChecksum":"chk-1"}"#
    private let invalid =
        #"{"type":"change","isValid":false,"error":{"errorCode":"declined","message":"Try another card"}}"#

    func testCaptureWaitsForTheWidgetAndCarriesItsChecksum() async throws {
        let script = AfterpayDemoScript(scenario: DemoScenario(), showsCheckoutWidget: true)
        let checkout = try RecordedProviderCheckout(script: script)
        await checkout.completeSections()
        try await checkout.payAndSubmit()

        // Back from the Afterpay page, but the widget has not said anything: no capture.
        try await checkout.completeActionIfAsked()
        guard case .actionRequired = checkout.state.payment.phase else {
            return XCTFail("captured before the widget reported: \(checkout.state.payment.phase)")
        }
        XCTAssertEqual(checkout.state.errors.last?.kind, .paymentRefused(.widgetNotReady))

        // The widget reports an invalid schedule, as its web view delivers it: still no capture.
        let widget = try CheckoutWidget(
            token: "sbx_secret_002.sandbox-1",
            context: AfterpayContext(
                configuration: AfterpayDemoScript.configuration, deviceLocale: Locale(identifier: "en_GB")))
        let rejected = try XCTUnwrap(PaymentWidgetReport(widget.receive(message: invalid)))
        XCTAssertFalse(rejected.isValid)
        await checkout.send(.payment(.widgetStatusChanged(rejected)))
        try await checkout.completeActionIfAsked()
        guard case .actionRequired = checkout.state.payment.phase else {
            return XCTFail("captured an invalid schedule")
        }

        // Then a valid one: capture, with its checksum.
        await checkout.send(
            .payment(.widgetStatusChanged(try XCTUnwrap(PaymentWidgetReport(widget.receive(message: ready))))))
        try await checkout.completeActionIfAsked()
        XCTAssertEqual(checkout.state.payment.phase, .succeeded)
        let checksums = await script.server.capturedChecksums
        XCTAssertEqual(checksums, ["chk-1"])
        try checkout.assertReplaysWithoutDivergence()
    }

    func testResizeAndUnreadableMessagesCarryNoStatus() throws {
        let widget = try CheckoutWidget(
            token: "002.t",
            context: AfterpayContext(
                configuration: AfterpayDemoScript.configuration, deviceLocale: Locale(identifier: "en_GB")))
        XCTAssertNil(PaymentWidgetReport(widget.receive(message: #"{"type":"resize","size":120}"#)))
        XCTAssertNil(PaymentWidgetReport(widget.receive(message: "not json")))
    }
}
