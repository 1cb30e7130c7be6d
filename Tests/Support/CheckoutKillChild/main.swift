import ActionLog
import Checkout
import CheckoutSandbox
// A child process for the checkout's kill test (Tests/CheckoutTests/CheckoutKillTests).
//
//     checkout-kill-child SCENARIO LOG BACKEND
//
// Plays a guest's native checkout on the sandbox, recorded durably into LOG (action schema 2),
// up to a point mid-payment named by SCENARIO:
//
// - `redirect`: the provider asked for a bank redirect; the shopper is away in the bank's app.
// - `pending`: the payment is pending, its pending order placed, two lookups answered "still
//   pending", and the third poll is due.
// - `placement-retry`: paid; placing the order timed out (the backend made it, the answer was
//   lost), and the retry is due.
// - `provider-held`: the provider authorised the shopper's choice; its answer has not reached the
//   app.
// - `adyen-redirect`: the same as `redirect`, with Adyen (sessions flow) on its sandbox: the card
//   payment asked for a 3-D Secure redirect.
// - `adyen-pending`: the same as `pending`, with Adyen: `Pending`, and the session result says
//   `paymentPending` twice.
//
// There it writes the sandbox backend's state to BACKEND (a real backend outlives the app, this
// one lives in the app's process), prints `ready`, and waits to be killed: the test kills it with
// SIGKILL and resumes the checkout from LOG on that backend. With Adyen it also writes its sandbox
// to BACKEND.adyen (Adyen outlives the app too) and the provider's vault to BACKEND.vault (the
// Keychain outlives the app): both hold secrets, in the test's temporary directory only.
import Foundation
import PaymentProviders
import StateStore

/// A clock on which the first `passing` sleeps pass at once and every later one never ends (until
/// cancelled): the checkout's timers run up to the point the scenario stops at, and then time
/// stands still until the kill, however slowly the machine goes.
final class StoppingClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        let offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var passing: Int

    init(passing: Int) {
        self.passing = passing
    }

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let passes = lock.withLock {
            guard passing > 0 else { return false }
            passing -= 1
            if current < deadline { current = deadline }
            return true
        }
        if passes {
            await Task.yield()
            return
        }
        while true { try await Task.sleep(for: .seconds(1)) }
    }
}

/// The sandbox provider, except that once it has answered a submission it never hands the answer
/// back: the app dies with the provider holding the payment (`provider-held`).
struct AnswerLosingProvider: PaymentProvider {
    let sandbox: SandboxPaymentProvider
    let answered: @Sendable () async -> Void

    var descriptor: PaymentProviderDescriptor { sandbox.descriptor }
    func prepare(_ request: PaymentRequest) async throws -> PaymentSession { try await sandbox.prepare(request) }
    func submit(_ submission: PaymentSubmission, in session: PaymentSession) async throws -> PaymentOutcome {
        _ = try await sandbox.submit(submission, in: session)
        await answered()
        while true { try await Task.sleep(for: .seconds(1)) }
    }
    func submitDetails(_ details: PaymentActionDetails, in session: PaymentSession) async throws -> PaymentOutcome {
        try await sandbox.submitDetails(details, in: session)
    }
    func confirm(_ session: PaymentSession) async throws -> PaymentOutcome { try await sandbox.confirm(session) }
    func cancel(_ session: PaymentSession) async { await sandbox.cancel(session) }
}

/// The store and its recorder, kept for the process's life: dropping them would close the log
/// with a footer, and this process must die with its log open, as a killed app does.
nonisolated(unsafe) var keptAlive: [AnyObject] = []

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("checkout-kill-child: \(message)\n".utf8))
    exit(1)
}

/// Adyen's sandbox, its provider and the provider's vault, for an `adyen-…` scenario: the card
/// payment asks for a redirect, or is `Pending` with no webhook yet.
func adyenSandbox(
    for scenario: String
) async -> (server: AdyenSandboxServer, provider: AdyenPaymentProvider, vault: InMemoryPaymentAttemptVault)? {
    guard scenario.hasPrefix("adyen-") else { return nil }
    let first: AdyenSandboxServer.Answer =
        scenario == "adyen-redirect" ? .action(.redirect, then: .authorised) : .pending
    let server = AdyenSandboxServer(firstAnswers: [first])
    await server.setWebhookOutcome(.notYetReceived)
    let vault = InMemoryPaymentAttemptVault()
    let provider = AdyenPaymentProvider(configuration: AdyenDemoScript.configuration, server: server, vault: vault)
    return (server, provider, vault)
}

/// Plays the scenario, hands the backend over at its point, and waits for the kill.
func run(scenario: String, logPath: String, backendPath: String) async -> Never {
    let api = SandboxCheckoutAPI()
    let sandbox: SandboxPaymentProvider
    let clock: StoppingClock
    let adyen = await adyenSandbox(for: scenario)
    switch scenario {
    case "redirect":
        sandbox = SandboxPaymentProvider(behaviour: .redirectThenApprove)
        clock = StoppingClock(passing: 0)
    case "pending":
        sandbox = SandboxPaymentProvider(behaviour: .pending, confirmation: .authorise, lookupsStillPending: 2)
        clock = StoppingClock(passing: 2)
    case "placement-retry":
        sandbox = SandboxPaymentProvider()
        await api.loseNextOrderAnswers()
        clock = StoppingClock(passing: 0)
    case "provider-held":
        sandbox = SandboxPaymentProvider()
        clock = StoppingClock(passing: 0)
    case "adyen-redirect", "adyen-pending":
        sandbox = SandboxPaymentProvider()
        clock = StoppingClock(passing: scenario == "adyen-redirect" ? 0 : 2)
    default:
        fail("unknown scenario \(scenario)")
    }

    /// Hands the backend to the test and waits for the kill.
    @Sendable func readyToDie() async -> Never {
        do {
            let data = try JSONEncoder().encode(await api.snapshot())
            try data.write(to: URL(fileURLWithPath: backendPath), options: .atomic)
            if let adyen {
                let server = try JSONEncoder().encode(await adyen.server.snapshot())
                try server.write(to: URL(fileURLWithPath: backendPath + ".adyen"), options: .atomic)
                var kept: [String: Data] = [:]
                for key in await adyen.vault.keys {
                    kept[key] = await adyen.vault.secret(forKey: key)?.value
                }
                try JSONEncoder().encode(kept).write(to: URL(fileURLWithPath: backendPath + ".vault"), options: .atomic)
            }
        } catch {
            fail("cannot write the backend: \(error)")
        }
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        while true { try? await Task.sleep(for: .seconds(1)) }
    }

    // `provider-held` dies only once `dispatch(.payment(.submitted))` has returned, so once the
    // durable recorder has written that action. The recorder's middleware writes after `next`, and
    // the reducer starts the submission inside `next`: on a loaded machine the sandbox provider
    // could answer (and this process die) before the dispatching thread wrote the record, where a
    // real provider answers over the network, long after it.
    let (submissionRecorded, markSubmissionRecorded) = AsyncStream<Void>.makeStream()
    let provider: any PaymentProvider =
        adyen?.provider
        ?? (scenario == "provider-held"
            ? AnswerLosingProvider(
                sandbox: sandbox,
                answered: {
                    for await _ in submissionRecorded {}
                    await readyToDie()
                }) : sandbox)
    let initial = CheckoutState(kind: .native, user: .guest, paymentProviders: [provider.descriptor])
    let environment = CheckoutEnvironment(
        api: api, paymentProviders: [provider], clock: clock, makeIdempotencyKey: SandboxIdempotencyKeys().next)
    let recorder: ActionRecorder<CheckoutState>
    do {
        recorder = try ActionRecorder(
            path: logPath, initialState: initial, mode: .durable,
            configuration: ActionLogConfiguration(appVersion: "kill-child", schemaVersion: CheckoutLogSchema.version))
    } catch {
        fail("cannot record: \(error)")
    }
    let store = Store(
        reducer: CheckoutReducer.make(environment: environment), state: initial, middleware: [recorder.middleware])
    keptAlive = [store, recorder]

    /// Dispatches and waits for every effect (no timer is waiting yet).
    func send(_ action: CheckoutAction) async {
        store.dispatch(action)
        await store.waitForEffects()
    }

    /// Waits until `reached` holds with nothing running but the timer the scenario stopped at.
    func wait(timer: EffectID?, until reached: (CheckoutState) -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(120)
        while !(reached(store.state) && store.activeEffectCount == (timer == nil ? 0 : 1)
            && (timer.map { store.activeEffectIDs == [$0] } ?? true))
        {
            guard ContinuousClock.now < deadline else { fail("the scenario never reached its point: \(store.state)") }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    await send(.common(.started))
    await send(.native(.emailSubmitted("ada@example.com")))
    await send(.native(.editShippingContactTapped))
    await send(
        .native(
            .addressFormSubmitted(
                Address(
                    firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", city: "London",
                    postcode: "SW1A 2AA", countryCode: "GB"))))
    await send(.native(.useShippingAsBillingTapped))
    if let method = store.state.shippingMethods.first { await send(.native(.shippingMethodSelected(id: method.id))) }
    await send(.payment(.payTapped))
    guard store.state.payment.phase == .presenting, let session = store.state.payment.session else {
        fail("the drop-in did not present: \(store.state.payment)")
    }
    if adyen != nil {
        do {
            let submission = try await AdyenDemoScript(scenario: DemoScenario()).submission(for: session)
            store.dispatch(.payment(.submitted(submission)))
        } catch {
            fail("no card data: \(error)")
        }
    } else {
        store.dispatch(.payment(.submitted(PaymentSubmission(methodID: "scheme", payload: Sensitive("card")))))
    }
    markSubmissionRecorded.finish()

    switch scenario {
    case "redirect", "adyen-redirect":
        await wait(timer: nil) {
            if case .actionRequired(let request) = $0.payment.phase { return request.kind == .redirect }
            return false
        }
    case "pending", "adyen-pending":
        await wait(timer: CheckoutEffectID.confirmationPoll) {
            $0.payment.confirmation?.nextPoll == 3 && $0.orderPlacement?.step == .settled
        }
    case "placement-retry":
        await wait(timer: CheckoutEffectID.orderPlacementRetry) {
            $0.orderPlacement?.step == .retryScheduled(retry: 1)
        }
    default:
        // `provider-held`: the provider calls `readyToDie` once it has taken the payment.
        while true { try? await Task.sleep(for: .seconds(1)) }
    }
    await readyToDie()
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else { fail("usage: checkout-kill-child SCENARIO LOG BACKEND") }
await run(scenario: arguments[1], logPath: arguments[2], backendPath: arguments[3])
