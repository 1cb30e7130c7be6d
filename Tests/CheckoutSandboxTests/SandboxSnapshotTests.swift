import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import XCTest

/// The sandbox backend kept across a process the test kills: its snapshot, through JSON, goes on
/// where it was (the same cart, payments, orders and keys), as a real backend outlives the app.
final class SandboxSnapshotTests: XCTestCase {
    func testASnapshotThroughJSONGoesOnWithTheSameCartPaymentsOrdersAndKeys() async throws {
        let api = SandboxCheckoutAPI()
        _ = try await api.updateEmail("ada@example.com", cartID: "cart-1")
        let intent = try await api.startPayment(cartID: "cart-1", expectedAmount: money("42"))
        let order = try await api.placeOrder(
            cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .pending,
            idempotencyKey: "k1")
        await api.failNextCalls(1, with: .timeout)
        let data = try JSONEncoder().encode(await api.snapshot())
        let snapshot = try JSONDecoder().decode(SandboxCheckoutAPI.Snapshot.self, from: data)
        let before = await api.snapshot()
        XCTAssertEqual(snapshot, before)

        let resumed = SandboxCheckoutAPI(snapshot: snapshot)
        let calls = await resumed.receivedCalls
        let original = await api.receivedCalls
        XCTAssertEqual(calls, original)
        XCTAssertEqual(snapshot.payments, [intent.reference: money("42")])
        XCTAssertEqual(snapshot.orderKeys["k1"]?.orderID, order.id)
        do {
            _ = try await resumed.fetchCheckout()
            XCTFail("the failure still to come was kept")
        } catch {
            XCTAssertEqual(error, .timeout)
        }
        let details = try await resumed.fetchCheckout()
        XCTAssertEqual(details.email, "ada@example.com")
        let again = try await resumed.placeOrder(
            cartID: "cart-1", paymentReference: intent.reference, amount: money("42"), status: .pending,
            idempotencyKey: "k1")
        XCTAssertEqual(again, order, "the key finds the order placed before the snapshot")
        let next = try await resumed.startPayment(cartID: "cart-1", expectedAmount: money("42"))
        XCTAssertEqual(next.reference, "payment-2", "payments go on numbering")
    }

    func testTheRedirectBehaviourAsksForARedirectWhoseTokenLogsRedactedThenAuthorises() async throws {
        let provider = SandboxPaymentProvider(behaviour: .redirectThenApprove)
        let request = PaymentRequest(
            amount: money("42"), minorUnits: 4200, reference: "payment-1", cartID: "cart-1", countryCode: "GB",
            methodID: nil)
        let session = try await provider.prepare(request)
        let outcome = try await provider.submit(
            PaymentSubmission(methodID: "ideal", payload: Sensitive("choice")), in: session)
        guard case .actionRequired(let action) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(action.kind, .redirect)
        XCTAssertEqual(action.url?.redactedString, "https://bank.sandbox.invalid/authorise?token=[REDACTED]")
        let details = try await provider.submitDetails(
            PaymentActionDetails(payload: Sensitive("redirectResult")), in: session)
        guard case .authorised(let receipt) = details else { return XCTFail("\(details)") }
        XCTAssertEqual(receipt.amount, money("42"))
    }
}
