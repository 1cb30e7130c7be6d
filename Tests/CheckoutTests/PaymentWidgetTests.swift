import Checkout
import CheckoutSandbox
import StateStore
import XCTest

/// A provider with a status widget (Afterpay's checkout widget): its latest status gates capture,
/// capture carries its checksum, and a total change sends an update and waits for a new status.
final class PaymentWidgetTests: XCTestCase {
    private let card = PaymentSubmission(methodID: "scheme", payload: Sensitive("token"))
    private let details = PaymentActionDetails(payload: Sensitive("redirect-result"))

    private final class Updates: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Money] = []
        func append(_ money: Money) {
            lock.lock()
            storage.append(money)
            lock.unlock()
        }
        var values: [Money] {
            lock.lock()
            defer { lock.unlock() }
            return storage
        }
    }

    private func widgetHarness(updates: Updates) async -> (Harness, SandboxPaymentProvider) {
        let descriptor = PaymentProviderDescriptor(
            id: "sandbox", displayName: "Widget sandbox", supportedCurrencies: ["GBP"], usesStatusWidget: true)
        let provider = SandboxPaymentProvider(behaviour: .challengeThenApprove, descriptor: descriptor)
        let harness = Harness(
            state: CheckoutState(kind: .native, user: .guest, paymentProviders: [descriptor]), provider: provider,
            sendWidgetUpdate: { updates.append($0) })
        await harness.start()
        await harness.completeGuestSections()
        return (harness, provider)
    }

    func testCaptureWaitsForAValidStatusAndCarriesItsChecksum() async {
        let updates = Updates()
        let (harness, provider) = await widgetHarness(updates: updates)
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        guard case .actionRequired = harness.state.payment.phase else {
            return XCTFail("expected the redirect action, got \(harness.state.payment.phase)")
        }

        // No status yet: the return cannot capture.
        await harness.send(.payment(.actionCompleted(details)))
        guard case .actionRequired = harness.state.payment.phase else { return XCTFail("captured without a status") }
        XCTAssertEqual(harness.state.errors.last?.kind, .paymentRefused(.widgetNotReady))

        // An invalid schedule still blocks.
        await harness.send(.payment(.widgetStatusChanged(PaymentWidgetReport(isValid: false, errorCode: "E1"))))
        await harness.send(.payment(.actionCompleted(details)))
        guard case .actionRequired = harness.state.payment.phase else { return XCTFail("captured an invalid schedule") }

        // A valid one captures, with its checksum.
        await harness.send(.payment(.widgetStatusChanged(PaymentWidgetReport(isValid: true, checksum: "sum-1"))))
        await harness.send(.payment(.actionCompleted(details)))
        XCTAssertEqual(harness.state.payment.phase, .succeeded)
        let received = await provider.receivedDetails
        XCTAssertEqual(received.map(\.widgetChecksum), ["sum-1"])
        XCTAssertEqual(updates.values, [], "the total never changed")
    }

    func testATotalChangeSendsAnUpdateAndWaitsForTheNewStatus() async {
        let updates = Updates()
        let (harness, provider) = await widgetHarness(updates: updates)
        await harness.send(.payment(.widgetStatusChanged(PaymentWidgetReport(isValid: true, checksum: "old"))))
        XCTAssertEqual(harness.state.payment.widget?.amount, harness.state.displayedTotal)

        // The shopper picks another shipping method: the total changes.
        let before = harness.state.displayedTotal
        if let other = harness.state.shippingMethods.first(where: { $0.id != harness.state.selectedShippingMethodID }) {
            await harness.send(.native(.shippingMethodSelected(id: other.id)))
        }
        guard let after = harness.state.displayedTotal, after != before else {
            return XCTFail("the sandbox offered no method with another price")
        }
        XCTAssertEqual(updates.values, [after])
        XCTAssertEqual(harness.state.payment.widget?.status, .awaitingUpdate)

        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        await harness.send(.payment(.actionCompleted(details)))
        guard case .actionRequired = harness.state.payment.phase else {
            return XCTFail("captured before the widget answered the update")
        }
        await harness.send(.payment(.widgetStatusChanged(PaymentWidgetReport(isValid: true, checksum: "new"))))
        await harness.send(.payment(.actionCompleted(details)))
        XCTAssertEqual(harness.state.payment.phase, .succeeded)
        let received = await provider.receivedDetails
        XCTAssertEqual(received.map(\.widgetChecksum), ["new"])
    }

    func testProvidersWithoutAWidgetAreNotGated() async {
        let harness = Harness()
        await harness.start()
        await harness.completeGuestSections()
        await harness.provider.setBehaviour(.challengeThenApprove)
        await harness.send(.payment(.payTapped))
        await harness.send(.payment(.submitted(card)))
        await harness.send(.payment(.actionCompleted(details)))
        XCTAssertEqual(harness.state.payment.phase, .succeeded)
        XCTAssertNil(harness.state.payment.widget)
    }

    func testOlderLogsWithoutTheWidgetFlagStillDecode() throws {
        let json = Data(#"{"id":"x","displayName":"X","minorUnitOverrides":{},"supportsPartialPayments":false}"#.utf8)
        let descriptor = try JSONDecoder().decode(PaymentProviderDescriptor.self, from: json)
        XCTAssertFalse(descriptor.usesStatusWidget)
        let encoded = String(decoding: try JSONEncoder().encode(descriptor), as: UTF8.self)
        XCTAssertFalse(encoded.contains("usesStatusWidget"), "unset, it is not written")
    }
}
