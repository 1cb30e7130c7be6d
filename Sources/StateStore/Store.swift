/// The single source of truth for a state: it takes actions, runs them through middleware and the
/// reducer, starts the effects the reducer asks for, and tells subscribers what changed.
///
/// ```swift
/// let store = Store(reducer: counterReducer, state: Counter(), middleware: [.logging()])
/// let subscription = store.subscribe(\.count) { count in print("count is", count) }
/// store.dispatch(.increment)   // prints "count is 1"
/// ```
///
/// ## Dispatch and ordering
/// `dispatch` is safe from any thread or task. Actions are processed one at a time, completely
/// (middleware, reducer, observers, effects started, subscribers notified), in the order they were
/// dispatched. An action dispatched while another is being processed (from middleware, a
/// subscriber, an effect, or another thread) is queued and processed right after, never
/// recursively. The order actions are reduced in is the order a recorder writes them.
///
/// When no other dispatch is in progress, `dispatch` returns after the action was fully processed,
/// so `store.state` already shows it. When one is in progress (on another thread, or this is a
/// reentrant call), `dispatch` queues the action and returns; the dispatch in progress processes it
/// before returning.
///
/// ## Effects
/// Effects returned by the reducer run as tasks. They are cancelled by id (``Effect/cancel(id:)``),
/// and all of them when the store goes away. ``effectsEnabled`` switches them off as a whole: a
/// replay runs with effects off, because the actions they produced are already in the log.
///
/// ## Lifetime
/// Dropping the last reference to the store shuts it down: queued actions are dropped, effects are
/// cancelled, subscribers released. Middleware contexts and effect `Send`s that outlive it become
/// harmless (dispatch does nothing).
public final class Store<State: StoreState>: Sendable {
    @usableFromInline
    let core: StoreCore<State>
    /// What subscriptions hold to reach the core (see ``CoreHandle``).
    @usableFromInline
    let handle: CoreHandle<State>

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - reducer: The reducer that changes the state.
    ///   - state: The initial state.
    ///   - middleware: Middleware, in the order they see each action (the first sees it first).
    ///   - observers: Observers of every reduced action, called in this order right after each
    ///     reduction (see ``ActionObserver``): where an action recorder belongs.
    ///   - effectsEnabled: Whether effects the reducer returns are run. Replays pass `false`.
    @inlinable
    public init(
        reducer: Reducer<State, State.Action>,
        state: State,
        middleware: [Middleware<State>] = [],
        observers: [ActionObserver<State>] = [],
        effectsEnabled: Bool = true
    ) {
        core = StoreCore(
            reducer: reducer, state: state, middleware: middleware, observers: observers,
            effectsEnabled: effectsEnabled)
        handle = CoreHandle(core)
    }

    deinit {
        handle.release()
        core.shutDown()
    }

    /// The current state.
    @inlinable
    public var state: State { core.state }

    /// Dispatches an action. See "Dispatch and ordering" above for when it has been processed.
    @inlinable
    public func dispatch(_ action: State.Action) {
        core.dispatch(action)
    }

    /// Whether effects returned by the reducer are run. Switching off does not cancel effects
    /// already running; it stops new ones (and follow-up `.send` actions) from starting.
    public var effectsEnabled: Bool {
        get { core.areEffectsEnabled }
        set { core.setEffectsEnabled(newValue) }
    }

    /// The number of effects running now.
    public var activeEffectCount: Int { core.effects.activeCount }

    /// The identifiers of the effects running now (effects started without an id are not listed).
    public var activeEffectIDs: [EffectID] { core.effects.activeIDs }

    /// Waits until no effect is running, including effects started by actions the awaited effects
    /// sent, and no thread is draining the store: an action dispatched before the call has been
    /// reduced, and its subscribers notified, when it returns (even one queued behind a drain on a
    /// thread that is not an effect's). Useful in command-line tools and integration tests; a
    /// host app rarely needs it. Never call it from a reducer or an effect of the same store.
    public func waitForEffects() async {
        var rounds = 0
        while true {
            await core.effects.waitUntilIdle()
            if core.status.isIdle, core.effects.activeCount == 0 { return }
            // Another thread drains (or an effect started meanwhile): let it finish.
            rounds += 1
            if rounds < 16 {
                await Task.yield()
            } else {
                try? await Task.sleep(nanoseconds: 50_000)
            }
        }
    }
}
