import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore

/// Records `actions` into a log at `path` as an app would: through the checkout's reducer and a
/// durable recorder (effects off: the actions are all there is). For logs no demo makes, such as
/// ones with hostile or very long strings.
func recordCheckoutLog(_ actions: [CheckoutAction], kind: CheckoutKind = .native, to path: String) throws {
    let initial: CheckoutState
    switch kind {
    case .native:
        initial = CheckoutState(kind: .native, paymentProviders: [SandboxPaymentProvider.defaultDescriptor])
    case .web:
        initial = WebCheckoutBuilder(apiType: .cartTransfer, mode: .bridge).makeState()
    }
    let recorder = try ActionRecorder(
        path: path, initialState: initial, mode: .durable,
        configuration: ActionLogConfiguration(appVersion: "checkout-cli-tests", fingerprintInterval: 1))
    let store = Store(
        reducer: CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI())), state: initial,
        middleware: [recorder.middleware], effectsEnabled: false)
    for action in actions { store.dispatch(action) }
    try recorder.close()
}

/// Strings a hostile page or backend could put into a log, aimed at the inspector's HTML page:
/// closing its script, opening a comment, a line separator that ends a JavaScript string, quotes.
enum HostileText {
    static let closesTheScript = "</script><script>window.__injected='script'</script>"
    static let image = "<img src=x onerror=\"window.__injected='image'\">"
    static let comment = "<!-- ]]> --> <![CDATA["
    static let separators = "line\u{2028}separator\u{2029}paragraph"
    static let quotes = "\"double\" 'single' `back` \\ backslash"

    /// Actions carrying every hostile string: in the state (an e-mail, a content slot), in
    /// actions only (a page's message), and as keys of a JSON object (`__proto__`, `~`).
    static var actions: [CheckoutAction] {
        let message = JSONValue.object([
            JSONMember(key: "event", value: .string(image)),
            JSONMember(key: "__proto__", value: .string(closesTheScript)),
            JSONMember(key: "~", value: .string(comment)),
            JSONMember(key: "</script>", value: .number("9223372036854775807")),
        ])
        return [
            .common(.started),
            .native(.emailSubmitted(closesTheScript + comment)),
            .common(.dynamicContentLoaded(slotID: image, content: separators + quotes)),
            .bridge(.messageReceived("{\"event\":\"\(image.replacingOccurrences(of: "\"", with: "\\\""))\"}")),
            .bridge(.messagePosted(message)),
        ]
    }
}
