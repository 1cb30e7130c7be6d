import StateStore
import StoreTestSupport
import XCTest

/// Middleware composed at compile time (`.composed { }`) behave exactly as the same middleware
/// given to the store as an array.
final class ComposedMiddlewareTests: XCTestCase {
    func testComposedMiddlewareRunInTheOrderWrittenBeforeTheReducer() {
        let seen = Recorder<String>()
        let store = makeStore(middleware: [
            .composed {
                Tagging(name: "a", seen: seen)
                Tagging(name: "b", seen: seen)
                Tagging(name: "c", seen: seen)
            }
        ])
        store.dispatch(.increment)
        XCTAssertEqual(
            seen.values,
            [
                "a before, count 0", "b before, count 0", "c before, count 0",
                "c after, count 1", "b after, count 1", "a after, count 1",
            ]
        )
    }

    func testComposedMiddlewareCanReplaceAnAction() {
        let seen = Recorder<String>()
        let store = makeStore(middleware: [
            .composed {
                Replacing(from: .increment, to: .add(5))
                Tagging(name: "after", seen: seen)
            }
        ])
        store.dispatch(.increment)
        XCTAssertEqual(store.state.count, 5)
        // The layer after the replacing one sees the replacement.
        XCTAssertEqual(seen.values, ["after before, count 0", "after after, count 5"])
    }

    func testComposedMiddlewareCanSwallowAnActionAndTheLayersAfterItNeverSeeIt() {
        let seen = Recorder<String>()
        let store = makeStore(middleware: [
            .composed {
                Swallowing(action: .decrement)
                Tagging(name: "after", seen: seen)
            }
        ])
        store.dispatch(.decrement)
        store.dispatch(.increment)
        XCTAssertEqual(store.state.count, 1)
        XCTAssertEqual(seen.values, ["after before, count 0", "after after, count 1"])
    }

    func testNextCalledTwiceInAComposedLayerRunsTheRestTwiceAndReducesTwice() {
        let seen = Recorder<String>()
        let store = makeStore(middleware: [
            .composed {
                Twice()
                Tagging(name: "after", seen: seen)
            }
        ])
        store.dispatch(.increment)
        XCTAssertEqual(store.state.count, 2)
        XCTAssertEqual(
            seen.values,
            ["after before, count 0", "after after, count 1", "after before, count 1", "after after, count 2"]
        )
    }

    func testDispatchFromAComposedLayerIsQueuedBehindTheCurrentActionInOrder() {
        let statesAtDispatch = Recorder<[String]>()
        let store = makeStore(middleware: [
            .composed {
                Echoing(statesAtDispatch: statesAtDispatch)
                Tagging(name: "t", seen: Recorder())
            }
        ])
        store.dispatch(.note("one"))
        // Both echoes come after the action that dispatched them, first dispatched first.
        XCTAssertEqual(store.state.history, ["one", "echo 1 one", "echo 2 one"])
        // Nothing dispatched was processed while the layer ran.
        XCTAssertEqual(statesAtDispatch.values, [[], []])
    }

    func testIfWithoutElseAddsItsLayersOnlyWhenTrueAndPassesThroughOtherwise() {
        func store(verbose: Bool, seen: Recorder<String>) -> Store<CounterState> {
            makeStore(middleware: [
                .composed {
                    Tagging(name: "a", seen: seen)
                    if verbose {
                        Tagging(name: "v1", seen: seen)
                        Tagging(name: "v2", seen: seen)
                    }
                    Tagging(name: "b", seen: seen)
                }
            ])
        }
        let quiet = Recorder<String>()
        let quietStore = store(verbose: false, seen: quiet)
        quietStore.dispatch(.increment)
        XCTAssertEqual(quietStore.state.count, 1)
        XCTAssertEqual(
            quiet.values, ["a before, count 0", "b before, count 0", "b after, count 1", "a after, count 1"])

        let loud = Recorder<String>()
        let loudStore = store(verbose: true, seen: loud)
        loudStore.dispatch(.increment)
        XCTAssertEqual(loudStore.state.count, 1)
        XCTAssertEqual(
            loud.values.filter { $0.hasSuffix("count 0") },
            ["a before, count 0", "v1 before, count 0", "v2 before, count 0", "b before, count 0"]
        )
    }

    func testIfElseRunsTheBranchThatWasTaken() {
        func store(strict: Bool) -> Store<CounterState> {
            makeStore(middleware: [
                .composed {
                    if strict {
                        Swallowing(action: .decrement)
                    } else {
                        Replacing(from: .decrement, to: .add(-10))
                    }
                }
            ])
        }
        let strict = store(strict: true)
        strict.dispatch(.decrement)
        XCTAssertEqual(strict.state.count, 0)
        let lenient = store(strict: false)
        lenient.dispatch(.decrement)
        XCTAssertEqual(lenient.state.count, -10)
    }

    func testClosureMiddlewareMixWithTypedOnesInOrder() {
        let seen = Recorder<String>()
        let lines = Recorder<String>()
        let store = makeStore(middleware: [
            .composed {
                // The type is written: a line that begins with a dot would continue the line before.
                Middleware.logging(prefix: "[test]", log: { lines.append($0) })
                Tagging(name: "typed", seen: seen)
                Middleware.observing { context, action in seen.append("closure saw \(action) at \(context.state.count)")
                }
                Middleware<CounterState> { _, action, next in next(action == .increment ? .add(3) : action) }
            }
        ])
        store.dispatch(.increment)
        XCTAssertEqual(store.state.count, 3)
        XCTAssertEqual(
            seen.values, ["typed before, count 0", "closure saw increment at 0", "typed after, count 3"])
        XCTAssertEqual(lines.values.count, 1)
        XCTAssertTrue(lines.values.first?.hasPrefix("[test] increment (") == true, "\(lines.values)")
    }

    func testAClosureMiddlewareCalledAsAMiddlewareTypeCallsItsClosure() {
        let double = Middleware<CounterState> { _, action, next in
            next(action)
            next(action)
        }
        // Through a generic: on a `Middleware` itself, `handle(_:_:_:)` names the stored closure.
        func handleAsMiddlewareType<M: MiddlewareType>(_ middleware: M, _ action: M.State.Action) -> [M.State.Action]
        where M.State == CounterState {
            let reduced = Recorder<CounterState.Action>()
            middleware.handle(someContext(), action) { reduced.append($0) }
            return reduced.values
        }
        XCTAssertEqual(handleAsMiddlewareType(double, .add(2)), [.add(2), .add(2)])
    }

    func testATypedMiddlewareWrappedAloneBehavesAsItsClosureForm() {
        let store = makeStore(middleware: [Middleware(Replacing(from: .increment, to: .add(7)))])
        store.dispatch(.increment)
        store.dispatch(.decrement)
        XCTAssertEqual(store.state.count, 6)
    }

    /// Random scripts of actions through random stacks of layers (pass, replace, swallow,
    /// dispatch, twice; typed or closure) give the same trace (what each layer saw, in order, and
    /// the state it read), the same reductions and the same final state whether the layers are
    /// given as an array or composed. A failure prints the seed that reproduces it.
    func testComposedAndArrayFormsAgreeOnRandomStacksAndScripts() {
        for seed in UInt64(1)...300 {
            var random = SplitMix64(seed: seed)
            let layers = (0..<Int.random(in: 0...ScriptedStack.capacity, using: &random)).map { index in
                ScriptedLayer(
                    index: index,
                    kind: ScriptedLayer.Kind.allCases.randomElement(using: &random) ?? .pass,
                    typed: Bool.random(using: &random)
                )
            }
            let script = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                ScriptedStack.randomAction(using: &random)
            }
            let asArray = ScriptedStack.run(script, layers: layers, composed: false)
            let asComposition = ScriptedStack.run(script, layers: layers, composed: true)
            XCTAssertEqual(asComposition, asArray, "seed \(seed), layers \(layers), script \(script)")
            XCTAssertFalse(asArray.trace.isEmpty && !layers.isEmpty, "seed \(seed): the layers never ran")
        }
    }
}

// MARK: - Typed middleware for the tests

/// Records what it saw before and after passing the action on, with the count it read.
private struct Tagging: MiddlewareType {
    let name: String
    let seen: Recorder<String>

    func handle(
        _ context: MiddlewareContext<CounterState>, _ action: CounterState.Action,
        _ next: (CounterState.Action) -> Void
    ) {
        seen.append("\(name) before, count \(context.state.count)")
        next(action)
        seen.append("\(name) after, count \(context.state.count)")
    }
}

/// Passes `to` on instead of `from`.
private struct Replacing: MiddlewareType {
    let from: CounterState.Action
    let to: CounterState.Action

    func handle(
        _ context: MiddlewareContext<CounterState>, _ action: CounterState.Action,
        _ next: (CounterState.Action) -> Void
    ) {
        next(action == from ? to : action)
    }
}

/// Swallows one action.
private struct Swallowing: MiddlewareType {
    let action: CounterState.Action

    func handle(
        _ context: MiddlewareContext<CounterState>, _ action: CounterState.Action,
        _ next: (CounterState.Action) -> Void
    ) {
        if action == self.action { return }
        next(action)
    }
}

/// Calls `next` twice.
private struct Twice: MiddlewareType {
    func handle(
        _ context: MiddlewareContext<CounterState>, _ action: CounterState.Action,
        _ next: (CounterState.Action) -> Void
    ) {
        next(action)
        next(action)
    }
}

/// Dispatches two echoes of each note it sees (not of echoes), recording the history at each.
private struct Echoing: MiddlewareType {
    let statesAtDispatch: Recorder<[String]>

    func handle(
        _ context: MiddlewareContext<CounterState>, _ action: CounterState.Action,
        _ next: (CounterState.Action) -> Void
    ) {
        if case .note(let text) = action, !text.hasPrefix("echo") {
            context.dispatch(.note("echo 1 \(text)"))
            statesAtDispatch.append(context.state.history)
            context.dispatch(.note("echo 2 \(text)"))
            statesAtDispatch.append(context.state.history)
        }
        next(action)
    }
}

/// A middleware context, kept from a store's first action by an observing middleware.
private func someContext() -> MiddlewareContext<CounterState> {
    let kept = Recorder<MiddlewareContext<CounterState>>()
    let store = makeStore(middleware: [.observing { context, _ in kept.append(context) }])
    store.dispatch(.increment)
    return kept.values[0]
}

// MARK: - The property test's layers

/// One layer of a random stack: what it does, and whether it is a typed middleware or a closure.
private struct ScriptedLayer: CustomStringConvertible, Sendable {
    enum Kind: CaseIterable, Sendable {
        /// Passes every action on.
        case pass
        /// Passes `.add(index + 2)` instead of `.increment`.
        case replace
        /// Swallows `.decrement`, and `.add` of a value whose remainder by 3 is its index's.
        case swallow
        /// Dispatches a follow-up note for each note that is not one already.
        case dispatch
        /// Calls `next` twice.
        case twice
    }

    let index: Int
    let kind: Kind
    let typed: Bool

    var description: String { "\(index):\(kind)\(typed ? "" : "(closure)")" }

    /// What the layer does; both forms call this.
    func handle(
        _ context: MiddlewareContext<CounterState>, _ action: CounterState.Action,
        _ next: (CounterState.Action) -> Void, trace: Recorder<String>
    ) {
        trace.append("\(index) saw \(action) at \(context.state.count) \(context.state.history)")
        switch kind {
        case .pass:
            next(action)
        case .replace:
            next(action == .increment ? .add(index + 2) : action)
        case .swallow:
            if action == .decrement { return }
            if case .add(let value) = action, value % 3 == index % 3 { return }
            next(action)
        case .dispatch:
            if case .note(let text) = action, !text.hasPrefix("follow") {
                context.dispatch(.note("follow \(index) \(text)"))
            }
            next(action)
        case .twice:
            next(action)
            next(action)
        }
        trace.append("\(index) after at \(context.state.count)")
    }

    /// The closure form.
    func closure(trace: Recorder<String>) -> Middleware<CounterState> {
        Middleware { context, action, next in handle(context, action, next, trace: trace) }
    }

    /// The typed form.
    func typed(trace: Recorder<String>) -> Typed { Typed(layer: self, trace: trace) }

    struct Typed: MiddlewareType {
        let layer: ScriptedLayer
        let trace: Recorder<String>

        func handle(
            _ context: MiddlewareContext<CounterState>, _ action: CounterState.Action,
            _ next: (CounterState.Action) -> Void
        ) {
            layer.handle(context, action, next, trace: trace)
        }
    }
}

/// Runs a script through a stack of scripted layers, as an array or composed.
private enum ScriptedStack {
    /// The most layers a stack has: one `if` per slot in the composition below.
    static let capacity = 6

    struct Outcome: Equatable {
        var trace: [String]
        var reductions: [CounterState.Action]
        var state: CounterState
    }

    static func randomAction(using random: inout SplitMix64) -> CounterState.Action {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: .increment
        case 1: .decrement
        case 2: .add(Int.random(in: -5...5, using: &random))
        case 3: .set(Int.random(in: 0...9, using: &random))
        default: .note("n\(Int.random(in: 0...9, using: &random))")
        }
    }

    static func run(_ script: [CounterState.Action], layers: [ScriptedLayer], composed: Bool) -> Outcome {
        let trace = Recorder<String>()
        let reductions = Recorder<CounterState.Action>()
        let reducer = Reducer<CounterState, CounterState.Action> { state, action in
            reductions.append(action)
            return counterReducer.reduce(&state, action)
        }
        let middleware =
            composed
            ? [composition(of: layers, trace: trace)]
            : layers.map { $0.closure(trace: trace) }
        let store = Store(reducer: reducer, state: CounterState(), middleware: middleware)
        for action in script { store.dispatch(action) }
        return Outcome(trace: trace.values, reductions: reductions.values, state: store.state)
    }

    /// The layers composed: each slot is present when the stack is that deep, typed or closure.
    static func composition(of layers: [ScriptedLayer], trace: Recorder<String>) -> Middleware<CounterState> {
        func slot(_ index: Int) -> ScriptedLayer? { index < layers.count ? layers[index] : nil }
        return .composed {
            if let layer = slot(0) { form(of: layer, trace: trace) }
            if let layer = slot(1) { form(of: layer, trace: trace) }
            if let layer = slot(2) { form(of: layer, trace: trace) }
            if let layer = slot(3) { form(of: layer, trace: trace) }
            if let layer = slot(4) { form(of: layer, trace: trace) }
            if let layer = slot(5) { form(of: layer, trace: trace) }
        }
    }

    /// A layer as a typed middleware or as a closure, chosen by `if`/`else`.
    @MiddlewareBuilder<CounterState>
    static func form(
        of layer: ScriptedLayer, trace: Recorder<String>
    ) -> EitherMiddleware<ScriptedLayer.Typed, Middleware<CounterState>> {
        if layer.typed { layer.typed(trace: trace) } else { layer.closure(trace: trace) }
    }
}
