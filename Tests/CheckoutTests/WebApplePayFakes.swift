import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import StateStoreTesting

/// A web checkout whose page asks for Apple Pay, on a test store whose clock runs the sheet's
/// timer: the page is a `SandboxWebPage` (it records every reply the engine sends it), the sheet
/// a `SandboxWalletSheet` (it records every answer), and every action reduced is kept, as a log
/// would keep it.
final class WebApplePayRun {
    static let configuration = WebCheckoutConfiguration(bridgeVersion: "2", isApplePayAvailable: true)
    static let merchant = "Poq Shop"
    static let london = PartialAddress(city: "London", postcode: "SW1A 2", countryCode: "GB")
    /// A token with every character a script could trip on.
    static let token = "eyJ2ZXJzaW9uIjoiRUNfdjEi</script>\u{2028}'\"\\ token"

    let clock = TestClock()
    let sheet = SandboxWalletSheet()
    let page = SandboxWebPage()
    let actions = ActionList()
    let configuration: WebCheckoutConfiguration
    let mode: WebCheckoutMode
    let store: TestStore<CheckoutState>

    init(mode: WebCheckoutMode = .bridge, configuration: WebCheckoutConfiguration = WebApplePayRun.configuration) {
        self.mode = mode
        self.configuration = configuration
        let environment = CheckoutEnvironment(
            api: SandboxCheckoutAPI(), webPage: page, walletSheet: sheet, clock: clock)
        let actions = self.actions
        let keeping = CheckoutReducerType { _, action in
            actions.append(action)
            return .none
        }
        store = TestStore(
            initialState: WebCheckoutBuilder(mode: mode, configuration: configuration).makeState(),
            reducer: .combine(keeping, CheckoutReducer.make(environment: environment)), clock: clock,
            exhaustivity: .off, timeout: .seconds(60))
    }

    var state: CheckoutState { store.state }
    var answers: [WalletSheetAnswer] { sheet.answers }

    /// The replies the page received, as its `postMessage(name, payload)` reads them.
    var replies: [PageReply] { page.evaluatedScripts.compactMap(PageReply.init(script:)) }

    /// Begins the web checkout.
    func start() async {
        await store.send(.common(.started))
    }

    /// The page sends `event` with `data` (JSON text, or `nil` for none): posted to the message
    /// handler (bridge mode) or submitted as a Forms navigation the host cancels (Forms mode).
    func pageSends(_ event: String, _ data: String? = nil) async {
        let value = data.flatMap { try? JSONParser.parse($0) }
        switch mode {
        case .forms:
            guard
                case .cancel(let action) = configuration.navigationDecision(
                    for: page.formSubmission(event: event, data: value))
            else { return }
            await store.send(action)
        default:
            var members = [JSONMember(key: "event", value: .string(event))]
            if let value { members.append(JSONMember(key: "data", value: value)) }
            await store.send(.bridge(configuration.bridgeAction(text: JSONValue.object(members).jsonText)))
        }
    }

    func send(_ action: WalletSheetAction) async {
        await store.send(.wallet(action))
    }

    /// The `requestId` of the last reply named `name`.
    func requestID(of name: String) -> Int? {
        guard case .string(let text)? = replies.last(where: { $0.name == name })?.payload["requestId"] else {
            return nil
        }
        return Int(text)
    }

    /// The request the tests' page makes: a UK shop, delivery required, two methods.
    static let request = """
        {"countryCode":"GB","currencyCode":"GBP","total":{"label":"Poq Shop","amount":"45.95"},
         "lineItems":[{"label":"Subtotal","amount":"42.00"},{"label":"Standard","amount":3.95}],
         "merchantCapabilities":["supports3DS"],"supportedNetworks":["visa","masterCard","amex"],
         "requiredShippingContactFields":["postalAddress","name","email","phone"],
         "requiredBillingContactFields":["postalAddress"],
         "shippingMethods":[{"identifier":"standard","label":"Standard","detail":"3-5 days","amount":"3.95"},
                            {"identifier":"express","label":"Express","amount":"7.95"}],
         "merchantIdentifier":"merchant.page.ignored"}
        """

    /// The page's answer to change `requestID` with `total`, delivered by `method` (name, price).
    static func update(_ requestID: Int, total: String, method: (String, String), methods: String? = nil) -> String {
        """
        {"requestId":"\(requestID)","newTotal":{"label":"Poq Shop","amount":"\(total)"},
         "newLineItems":[{"label":"Subtotal","amount":"42.00"},{"label":"\(method.0)","amount":"\(method.1)"}]\
        \(methods.map { #","newShippingMethods":\#($0)"# } ?? "")}
        """
    }

    static let methods = """
        [{"identifier":"standard","label":"Standard","amount":"3.95"},{"identifier":"express","label":"Express","amount":"7.95"}]
        """

    /// The full contact the shopper authorises with, and `total`.
    static func authorization(total: Money, phone: String? = "+44 20 7946 0000") -> WalletAuthorization {
        WalletAuthorization(
            email: "ada@example.com",
            shippingAddress: Address(
                firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London",
                postcode: "SW1A 2AA", countryCode: "GB", phone: phone),
            shippingMethodID: "express", shownTotal: total,
            payment: PaymentSubmission(
                methodID: "applepay", payload: Sensitive(token), displayDescription: "Visa 1111"))
    }

    static func summary(_ lines: [(String, String)], total: String) -> [WalletSummaryItem] {
        lines.map { WalletSummaryItem(kind: .item, label: $0.0, amount: money($0.1)) }
            + [WalletSummaryItem(kind: .total, label: merchant, amount: money(total))]
    }
}

/// A reply the engine sent the page, read back from the script as JavaScript reads it (its two
/// arguments are JSON literals).
struct PageReply: Equatable {
    var name: String
    var payload: JSONValue

    init(name: String, payload: JSONValue) {
        self.name = name
        self.payload = payload
    }

    init?(script: String) {
        let prefix = WebCheckoutConfiguration.defaultReplyFunction + "("
        guard script.hasPrefix(prefix), script.hasSuffix(");"),
            case .array(let arguments)? = try? JSONParser.parse("[\(script.dropFirst(prefix.count).dropLast(2))]"),
            arguments.count == 2, case .string(let name) = arguments[0]
        else { return nil }
        self.name = name
        payload = arguments[1].inCanonicalOrder
    }
}

/// The actions a store reduced, in order.
final class ActionList: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [CheckoutAction] = []

    func append(_ action: CheckoutAction) { lock.withLock { storage.append(action) } }
    var all: [CheckoutAction] { lock.withLock { storage } }
}
