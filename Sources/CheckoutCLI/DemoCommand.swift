import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore

/// `checkout demo`: a whole checkout on the embedded sandbox backend and the sandbox payment
/// provider, played the way a host app's screens would play it, printed as it happens, and
/// optionally recorded.
struct DemoCommand {
    enum Flow: Equatable {
        case native
        case web(WebCheckoutMode, WebCheckoutApiType)
    }

    let flow: Flow
    let guest: Bool
    let recordPath: String?
    let decline: Bool
    let challenge: Bool
    let providerName: String
    let conflict: Bool
    let expire: Bool
    let terminal: Terminal

    init(options: Options) throws {
        var options = options
        guard options.positional.isEmpty else { throw UsageError("demo takes no file; use --record PATH") }
        recordPath = options.value("--record")
        guest = options.flag("--guest")
        decline = options.flag("--decline")
        challenge = options.flag("--challenge")
        conflict = options.flag("--conflict")
        expire = options.flag("--expire")
        terminal = Terminal(noColor: options.flag("--no-color"))
        providerName = options.value("--provider") ?? "sandbox"
        guard DemoProviders.names.contains(providerName) else {
            throw UsageError(
                "unknown provider \"\(providerName)\" (this build has: \(DemoProviders.names.joined(separator: ", ")))")
        }
        let apiType: WebCheckoutApiType
        let api = options.value("--api")
        let apiGiven = api != nil
        switch api {
        case nil, "cartTransfer": apiType = .cartTransfer
        case "checkout": apiType = .checkout
        case let other?: throw UsageError("--api is cartTransfer or checkout, got \"\(other)\"")
        }
        switch options.value("--web") {
        case nil: flow = .native
        case "bridge": flow = .web(.bridge, apiType)
        case "parse": flow = .web(.parse(Self.parseRules), apiType)
        case let other?: throw UsageError("--web is bridge or parse, got \"\(other)\"")
        }
        if providerName != "sandbox", flow != .native {
            throw UsageError("--provider pays in the native checkout; the web checkout pays on the merchant's page")
        }
        let force = options.flag("--force")
        try options.rejectUnknown()
        try Self.refuseIgnoredCombinations(
            flow: flow, apiGiven: apiGiven, guest: guest, decline: decline, challenge: challenge, conflict: conflict,
            expire: expire, providerName: providerName)
        if let recordPath {
            if FileManager.default.fileExists(atPath: recordPath), !force {
                throw UsageError("\(recordPath) exists: --force overwrites it")
            }
        } else if force {
            throw UsageError("--force overwrites the file --record writes, and there is no --record")
        }
    }

    /// Refuses options the chosen flow would ignore: a demo must play what it was asked to play.
    private static func refuseIgnoredCombinations(
        flow: Flow, apiGiven: Bool, guest: Bool, decline: Bool, challenge: Bool, conflict: Bool, expire: Bool,
        providerName: String
    ) throws {
        if case .web = flow {
            let nativeOnly = [
                ("--guest", guest), ("--decline", decline), ("--challenge", challenge), ("--conflict", conflict),
                ("--expire", expire),
            ]
            if let (name, _) = nativeOnly.first(where: { $0.1 }) {
                throw UsageError(
                    "\(name) plays a native checkout scenario; the web checkout (--web) pays on the merchant's page "
                        + "and would ignore it")
            }
        } else if apiGiven {
            throw UsageError("--api chooses the web checkout's endpoints: give it with --web bridge or --web parse")
        }
        if challenge, providerName == "afterpay" {
            throw UsageError("Afterpay has no challenge (the shopper approves on Afterpay's page): drop --challenge")
        }
    }

    /// The demo shop's parse rules: completion at `/confirmation`, order number in `orderNo`.
    static let parseRules = ParseRules(
        completion: .urlContainsAny(["/confirmation", "/thank-you"]), orderNumberQueryParameter: "orderNo")

    static let demoAddress = Address(
        firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London", postcode: "SW1A 2AA",
        countryCode: "GB")

    static let demoUser = CheckoutUser.loggedIn(addressBook: [
        AddressBookEntry(id: "home", address: demoAddress, isDefault: true),
        AddressBookEntry(
            id: "work",
            address: Address(
                firstName: "Ada", lastName: "Lovelace", line1: "1 Poultry", city: "London", postcode: "EC2R 8EJ",
                countryCode: "GB")),
    ])

    func run() async throws -> Int32 {
        let api = SandboxCheckoutAPI()
        guard
            let script = DemoProviders.script(
                named: providerName, scenario: DemoScenario(decline: decline, challenge: challenge))
        else { throw UsageError("unknown provider \"\(providerName)\"") }
        let environment = CheckoutEnvironment(api: api, paymentProviders: [script.provider])
        let initial: CheckoutState
        switch flow {
        case .native:
            initial = CheckoutState(
                kind: .native, user: guest ? .guest : Self.demoUser, paymentProviders: [script.provider.descriptor])
        case .web(let mode, let apiType):
            // The app's cart, which a cart transfer posts (the sandbox's demo cart).
            initial = WebCheckoutBuilder(apiType: apiType, mode: mode, cart: await api.currentDetails.cart).makeState()
        }

        let output = Output()
        let narrator = Narrator(terminal: terminal, output: output)
        var middleware = [
            CheckoutAnalyticsMiddleware(sink: narrator).middleware,
            narrator.middleware,
        ]
        var recorder: ActionRecorder<CheckoutState>?
        if let recordPath {
            // A write failure stops the recording but not the demo: say so on standard error when
            // it happens (the demo's own lines before it are flushed first, so the failure shows
            // where it happened), then carry on and print the summary.
            let made = try ActionRecorder(
                path: recordPath, initialState: initial, mode: .durable,
                configuration: ActionLogConfiguration(appVersion: "checkout-demo", fingerprintInterval: 1),
                onFailure: { [output] error in
                    output.flush()
                    FileHandle.standardError.write(
                        Data(
                            "checkout: recording stopped: \(error) (the demo goes on; the log keeps what came before)\n"
                                .utf8))
                })
            recorder = made
            middleware.append(made.middleware)
        }
        let store = Store(
            reducer: CheckoutReducer.make(environment: environment), state: initial, middleware: middleware)
        func send(_ action: CheckoutAction) async {
            store.dispatch(action)
            await store.waitForEffects()
            output.flush()
        }

        output.line(terminal.bold("demo: \(describe(flow)), \(guest ? "guest" : "logged-in user"), sandbox backend"))
        await send(.common(.started))
        switch flow {
        case .native:
            try await playNative(store: store, api: api, script: script, send: send)
        case .web(.bridge, _):
            await send(.common(.loadProgressChanged(0.3)))
            await send(.common(.loadProgressChanged(1)))
            await send(
                .bridge(
                    .messageReceived(
                        #"{"event":"order","data":{"total":45.95,"subTotal":42.00,"delivery":3.95,"currency":"GBP"}}"#))
            )
            await send(
                .bridge(
                    .messageReceived(
                        #"{"event":"paymentcompleted","data":{"order":{"orderId":"WEB-1001","total":45.95,"currency":"GBP"}}}"#
                    )))
            // The page sends completion twice, as real bridges sometimes do: it completes once.
            await send(
                .bridge(
                    .messageReceived(
                        #"{"event":"paymentcompleted","data":{"order":{"orderId":"WEB-1001","total":45.95,"currency":"GBP"}}}"#
                    )))
            await send(.bridge(.messageReceived(#"{"event":"closewebview"}"#)))
        case .web(.parse, _):
            await send(.common(.loadProgressChanged(1)))
            await send(
                .parse(.pageLoaded(ParsedPage(url: "https://shop.example/checkout/shipping", title: "Delivery"))))
            await send(.parse(.pageLoaded(ParsedPage(url: "https://shop.example/checkout/payment", title: "Payment"))))
            await send(
                .parse(
                    .pageLoaded(
                        ParsedPage(url: "https://shop.example/confirmation?orderNo=PARSE-2002", title: "Thank you"))))
            await send(.parse(.pageLoaded(ParsedPage(url: "https://shop.example/Cart-ContinueShopping"))))
        }

        await store.waitForEffects()
        var recordingFailure: ActionLogError?
        do throws(ActionLogError) {
            try recorder?.close()
        } catch {
            // Already reported when it happened (or, if closing itself failed, reported below).
            recordingFailure = error
        }
        let state = store.state
        output.line()
        output.line(Self.outcome(of: state, terminal: terminal))
        if let recordPath, let recordingFailure {
            output.line(
                terminal.red("recording failed")
                    + ": \(recorder?.recordedCount ?? 0) actions reached \(recordPath) before: \(recordingFailure)")
            output.flush()
            return 2
        }
        if let recordPath {
            output.line("recorded \(recorder?.recordedCount ?? 0) actions to \(recordPath)")
            output.line("replay it with: checkout replay --verify \(recordPath)")
        }
        output.flush()
        return state.completedOrder == nil ? 1 : 0
    }

    /// The demo's last word: `order … placed for …` only when the checkout completed an order (a
    /// payment still awaiting the provider's confirmation says so), and otherwise where it ended.
    static func outcome(of state: CheckoutState, terminal: Terminal) -> String {
        guard let order = state.completedOrder else {
            return terminal.red("no order")
                + ": the checkout ended in view \(PaymentText.describe(state.view)), "
                + "payment \(PaymentText.describe(state.payment.phase))"
        }
        let total = order.total.map { " for \($0)" } ?? ""
        let pending =
            state.payment.phase == .awaitingConfirmation ? " (the payment awaits the provider's confirmation)" : ""
        return terminal.green("order \(order.orderID) placed\(total)") + pending
    }

    private func playNative(
        store: Store<CheckoutState>,
        api: SandboxCheckoutAPI,
        script: any ProviderDemoScript,
        send: (CheckoutAction) async -> Void
    ) async throws {
        if guest {
            await send(.native(.emailSubmitted("ada@example.com")))
            await send(.native(.editShippingContactTapped))
            await send(.native(.addressFormSubmitted(Self.demoAddress)))
        }
        if store.state.billingContact == nil || !store.state.isBillingSameAsShipping {
            await send(.native(.useShippingAsBillingTapped))
        }
        if expire {
            narratorNote("the sandbox expires the cart (the next change answers 410)", store: store)
            await api.expireCart()
        }
        if let method = store.state.shippingMethods.first(where: { $0.id != store.state.selectedShippingMethodID })
            ?? store.state.shippingMethods.first
        {
            await send(.native(.shippingMethodSelected(id: method.id)))
        }
        if conflict {
            narratorNote("the sandbox changes a price (paying answers 409)", store: store)
            await api.changePrice(productID: "cap-grey", to: 20)
            await send(.payment(.payTapped))
        }
        await send(.payment(.payTapped))
        try await submitAndCompleteActions(store: store, script: script, send: send)
        if case .declined = store.state.payment.phase {
            // The shopper reads the refusal and tries again; this time the bank approves.
            await send(.payment(.declineAcknowledged))
            try await submitAndCompleteActions(store: store, script: script, send: send)
        }
    }

    /// What the host's drop-in does: submit the shopper's choice, then perform each action the
    /// provider asks for (a 3-D Secure challenge, a redirect) until there is none.
    private func submitAndCompleteActions(
        store: Store<CheckoutState>,
        script: any ProviderDemoScript,
        send: (CheckoutAction) async -> Void
    ) async throws {
        guard store.state.payment.phase == .presenting, let session = store.state.payment.session else { return }
        await send(.payment(.submitted(try await script.submission(for: session))))
        var actions = 0
        while case .actionRequired(let request) = store.state.payment.phase, let session = store.state.payment.session,
            actions < 5
        {
            actions += 1
            if request.finishesWithoutDetails {
                // A voucher or code shown to the shopper: nothing comes back from it.
                await send(.payment(.actionFinishedWithoutDetails))
            } else {
                await send(.payment(.actionCompleted(try await script.completeAction(request, in: session))))
            }
        }
    }

    private func narratorNote(_ text: String, store: Store<CheckoutState>) {
        FileHandle.standardOutput.write(Data("  \(terminal.dim("(\(text))"))\n".utf8))
    }

    private func describe(_ flow: Flow) -> String {
        switch flow {
        case .native: return "native checkout"
        case .web(.bridge, let api): return "web checkout (bridge, \(api))"
        case .web(.parse, let api): return "web checkout (parse, \(api))"
        }
    }
}

/// Prints each action and what it changed in a line or two, and the analytics events.
final class Narrator: CheckoutAnalyticsSink, @unchecked Sendable {
    private let terminal: Terminal
    private let output: Output
    private let lock = NSLock()

    init(terminal: Terminal, output: Output) {
        self.terminal = terminal
        self.output = output
    }

    func record(_ event: CheckoutAnalyticsEvent) {
        let parameters = event.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
            separator: " ")
        lock.lock()
        output.line(terminal.dim("    analytics: \(event.name) \(parameters)"))
        lock.unlock()
    }

    var middleware: Middleware<CheckoutState> {
        .afterReduce { [self] _, action, before, after in
            var text = "?"
            if case .payment(let payment) = action, let readable = PaymentText.describe(payment) {
                text = readable
            } else if let canonical = try? CanonicalEncoder.encode(action) {
                text = ActionText.describe(canonical, limit: 100)
            }
            var notes: [String] = []
            if before.view != after.view { notes.append("view \(PaymentText.describe(after.view))") }
            if before.native.currentSection != after.native.currentSection, let section = after.native.currentSection {
                notes.append("section \(section)")
            }
            if before.displayedTotal != after.displayedTotal, let total = after.displayedTotal {
                notes.append("total \(total)")
            }
            if before.payment.phase != after.payment.phase {
                notes.append("payment \(PaymentText.describe(after.payment.phase))")
            }
            if after.errors.count > before.errors.count, let error = after.errors.last {
                notes.append(terminal.red("error \(PaymentText.describe(error.kind))"))
            }
            lock.lock()
            output.line("  " + terminal.bold(text) + (notes.isEmpty ? "" : "  → " + notes.joined(separator: ", ")))
            lock.unlock()
        }
    }
}
