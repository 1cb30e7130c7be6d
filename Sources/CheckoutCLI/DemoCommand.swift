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
    let applePay: Bool
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
        applePay = options.flag("--apple-pay")
        terminal = Terminal(noColor: options.flag("--no-color"))
        providerName = options.value("--provider") ?? "sandbox"
        guard DemoProviders.names.contains(providerName) else {
            throw UsageError(
                "unknown provider \"\(providerName)\" (this build has: \(DemoProviders.names.joined(separator: ", ")))")
        }
        let apiType: WebCheckoutApiType
        switch options.value("--api") {
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
        if applePay, flow != .native || providerName != "sandbox" || conflict || expire || challenge {
            throw UsageError(
                "--apple-pay plays a wallet sheet on the native checkout with the sandbox provider "
                    + "(--guest and --decline apply)")
        }
        try options.rejectUnknown()
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
        let walletSheet = SandboxWalletSheet()
        let environment = CheckoutEnvironment(
            api: api, paymentProviders: [script.provider], walletSheet: applePay ? walletSheet : nil)
        let initial: CheckoutState
        switch flow {
        case .native:
            initial = CheckoutState(
                kind: .native, user: guest ? .guest : Self.demoUser, paymentProviders: [script.provider.descriptor])
        case .web(let mode, let apiType):
            initial = WebCheckoutBuilder(apiType: apiType, mode: mode).makeState()
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

        output.line(
            terminal.bold(
                "demo: \(describe(flow))\(applePay ? " with Apple Pay" : ""), \(guest ? "guest" : "logged-in user"), "
                    + "sandbox backend"))
        await send(.common(.started))
        switch flow {
        case .native where applePay:
            // The sheet's callbacks, each answered before the next, as PassKit sends them.
            await ApplePaySheetDemoScript(sheet: walletSheet, providerID: script.provider.descriptor.id).play(
                on: store)
            output.flush()
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
        if let order = state.completedOrder {
            let total = order.total.map { " for \($0)" } ?? ""
            output.line(terminal.green("order \(order.orderID) placed\(total)"))
        } else {
            output.line(terminal.red("no order placed") + " (view: \(state.view))")
        }
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

    /// A wallet sheet's answer in a few words: what it answered, the total, the errors.
    static func describe(_ answer: WalletSheetAnswer) -> String {
        var text = "sheet answered request \(answer.requestID)"
        switch answer {
        case .shippingContact(let update, _):
            text +=
                ": \(update.shippingMethods.map(\.id).joined(separator: "/")), total \(update.summaryItems.total.map(\.description) ?? "none")"
        case .shippingMethod(let update, _), .paymentMethod(let update, _):
            text += ": total \(update.summaryItems.total.map(\.description) ?? "none")"
        case .authorization(let result, _):
            text += ": \(result.status.rawValue)"
        }
        if !answer.errors.isEmpty { text += " (\(answer.errors.map(\.description).joined(separator: "; ")))" }
        return text
    }

    var middleware: Middleware<CheckoutState> {
        .afterReduce { [self] _, action, before, after in
            let text = (try? CanonicalEncoder.encode(action)).map { ActionText.describe($0, limit: 100) } ?? "?"
            var notes: [String] = []
            if before.view != after.view { notes.append("view \(after.view)") }
            if before.native.currentSection != after.native.currentSection, let section = after.native.currentSection {
                notes.append("section \(section)")
            }
            if before.displayedTotal != after.displayedTotal, let total = after.displayedTotal {
                notes.append("total \(total)")
            }
            if before.payment.phase != after.payment.phase { notes.append("payment \(after.payment.phase)") }
            if let answer = after.walletSheet?.lastAnswer, before.walletSheet?.lastAnswer != answer {
                notes.append(Self.describe(answer))
            }
            if after.errors.count > before.errors.count, let error = after.errors.last {
                notes.append(terminal.red("error \(error.kind)"))
            }
            lock.lock()
            output.line("  " + terminal.bold(text) + (notes.isEmpty ? "" : "  → " + notes.joined(separator: ", ")))
            lock.unlock()
        }
    }
}
