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
    let scripts: Bool
    let payLater: DemoScenario.PayLater?
    let refusedAfterPending: Bool
    let placementFailure: Bool
    let applePay: Bool
    let sdkSession: Bool
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
        scripts = options.flag("--scripts")
        let pending = options.flag("--pending")
        let voucher = options.flag("--voucher")
        refusedAfterPending = options.flag("--refused")
        placementFailure = options.flag("--placement-failure")
        applePay = options.flag("--apple-pay")
        sdkSession = options.flag("--sdk-session")
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
        case "forms": flow = .web(.forms, apiType)
        case "parse": flow = .web(.parse(scripts ? Self.scriptedParseRules : Self.parseRules), apiType)
        case let other?: throw UsageError("--web is bridge, forms or parse, got \"\(other)\"")
        }
        if scripts, case .web(.parse, _) = flow {
        } else if scripts {
            throw UsageError("--scripts configures the parse checkout's page scripts; use it with --web parse")
        }
        if providerName != "sandbox", flow != .native {
            throw UsageError("--provider pays in the native checkout; the web checkout pays on the merchant's page")
        }
        switch (pending, voucher) {
        case (true, true): throw UsageError("--pending and --voucher are two ways to pay later; choose one")
        case (true, false): payLater = .pending
        case (false, true): payLater = .voucher
        case (false, false): payLater = nil
        }
        if refusedAfterPending, payLater == nil {
            throw UsageError("--refused refuses a payment that awaits confirmation: add --pending or --voucher")
        }
        if payLater != nil || placementFailure, flow != .native {
            throw UsageError("--pending, --voucher and --placement-failure play the native checkout's order placement")
        }
        if payLater != nil, providerName != "sandbox" {
            throw UsageError("--pending and --voucher pay with the sandbox provider (leave out --provider)")
        }
        if applePay,
            flow != .native || providerName != "sandbox" || conflict || expire || challenge || payLater != nil
                || placementFailure
        {
            throw UsageError(
                "--apple-pay plays a wallet sheet on the native checkout with the sandbox provider "
                    + "(--guest and --decline apply)")
        }
        if sdkSession, providerName != "adyen" {
            throw UsageError(
                "--sdk-session plays Adyen's sessions flow as its iOS SDK runs it: use it with --provider adyen")
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

    /// The demo shop's parse rules with the page scripts (`--scripts`): the order number, the
    /// order summary and the guest's email are read from the completion page; the order number's
    /// query parameter only on the payment provider's return URL.
    static let scriptedParseRules = ParseRules(
        completion: .urlContainsAny(ParseRules.fragments("/Confirmation|/thank-you")),
        orderNumberQueryParameter: "orderNo",
        confirmationURLFragments: ["/payment/return"],
        orderNumberScript: "document.querySelector('[data-order-number]').textContent",
        orderSummaryScript: "window.shop.orderSummary()",
        guestEmailScript: "document.querySelector('#guest-email').value")

    /// The bridge the web demos' page loads, and the custom event it records.
    static let webConfiguration = WebCheckoutConfiguration(
        bridgeVersion: "2", customEvents: ["giftwrapchosen": .record])

    /// The demo's page: it answers the scripted parse rules' scripts; replies to the bridge
    /// answer nothing, as `window.poqWebCheckout.postMessage` returns nothing.
    static func makePage() -> SandboxWebPage {
        let rules = scriptedParseRules
        var answers: [String: SandboxWebPage.Behavior] = [:]
        if let script = rules.script(for: .orderNumber) { answers[script] = .answer(#""PARSE-3003""#) }
        if let script = rules.script(for: .orderSummary) {
            answers[script] = .answer(#"{"total":45.95,"subTotal":42,"delivery":3.95,"discount":0,"currency":"GBP"}"#)
        }
        if let script = rules.script(for: .guestEmail) { answers[script] = .answer(#""ada@example.com""#) }
        return SandboxWebPage(answers: answers)
    }

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
        let scenario = DemoScenario(
            decline: decline, challenge: challenge, payLater: payLater, refusedAfterPending: refusedAfterPending)
        guard let script = DemoProviders.script(named: providerName, scenario: scenario, dropInPays: sdkSession) else {
            throw UsageError("unknown provider \"\(providerName)\"")
        }
        let page = Self.makePage()
        // Native: time passes as it is slept (the polls and retries run at once, in their order),
        // and the order placement's keys are numbered, so the same demo records the same log. The
        // web checkout and the Apple Pay sheet: time stands still, so the page-script deadline and
        // the sheet's update timeout never pass. Their answers come from this process (the page's
        // table, the sandbox backend): on a real clock the deadline raced them, and a loaded
        // machine could let it win. An app keeps `ContinuousClock` (the environment's default).
        let clock: any Clock<Duration> = flow == .native && !applePay ? SandboxClock() : SandboxHeldClock()
        let walletSheet = SandboxWalletSheet()
        let environment = CheckoutEnvironment(
            api: api, paymentProviders: [script.provider], webPage: page,
            walletSheet: applePay ? walletSheet : nil, clock: clock, makeIdempotencyKey: SandboxIdempotencyKeys().next)
        let initial: CheckoutState
        switch flow {
        case .native:
            initial = CheckoutState(
                kind: .native, user: guest ? .guest : Self.demoUser, paymentProviders: [script.provider.descriptor])
        case .web(.parse(let rules), let apiType):
            initial = WebCheckoutBuilder(apiType: apiType, mode: .parse(rules)).makeState()
        case .web(let mode, let apiType):
            // The app's cart, which a cart transfer posts (the sandbox's demo cart).
            initial = WebCheckoutBuilder(
                apiType: apiType, mode: mode, configuration: Self.webConfiguration, cart: await api.currentDetails.cart
            ).makeState()
        }

        let output = Output()
        let narrator = Narrator(terminal: terminal, output: output)
        let middleware = [
            CheckoutAnalyticsMiddleware(sink: narrator).middleware,
            narrator.middleware,
        ]
        var observers: [ActionObserver<CheckoutState>] = []
        var recorder: ActionRecorder<CheckoutState>?
        if let recordPath {
            // A write failure stops the recording but not the demo: say so on standard error when
            // it happens (the demo's own lines before it are flushed first, so the failure shows
            // where it happened), then carry on and print the summary.
            let made = try ActionRecorder(
                path: recordPath, initialState: initial, mode: .durable,
                configuration: ActionLogConfiguration(
                    appVersion: "checkout-demo", schemaVersion: CheckoutLogSchema.version, fingerprintInterval: 1,
                    maximumAge: nil),  // a desktop tool: the logs beside the recording (Examples/Logs) stay
                onFailure: { [output] error in
                    output.flush()
                    FileHandle.standardError.write(
                        Data(
                            "checkout: recording stopped: \(error) (the demo goes on; the log keeps what came before)\n"
                                .utf8))
                })
            recorder = made
            observers.append(made.observer)
        }
        let store = Store(
            reducer: CheckoutReducer.make(environment: environment), state: initial, middleware: middleware,
            observers: observers)
        func send(_ action: CheckoutAction) async {
            store.dispatch(action)
            await store.waitForEffects()
            output.flush()
        }

        // The web checkout's user is the builder's: a guest (the page holds who is logged in).
        let user = flow == .native && !guest ? "logged-in user" : "guest"
        output.line(
            terminal.bold("demo: \(describe(flow))\(applePay ? " with Apple Pay" : ""), \(user), sandbox backend"))
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
        case .web(.forms, _):
            await playForms(page: page, send: send)
        case .web(.parse, _) where scripts:
            await send(.common(.loadProgressChanged(1)))
            await send(
                .parse(.pageLoaded(ParsedPage(url: "https://shop.example/checkout/shipping", title: "Delivery"))))
            await send(.parse(.pageLoaded(ParsedPage(url: "https://shop.example/checkout/payment", title: "Payment"))))
            // The completion page: the order number, summary and email come from its scripts.
            await send(.parse(.pageLoaded(ParsedPage(url: "https://shop.example/confirmation", title: "Thank you"))))
            await send(.parse(.pageLoaded(ParsedPage(url: "https://shop.example/Cart-ContinueShopping"))))
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
        // A refused pending payment ends as the scenario means it to: its order cancelled.
        let cancelled = state.orderPlacement.flatMap { $0.isActive ? nil : $0.placed }
        let expected = state.completedOrder != nil || (refusedAfterPending && cancelled != nil)
        return expected ? 0 : 1
    }

    /// The demo's last word: `order NUMBER (ID) placed for …` only when the checkout completed an
    /// order (a pending one says so), `order NUMBER cancelled` when a pending payment was refused,
    /// and otherwise where it ended.
    static func outcome(of state: CheckoutState, terminal: Terminal) -> String {
        if let order = state.completedOrder {
            let total = order.total.map { " for \($0)" } ?? ""
            let number = order.orderNumber.map { "\($0) (\(order.orderID))" } ?? order.orderID
            let pending = order.isPending ? ", pending: we'll email you" : ""
            return terminal.green("order \(number) placed\(total)\(pending)")
        }
        if let cancelled = state.orderPlacement.flatMap({ $0.isActive ? nil : $0.placed }) {
            return terminal.red("order \(cancelled.number) cancelled")
                + ": the payment was refused; paying again is open (view: \(PaymentText.describe(state.view)))"
        }
        return terminal.red("no order")
            + ": the checkout ended in view \(PaymentText.describe(state.view)), "
            + "payment \(PaymentText.describe(state.payment.phase))"
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
        if placementFailure {
            narratorNote(
                "the sandbox will lose its answer to placing the order (the order is made; the checkout sees a timeout)",
                store: store)
            await api.loseNextOrderAnswers()
        }
        await send(.payment(.payTapped))
        try await submitAndCompleteActions(store: store, script: script, send: send)
        switch store.state.payment.phase {
        case .declined:
            // The shopper reads the refusal and tries again; this time the bank approves.
            await send(.payment(.declineAcknowledged))
            try await submitAndCompleteActions(store: store, script: script, send: send)
        case .failed(let failure) where failure.kind == .declined:
            // A drop-in that paid by itself was declined and is over: the shopper pays again.
            await send(.payment(.retryTapped))
            try await submitAndCompleteActions(store: store, script: script, send: send)
        default:
            break
        }
    }

    /// What the host's drop-in does: submit the shopper's choice, then perform each action the
    /// provider asks for (a 3-D Secure challenge, a redirect) until there is none; or, when the
    /// drop-in pays by itself (Adyen's SDK in the sessions flow), report its `didComplete`.
    private func submitAndCompleteActions(
        store: Store<CheckoutState>,
        script: any ProviderDemoScript,
        send: (CheckoutAction) async -> Void
    ) async throws {
        guard store.state.payment.phase == .presenting, let session = store.state.payment.session else { return }
        if let result = try await script.dropInResult(for: session) {
            await send(.payment(.dropInCompleted(result)))
            return
        }
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

    /// What a Forms-mode page does: it sends each bridge event as a hidden form the app's
    /// navigation delegate cancels and decodes; ordinary navigations load.
    private func playForms(page: SandboxWebPage, send: (CheckoutAction) async -> Void) async {
        let configuration = Self.webConfiguration
        func navigate(_ request: WebCheckoutNavigationRequest) async {
            switch configuration.navigationDecision(for: request) {
            case .allow:
                narratorNote("navigation to \(request.url) allowed", store: nil)
            case .cancel(let action):
                await send(action)
            }
        }
        func submit(_ event: String, _ data: String?) async {
            let value = data.flatMap { try? JSONParser.parse($0) }
            await navigate(page.formSubmission(event: event, data: value))
        }
        await send(.common(.loadProgressChanged(0.3)))
        await send(.common(.loadProgressChanged(1)))
        await submit("ping", nil)
        await submit("order", #"{"total":45.95,"subTotal":42.00,"delivery":3.95,"currency":"GBP"}"#)
        await navigate(WebCheckoutNavigationRequest(url: "https://shop.example/checkout/payment"))
        await submit("giftwrapchosen", #"{"wrap":"kraft paper"}"#)
        // A page bug: the data parameter twice. The submission is cancelled and rejected.
        await navigate(
            WebCheckoutNavigationRequest(url: "poqwebcheckout://bridge/order?data=%7B%7D&data=%7B%22total%22%3A1%7D"))
        await submit("paymentcompleted", #"{"order":{"orderId":"FORMS-4004","total":45.95,"currency":"GBP"}}"#)
        await submit("closewebview", nil)
    }

    private func narratorNote(_ text: String, store: Store<CheckoutState>?) {
        FileHandle.standardOutput.write(Data("  \(terminal.dim("(\(text))"))\n".utf8))
    }

    private func describe(_ flow: Flow) -> String {
        switch flow {
        case .native: return "native checkout"
        case .web(.bridge, let api): return "web checkout (bridge, \(api))"
        case .web(.forms, let api): return "web checkout (forms, \(api))"
        case .web(.parse, let api) where scripts: return "web checkout (parse with page scripts, \(api))"
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
            notes += Self.orderNotes(before: before.orderPlacement, after: after.orderPlacement)
            if let answer = after.walletSheet?.lastAnswer, before.walletSheet?.lastAnswer != answer {
                notes.append(Self.describe(answer))
            }
            if after.errors.count > before.errors.count, let error = after.errors.last {
                notes.append(terminal.red("error \(PaymentText.describe(error.kind))"))
            }
            lock.lock()
            output.line("  " + terminal.bold(text) + (notes.isEmpty ? "" : "  → " + notes.joined(separator: ", ")))
            lock.unlock()
        }
    }

    /// What changed in the order placement: the backend's order and its status, a retry ahead,
    /// a failure.
    static func orderNotes(before: OrderPlacementState?, after: OrderPlacementState?) -> [String] {
        guard let after, before != after else { return [] }
        var notes: [String] = []
        if let placed = after.placed, before?.placed != placed {
            notes.append("order \(placed.number) \(placed.status.rawValue)")
        }
        if before?.step != after.step {
            switch after.step {
            case .retryScheduled(let retry): notes.append("order placement retry \(retry) scheduled (same key)")
            case .recovering: notes.append("order placement waits for the checkout to recover")
            case .failed(let error): notes.append("order placement failed: \(error)")
            default: break
            }
        }
        return notes
    }
}
