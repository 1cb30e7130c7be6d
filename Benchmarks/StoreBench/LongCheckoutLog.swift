// store-bench: a long, realistic checkout log, for measuring `checkout inspect` on it.
import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore

/// Writes a native checkout log of about `actions` actions to `path`: a guest who keeps changing
/// their mind (e-mail, delivery address, shipping method), each change answered by the sandbox
/// backend, then pays with the sandbox provider. Every action goes through the real reducer and
/// effects, as in `checkout demo`, so the log replays and verifies like a customer's; it carries
/// the current action schema (`CheckoutLogSchema.version`), as a recording by the app does.
///
///     swift run -c release store-bench --write-checkout-log /tmp/long.jsonl --actions 100000
func writeLongCheckoutLog(path: String, actions: Int) async throws -> Int {
    let api = SandboxCheckoutAPI()
    let provider = SandboxPaymentProvider(behaviour: .approve)
    let environment = CheckoutEnvironment(api: api, paymentProviders: [provider])
    let initial = CheckoutState(kind: .native, paymentProviders: [SandboxPaymentProvider.defaultDescriptor])
    let recorder = try ActionRecorder(
        path: path, initialState: initial, mode: .buffered(),
        configuration: ActionLogConfiguration(
            appVersion: "store-bench", schemaVersion: CheckoutLogSchema.version, fingerprintInterval: 64,
            maximumFileBytes: Int.max))
    let store = Store(
        reducer: CheckoutReducer.make(environment: environment), state: initial, observers: [recorder.observer])
    func send(_ action: CheckoutAction) async {
        store.dispatch(action)
        await store.waitForEffects()
    }
    await send(.common(.started))
    var round = 0
    // Each round is about 10 actions; leave room for the payment's 5.
    while recorder.recordedCount + 16 < actions {
        round += 1
        await send(.native(.emailSubmitted("shopper\(round % 997)@example.com")))
        await send(.native(.editShippingContactTapped))
        await send(
            .native(
                .addressFormSubmitted(
                    Address(
                        firstName: "Ada", lastName: "Lovelace", line1: "\(round % 89 + 1) Downing Street",
                        city: "London", postcode: "SW1A \(round % 9)AA", countryCode: "GB"))))
        if round == 1 { await send(.native(.useShippingAsBillingTapped)) }
        let methods = store.state.shippingMethods
        if !methods.isEmpty {
            await send(.native(.shippingMethodSelected(id: methods[round % methods.count].id)))
        }
        await send(
            .common(.dynamicContentLoaded(slotID: DynamicContentSlot.scrollTopID, content: "offer \(round % 7)")))
    }
    await send(.payment(.payTapped))
    if store.state.payment.session != nil {
        await send(
            .payment(
                .submitted(
                    PaymentSubmission(
                        methodID: "scheme", payload: Sensitive("tokenised card"), displayDescription: "Visa •••• 1111"
                    ))))
    }
    try recorder.close()
    return recorder.recordedCount
}
