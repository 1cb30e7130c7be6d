/// Code that sees every action the reducer reduced, right after it: an action recorder, a counter
/// of actions, a tap for a test.
///
/// ```swift
/// let recorder = try ActionRecorder(path: logPath, initialState: state)
/// let store = Store(reducer: reducer, state: state, middleware: [analytics], observers: [recorder.observer])
/// ```
///
/// An observer is called with the store's context and the action:
/// - on the thread that reduced the action, once for every time it was reduced, in the order
///   actions are reduced (the order of the log a recorder writes);
/// - after every middleware: it sees what the reducer saw. An action a middleware swallowed never
///   reaches it; one a middleware replaced reaches it replaced; one passed on twice reaches it
///   twice. (That is what a middleware put last sees after its `next` returns.)
/// - after the reducer, before the action's effects start and its subscribers are notified:
///   `context.state` is the state after the action.
///
/// Like middleware, an observer runs without the store's lock: it may read the state and
/// dispatch (`context.dispatch(_:)` queues the action behind the current one). Observers run in
/// the order they were given to the store.
///
/// ## Why not a middleware
/// A store with middleware runs each dispatch through the chain, and claims the right to process
/// actions without its lock before the chain starts (an atomic operation, a few nanoseconds on
/// every dispatch). A store with observers and no middleware keeps the store's own path: the
/// observers are called by the thread that reduced, with nothing claimed. Code that only needs to
/// see what was reduced, as a recorder does, costs least as an observer.
public struct ActionObserver<State: StoreState>: Sendable {
    /// The observer's function: called after each reduction with the context and the action.
    public let observe: @Sendable (_ context: MiddlewareContext<State>, _ action: State.Action) -> Void

    /// Creates an observer from a function of the context and the reduced action.
    public init(_ observe: @escaping @Sendable (_ context: MiddlewareContext<State>, _ action: State.Action) -> Void) {
        self.observe = observe
    }
}

/// A store's observers, joined into one call, with the context they are handed. A class, so the
/// core can call it through an unretained reference (as it calls its ``MiddlewareChain``).
@usableFromInline
final class ActionObservation<State: StoreState> {
    /// Every observer, in order.
    @usableFromInline let observe: (MiddlewareContext<State>, State.Action) -> Void
    /// What the observers are handed.
    @usableFromInline let context: MiddlewareContext<State>

    @usableFromInline
    init(_ observers: [ActionObserver<State>], context: MiddlewareContext<State>) {
        if observers.count == 1 {
            observe = observers[0].observe
        } else {
            let functions = observers.map(\.observe)
            observe = { context, action in
                for function in functions { function(context, action) }
            }
        }
        self.context = context
    }

    /// Tells every observer that `action` was reduced.
    @inlinable
    func run(_ action: State.Action) {
        observe(context, action)
    }
}
