// store-bench: reading and replaying action logs, the checkout-shaped synthetic log and real checkout actions.
import ActionLog
import Checkout
import CheckoutSandbox
import Foundation
import StateStore

/// A checkout-shaped state and action tree for the log benchmarks: nested enums with associated
/// values, decimals and strings, as a real checkout log holds.
struct ShopState: StoreState, Codable, Equatable {
    enum Action: Codable, Sendable, Equatable {
        enum Native: Codable, Sendable, Equatable {
            case emailEntered(String)
            case shippingAddressSelected(id: String, postcode: String)
            case shippingMethodSelected(id: String, price: Decimal)
        }
        enum Result: Codable, Sendable, Equatable {
            case checkoutLoaded(cartID: String, total: Decimal, currency: String, lines: Int)
            case paymentAuthorised(reference: String)
        }
        case native(Native)
        case result(Result)
        case pageProgress(Int)
    }

    var email = ""
    var postcode = ""
    var shippingMethod = ""
    var shippingPrice: Decimal = 0
    var cartID = ""
    var total: Decimal = 0
    var currency = "GBP"
    var lines = 0
    var progress = 0
    var paid: [String] = []
}

// The recorder's fast path for the shop's actions, as an app writes one for its own actions:
// what `recorder-durable` measures. `shopEncodingMatches()` checks it writes what `Encodable` does.
extension ShopState.Action: LogEncodable {
    func encode(to log: inout LogWriter) throws {
        switch self {
        case .native(let native): try log.enumCase("native") { try $0.member("_0", native) }
        case .result(let result): try log.enumCase("result") { try $0.member("_0", result) }
        case .pageProgress(let value): log.enumCase("pageProgress") { $0.member("_0", value) }
        }
    }
}

extension ShopState.Action.Native: LogEncodable {
    func encode(to log: inout LogWriter) throws {
        switch self {
        case .emailEntered(let email):
            log.enumCase("emailEntered") { $0.member("_0", email) }
        case .shippingAddressSelected(let id, let postcode):
            log.enumCase("shippingAddressSelected") {
                $0.member("id", id)
                $0.member("postcode", postcode)
            }
        case .shippingMethodSelected(let id, let price):
            log.enumCase("shippingMethodSelected") {
                $0.member("id", id)
                $0.member("price", price)
            }
        }
    }
}

extension ShopState.Action.Result: LogEncodable {
    func encode(to log: inout LogWriter) throws {
        switch self {
        case .checkoutLoaded(let cartID, let total, let currency, let lines):
            log.enumCase("checkoutLoaded") {
                $0.member("cartID", cartID)
                $0.member("total", total)
                $0.member("currency", currency)
                $0.member("lines", lines)
            }
        case .paymentAuthorised(let reference):
            log.enumCase("paymentAuthorised") { $0.member("reference", reference) }
        }
    }
}

/// Whether the shop's fast path writes every kind of shop action as `Encodable` does.
func shopEncodingMatches() -> Bool {
    (0..<12).map(shopAction).allSatisfy { action in
        guard let fast = try? LogEncoding.json(action), let encodable = try? LogEncoding.encodableJSON(action) else {
            return false
        }
        return fast == encodable
    }
}

let shopReducer = Reducer<ShopState, ShopState.Action>.pure { state, action in
    switch action {
    case .native(.emailEntered(let email)): state.email = email
    case .native(.shippingAddressSelected(_, let postcode)): state.postcode = postcode
    case .native(.shippingMethodSelected(let id, let price)):
        state.shippingMethod = id
        state.shippingPrice = price
    case .result(.checkoutLoaded(let cartID, let total, let currency, let lines)):
        state.cartID = cartID
        state.total = total
        state.currency = currency
        state.lines = lines
    case .result(.paymentAuthorised(let reference)):
        if state.paid.count > 16 { state.paid.removeFirst() }
        state.paid.append(reference)
    case .pageProgress(let value): state.progress = value
    }
}

func shopAction(_ index: Int) -> ShopState.Action {
    switch index % 6 {
    case 0: return .native(.emailEntered("guest\(index % 97)@example.com"))
    case 1: return .native(.shippingAddressSelected(id: "addr-\(index % 13)", postcode: "SW1A \(index % 9)AA"))
    case 2: return .native(.shippingMethodSelected(id: "standard", price: Decimal(index % 500) / 100))
    case 3:
        return .result(
            .checkoutLoaded(
                cartID: "cart-\(index % 1000)", total: Decimal(index % 100_000) / 100, currency: "GBP", lines: index % 7
            ))
    case 4: return .pageProgress(index % 100)
    default: return .result(.paymentAuthorised(reference: "psp-\(index)"))
    }
}

/// Replays a 1,000,000-action checkout-shaped log (decode and reduce), then jumps to random steps.
func replayBenchmarks() -> [Result] {
    let count = 1_000_000
    let path = temporaryLogPath("replay")
    defer { removeLog(path) }
    do {
        let recorder = try ActionRecorder(
            path: path, initialState: ShopState(), mode: .buffered(),
            configuration: ActionLogConfiguration(fingerprintInterval: 1000, maximumFileBytes: Int.max))
        let store = Store(reducer: shopReducer, state: ShopState(), observers: [recorder.observer])
        for i in 0..<count { store.dispatch(shopAction(i)) }
        try recorder.close()
        settleWriteback()
    } catch {
        print("replay benchmark: cannot write the log: \(error)")
        return []
    }
    var results: [Result] = []
    var replayer: Replayer<ShopState>?
    results.append(
        measureTimed("replay-1m (ns/action)", iterations: count, repetitions: 5) { _ in
            replayer = nil  // the last repetition's replay is freed before the clock starts
            let clock = ContinuousClock()
            let start = clock.now
            replayer = try? Replayer(path: path, reducer: shopReducer)
            return clock.now - start
        })
    if let replayer {
        if let divergence = replayer.divergence { print("replay benchmark: diverged at \(divergence.step)") }
        var generator = SystemRandomNumberGenerator()
        let steps = (0..<200).map { _ in Int.random(in: 0...count, using: &generator) }
        results.append(
            measure("jump (ns/jump)", iterations: steps.count, repetitions: 3) { n in
                var total = 0
                for step in steps.prefix(n) { total &+= replayer.state(at: step).lines }
                return total
            })
    }
    return results
}

/// The checkout actions the checkout benchmarks use (those of every log in `Examples/Logs`), the
/// reducer and the initial state.
struct CheckoutBenchmarkInput {
    let actions: [CheckoutAction]
    let reducer = CheckoutReducer.make(environment: CheckoutEnvironment(api: SandboxCheckoutAPI()))
    let initial = CheckoutState(kind: .native, paymentProviders: [SandboxPaymentProvider.defaultDescriptor])

    /// Reads the example logs; `nil` (said on standard output) when run away from the package root.
    static func load() -> CheckoutBenchmarkInput? {
        let directory = "Examples/Logs"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
            $0.hasSuffix(".jsonl")
        }.sorted()
        var actions: [CheckoutAction] = []
        for file in files {
            guard
                let reader = try? ActionLogReader<CheckoutState>(
                    path: "\(directory)/\(file)", schemaVersion: CheckoutLogSchema.version,
                    upgrade: CheckoutLogSchema.upgrade)
            else { continue }
            while let record = try? reader.next() { actions.append(record.action) }
        }
        guard !actions.isEmpty else {
            print("replay-checkout: run from the package root (Examples/Logs not found)")
            return nil
        }
        return CheckoutBenchmarkInput(actions: actions)
    }
}

/// `reduce only`: the checkout actions reduced in memory, one after the other, on one core.
func checkoutReduceOnly(_ input: CheckoutBenchmarkInput?, count: Int) -> Result {
    guard let input else {
        return Result(
            name: "  reduce only (ns/action)", iterations: 0, repetitions: 0, minNanoseconds: 0, medianNanoseconds: 0)
    }
    let actions = input.actions
    let reducer = input.reducer
    return measure("  reduce only (ns/action)", iterations: count, repetitions: 3) { n in
        var state = input.initial
        for index in 0..<n { _ = reducer.reduce(&state, actions[index % actions.count]) }
        return state.nextRequestID
    }
}

/// Set by `--checkout-log PATH`: the log `replay-checkout-1m` replays is kept at `PATH`, and one
/// already there is replayed as it is (not written again). An instruction count then runs the
/// replay alone under callgrind, the log written beforehand outside it
/// (`scripts/count-instructions.sh replay-checkout-1m`).
nonisolated(unsafe) var checkoutLogPath: String?

/// Writes `count` checkout actions (the example logs' actions over and over) through the checkout
/// reducer into a buffered recording at `path`; `false` (said on standard output) if it cannot.
func writeCheckoutReplayLog(_ input: CheckoutBenchmarkInput, path: String, count: Int) -> Bool {
    let actions = input.actions
    do {
        let recorder = try ActionRecorder(
            path: path, initialState: input.initial, mode: .buffered(),
            configuration: ActionLogConfiguration(
                schemaVersion: CheckoutLogSchema.version, fingerprintInterval: 1000, maximumFileBytes: Int.max))
        let store = Store(
            reducer: input.reducer, state: input.initial, observers: [recorder.observer], effectsEnabled: false)
        for i in 0..<count { store.dispatch(actions[i % actions.count]) }
        try recorder.close()
        return true
    } catch {
        print("replay-checkout: cannot write the log: \(error)")
        return false
    }
}

/// The log `replay-checkout-1m` replays, written unless `--checkout-log` names one already there;
/// `remove` says whether to delete it afterwards.
func checkoutReplayLog(_ input: CheckoutBenchmarkInput, count: Int) -> (path: String, remove: Bool)? {
    if let kept = checkoutLogPath {
        if FileManager.default.fileExists(atPath: kept) { return (kept, false) }
        return writeCheckoutReplayLog(input, path: kept, count: count) ? (kept, false) : nil
    }
    let path = temporaryLogPath("replay-checkout")
    guard writeCheckoutReplayLog(input, path: path, count: count) else {
        removeLog(path)
        return nil
    }
    if fixedIterations == nil { settleWriteback() }
    return (path, true)
}

/// `replay-checkout-1m` alone: loading and replaying the log (decode and reduce).
func checkoutReplayRow(path: String, reducer: Reducer<CheckoutState, CheckoutAction>, count: Int) -> Result {
    measureTimed("replay-checkout-1m (ns/action)", iterations: count, repetitions: 5) { _ in
        let usage = printsResourceUsage ? ResourceUsage.now() : ResourceUsage()
        let clock = ContinuousClock()
        let start = clock.now
        let replayer = try? Replayer(path: path, reducer: reducer, schemaVersion: CheckoutLogSchema.version)
        let elapsed = clock.now - start
        printUsage("replay-checkout-1m", from: usage, wall: elapsed)
        if let replayer, replayer.steps.count != count || replayer.divergence != nil {
            print("replay-checkout: replayed \(replayer.steps.count) of \(count) actions")
        }
        // Freeing a million steps is timed on its own (`freeing it`).
        withExtendedLifetime(replayer) {}
        return elapsed
    }
}

/// Replays a 1,000,000-action log of real checkout actions: the actions of every log in
/// `Examples/Logs`, dispatched over and over through the checkout reducer and recorded.
/// `--iterations N` makes the log `N` actions long.
func checkoutReplayBenchmark() -> [Result] {
    guard let input = CheckoutBenchmarkInput.load() else { return [] }
    let count = fixedIterations ?? 1_000_000
    guard let (path, remove) = checkoutReplayLog(input, count: count) else { return [] }
    defer { if remove { removeLog(path) } }
    let reducer = input.reducer
    // Where the replay's time goes: reading (checking and decoding every line, on every core)
    // and reducing (sequential), each measured alone. A replay overlaps the two.
    return [
        checkoutReplayRow(path: path, reducer: reducer, count: count),
        checkoutPseudonymiseBenchmark(path: path, reducer: reducer, count: count),
        checkoutExportFloor(path: path, reducer: reducer, count: count),
        measureTimed("  freeing it (ns/action)", iterations: count, repetitions: 3) { _ in
            var replayer = try? Replayer(path: path, reducer: reducer, schemaVersion: CheckoutLogSchema.version)
            let clock = ContinuousClock()
            let start = clock.now
            replayer = nil
            let elapsed = clock.now - start
            withExtendedLifetime(replayer) {}
            return elapsed
        },
        measure("  read only (ns/action)", iterations: count, repetitions: 3) { _ in
            guard let reader = try? ActionLogReader<CheckoutState>(path: path, schemaVersion: CheckoutLogSchema.version)
            else { return 0 }
            var read = 0
            while let batch = try? reader.nextBatch(), !batch.isEmpty { read &+= batch.count }
            return read
        },
        checkoutReduceOnly(input, count: count),
    ] + checkoutJumpBenchmark(path: path, reducer: reducer, count: count)
}

/// The state at random steps of the replayed checkout log: from the nearest checkpoint, at most
/// 1,023 checkout actions are reduced again.
func checkoutJumpBenchmark(
    path: String, reducer: Reducer<CheckoutState, CheckoutAction>, count: Int
) -> [Result] {
    guard let replayer = try? Replayer(path: path, reducer: reducer, schemaVersion: CheckoutLogSchema.version) else {
        return []
    }
    var generator = SystemRandomNumberGenerator()
    let steps = (0..<200).map { _ in Int.random(in: 0...count, using: &generator) }
    return [
        measure("  jump (ns/jump)", iterations: steps.count, repetitions: 3) { n in
            var total = 0
            for step in steps.prefix(n) { total &+= replayer.state(at: step).nextRequestID }
            return total
        }
    ]
}
