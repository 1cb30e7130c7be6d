import ActionLog
// How a host app embeds the checkout: a store on the checkout reducer, analytics and an action
// log as middleware, a subscription that renders on the main actor, and the screens' taps as
// actions. Here the backend and the payment provider are the package's sandboxes, from the
// CheckoutSandbox module (a shipping app never links it: it passes its URLSessionCheckoutAPI and
// real providers instead).
//
//     swift run checkout-host-example
import Checkout
import CheckoutSandbox
import Foundation
import StateStore

/// The host's analytics: here, print each event (name and typed parameters, as `checkout replay`
/// prints them). An app's Firebase sink hands `event.name` and `event.foundationParameters` (money
/// turned into numbers there, at the edge) to `Analytics.logEvent(_:parameters:)`.
struct PrintingAnalytics: CheckoutAnalyticsSink {
    func record(_ event: CheckoutAnalyticsEvent) {
        let parameters = event.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        print("analytics:", event.name, parameters.joined(separator: " "))
    }
}

let environment = CheckoutEnvironment(
    api: SandboxCheckoutAPI(),  // your URLSessionCheckoutAPI in the app
    paymentProviders: [SandboxPaymentProvider()]  // Adyen, Braintree... from PaymentProviders
)
let initial = CheckoutState(kind: .native, user: .guest, paymentProviders: [SandboxPaymentProvider.defaultDescriptor])
let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-host-example.jsonl").path
// The log's header names the checkout's action schema, so a later build reads it right.
let recorder = try ActionRecorder(
    path: logPath, initialState: initial,
    configuration: ActionLogConfiguration(appVersion: "host-example", schemaVersion: CheckoutLogSchema.version))
let store = Store(
    reducer: CheckoutReducer.make(environment: environment),
    state: initial,
    middleware: [CheckoutAnalyticsMiddleware(sink: PrintingAnalytics()).middleware],
    // The recorder is told of every action the reducer reduced, after the middleware.
    observers: [recorder.observer]
)

// What a screen renders: the current section, the total, the payment phase. On the main actor,
// because the backend's and the provider's answers arrive from effects on background threads.
let subscription = store.subscribe(
    { ($0.native.currentSection.map { "\($0)" } ?? "-", $0.displayedTotal?.description ?? "-") }, isDuplicate: ==,
    on: .mainActor
) { section, total in
    print("screen: section \(section), total \(total)")
}

/// The screens' taps and form submissions, each waited for like a UI would.
func tap(_ action: CheckoutAction) async {
    store.dispatch(action)
    await store.waitForEffects()
}

await tap(.common(.started))
await tap(.native(.emailSubmitted("ada@example.com")))
await tap(.native(.editShippingContactTapped))
await tap(
    .native(
        .addressFormSubmitted(
            Address(
                firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London",
                postcode: "SW1A 2AA", countryCode: "GB"))))
await tap(.native(.useShippingAsBillingTapped))
if let method = store.state.shippingMethods.first { await tap(.native(.shippingMethodSelected(id: method.id))) }
await tap(.payment(.payTapped))
await tap(
    .payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("token-from-the-drop-in")))))

try recorder.close()
subscription.cancel()
// The backend's order: its number is what the customer quotes.
print(
    "order:",
    store.state.completedOrder.map { "\($0.orderNumber ?? $0.orderID) \($0.total?.description ?? "")" } ?? "none")
print("log: \(logPath) (replay it with: swift run checkout replay --verify \(logPath))")
