/// The engine behind a ``Store``: the queue, the state, the middleware chain, the subscribers and
/// the effects.
///
/// ## Threading and ordering
/// Exactly one thread at a time *drains*: it takes commands (actions, subscriptions,
/// unsubscriptions) off the queue in FIFO order and processes each completely (middleware, reduce,
/// effects, notifications) before the next. A thread that finds no drain in progress becomes the
/// drainer and drains until the queue is empty. Anything submitted while a drain is in progress is
/// queued; it never recurses and never reorders. Subscribing or unsubscribing *from the draining
/// thread* (inside a notification or middleware) takes effect at once instead, so a subscriber can
/// unsubscribe itself or others in the middle of a round.
///
/// ## What the lock guards
/// `lock` (recursive, so a reducer that reads the store cannot deadlock) guards the queue, the
/// drain flag and drainer identity, the shut-down flag, the effects switch, and writes to the
/// state. The subscriber list, the middleware chain and the batch buffer are touched only by the
/// current drainer; the hand-over between drainers goes through `lock`, which orders it. The
/// drainer reads the state without the lock because it is the only writer.
///
/// The state lives in its own allocation, reached through a pointer, so reducing in place costs
/// no exclusivity check and never copies the state.
@usableFromInline
final class StoreCore<State: StoreState>: @unchecked Sendable {
    @usableFromInline typealias Action = State.Action

    @usableFromInline
    enum Command {
        case action(Action)
        case subscribe(Subscriber<State>)
        case unsubscribe(Subscriber<State>)
    }

    @usableFromInline let lock = Lock(recursive: true)
    @usableFromInline let statePointer: UnsafeMutablePointer<State>
    @usableFromInline let reducer: @Sendable (inout State, Action) -> Effect<Action>
    @usableFromInline let effects = EffectRunner<Action>()
    /// Carries changes to main-actor subscriptions (its own lock; see ``MainActorMailbox``).
    @usableFromInline let mainActorMailbox = MainActorMailbox()

    // Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var queue: [Command] = []
    @usableFromInline @exclusivity(unchecked) var isDraining = false
    @usableFromInline @exclusivity(unchecked) var drainer = ThreadID(raw: 0)
    @usableFromInline @exclusivity(unchecked) var isShutDown = false
    @usableFromInline @exclusivity(unchecked) var effectsEnabled: Bool

    // Drainer only.
    @usableFromInline @exclusivity(unchecked) var batch: [Command] = []
    @usableFromInline @exclusivity(unchecked) var subscribers: ContiguousArray<Subscriber<State>> = []
    @usableFromInline @exclusivity(unchecked) var chain: ((Action) -> Void)?

    @inlinable
    init(
        reducer: Reducer<State, Action>,
        state: State,
        middleware: [Middleware<State>],
        effectsEnabled: Bool
    ) {
        self.statePointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        self.statePointer.initialize(to: state)
        self.reducer = reducer.reduce
        self.effectsEnabled = effectsEnabled
        self.chain = Self.buildChain(middleware, core: self)
    }

    deinit {
        statePointer.deinitialize(count: 1)
        statePointer.deallocate()
    }

    /// Builds the middleware chain once: the first middleware wraps the second, and so on; the
    /// innermost `next` reduces. `unowned(unsafe)` is sound for the innermost step because only the
    /// core itself calls its chain; the contexts hold the core strongly, and the cycle that makes is
    /// broken by ``shutDown()``, which drops the chain.
    @inlinable
    static func buildChain(_ middleware: [Middleware<State>], core: StoreCore) -> (Action) -> Void {
        var next: (Action) -> Void = { [unowned(unsafe) core] action in core.reduceAndNotify(action) }
        if middleware.isEmpty { return next }
        let context = MiddlewareContext(core: core)
        for layer in middleware.reversed() {
            let inner = next
            let handle = layer.handle
            next = { action in handle(context, action, inner) }
        }
        return next
    }

    // MARK: State

    @inlinable
    var state: State {
        lock.lock()
        defer { lock.unlock() }
        return statePointer.pointee
    }

    // MARK: Submitting commands

    /// Dispatches an action: processes it now if no drain is in progress, else queues it.
    @inlinable
    func dispatch(_ action: Action) {
        lock.lock()
        if isDraining || isShutDown {
            if !isShutDown { queue.append(.action(action)) }
            lock.unlock()
            return
        }
        isDraining = true
        drainer = ThreadID.current
        lock.unlock()
        chain?(action)
        drain()
    }

    /// Submits a subscription change. From the draining thread it applies at once (so a subscriber
    /// can change subscriptions mid-round); from another thread during a drain it is queued.
    @inlinable
    func submit(_ command: Command) {
        lock.lock()
        if isShutDown {
            lock.unlock()
            return
        }
        if isDraining {
            if drainer == ThreadID.current {
                lock.unlock()
                execute(command)
            } else {
                queue.append(command)
                lock.unlock()
            }
            return
        }
        isDraining = true
        drainer = ThreadID.current
        lock.unlock()
        execute(command)
        drain()
    }

    /// Processes queued commands until the queue is empty, then gives up the drainer role.
    @inlinable
    func drain() {
        while true {
            lock.lock()
            if isShutDown {
                queue.removeAll()
                isDraining = false
                lock.unlock()
                tearDown()
                return
            }
            if queue.isEmpty {
                isDraining = false
                lock.unlock()
                return
            }
            swap(&queue, &batch)
            lock.unlock()
            for command in batch {
                execute(command)
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    @inlinable
    func execute(_ command: Command) {
        switch command {
        case .action(let action):
            chain?(action)
        case .subscribe(let subscriber):
            subscriber.receive(statePointer.pointee, true)
            subscribers.append(subscriber)
        case .unsubscribe(let subscriber):
            subscriber.isActive = false
            if let index = subscribers.firstIndex(where: { $0 === subscriber }) {
                subscribers.remove(at: index)
            }
        }
    }

    // MARK: Reducing and notifying

    /// The innermost step of the chain: reduce, start the effects, notify subscribers.
    @inlinable
    func reduceAndNotify(_ action: Action) {
        lock.lock()
        let effect = reducer(&statePointer.pointee, action)
        let runEffects = effectsEnabled
        lock.unlock()
        if runEffects, !effect.isNone {
            effects.start(effect, send: Send { [self] action in self.dispatch(action) }, dispatch: dispatch)
        }
        notify()
    }

    @inlinable
    func notify() {
        let round = subscribers
        if round.isEmpty { return }
        let state = statePointer.pointee
        for subscriber in round where subscriber.isActive {
            subscriber.receive(state, false)
        }
    }

    // MARK: Effects switch

    @usableFromInline
    func setEffectsEnabled(_ enabled: Bool) {
        lock.withLock { effectsEnabled = enabled }
    }

    @usableFromInline
    var areEffectsEnabled: Bool {
        lock.withLock { effectsEnabled }
    }

    // MARK: Shutting down

    /// Stops the store: drops queued commands, cancels every effect, releases the subscribers and
    /// the middleware chain (breaking the chain's reference cycle). Safe from any thread, also
    /// while another thread drains: that drainer tears down when it next looks at the queue.
    @usableFromInline
    func shutDown() {
        lock.lock()
        isShutDown = true
        queue.removeAll()
        if isDraining {
            lock.unlock()
            effects.shutDown()
            return
        }
        isDraining = true
        drainer = ThreadID.current
        lock.unlock()
        tearDown()
        lock.withLock { isDraining = false }
    }

    @usableFromInline
    func tearDown() {
        effects.shutDown()
        for subscriber in subscribers {
            subscriber.isActive = false
        }
        subscribers.removeAll()
        chain = nil
    }
}
