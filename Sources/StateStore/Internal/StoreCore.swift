/// The engine behind a ``Store``: the queue, the state, the middleware chain, the subscribers and
/// the effects.
///
/// ## Threading and ordering
/// Exactly one thread at a time *drains*: it takes commands (actions, subscriptions,
/// unsubscriptions) off the queue in FIFO order and processes each completely (middleware, reduce,
/// effects, notifications) before the next. A thread that finds no drain in progress becomes the
/// drainer and drains until the queue is empty. Anything submitted while a drain is in progress is
/// queued; it never recurses and never reorders. Subscribing or unsubscribing *from the draining
/// thread* (inside a notification, middleware or the reducer) takes effect at once instead, so a
/// subscriber can unsubscribe itself or others in the middle of a round.
///
/// ## What the lock guards
/// `lock` (a ``StoreLock``) guards the queue, the shut-down flag, the effects switch, and writes
/// to the state: the reducer runs with it held. Moving the drain status (``DrainStatus``) away
/// from idle needs it too. The subscriber list, the middleware chain and the batch buffer are touched only by the
/// store's owner (``StoreOwner``: the thread that drains, or that reduces under the lock while no
/// drain is in progress); the hand-over between owners goes through the lock and the drain
/// status, which order it. The owner reads the state without the lock: it is the only writer.
///
/// ## What a dispatch costs
/// An action dispatched while no drain is in progress, through no middleware, is reduced under
/// the lock that found the store idle. When the action leaves nothing to do outside the lock (no
/// effect, no subscriber, no observer, nothing queued by the reducer), the lock is released and the dispatch is
/// over: the drain was never published, because nothing could observe it. Otherwise the thread
/// publishes itself as the drainer before releasing the lock, notifies, and gives the role up with
/// one atomic step (``DrainStatus/finish()``), taking the lock again only when commands were
/// queued meanwhile. So a dispatch takes the lock once.
///
/// ## Reentrant calls
/// The lock is not recursive. A call made on the owning thread (from the reducer, middleware, a
/// subscriber or an effect's `.send`) is recognised by ``StoreOwner/isCurrentThread``: a dispatch
/// queues behind the current action (without taking the lock when the reducer holds it), a read
/// reads, a subscription change applies at once.
///
/// The state lives in its own allocation, reached through a pointer, so reducing in place costs
/// no exclusivity check and never copies the state.
///
/// `@unchecked Sendable`: every mutable field is either guarded by `lock`, or touched only by the
/// owner with the hand-over ordered as above, or atomic (`owner`, `status`); the rest is `let`.
@usableFromInline
final class StoreCore<State: StoreState>: @unchecked Sendable {
    @usableFromInline typealias Action = State.Action

    @usableFromInline
    enum Command {
        case action(Action)
        case subscribe(Subscriber<State>)
        case unsubscribe(Subscriber<State>)
    }

    @usableFromInline let lock = StoreLock()
    @usableFromInline let owner = StoreOwner()
    @usableFromInline let statePointer: UnsafeMutablePointer<State>
    @usableFromInline let reducer: @Sendable (inout State, Action) -> Effect<Action>
    @usableFromInline let effects = EffectRunner<Action>()
    /// Carries changes to main-actor subscriptions (its own lock; see ``MainActorMailbox``).
    @usableFromInline let mainActorMailbox = MainActorMailbox()

    // Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var queue: [Command] = []
    @usableFromInline @exclusivity(unchecked) var isShutDown = false
    @usableFromInline @exclusivity(unchecked) var effectsEnabled: Bool
    /// Whether a thread drains, and whether commands wait for it (see ``DrainStatus``).
    @usableFromInline let status = DrainStatus()

    // Owner only.
    /// The owner is in the reducer, holding `lock`.
    @usableFromInline @exclusivity(unchecked) var isReducing = false
    @usableFromInline @exclusivity(unchecked) var batch: [Command] = []
    @usableFromInline @exclusivity(unchecked) var subscribers = SubscriberList<State>()
    /// A round of notifications is running: `subscribers` keeps its length and its buffer, so
    /// subscription changes made meanwhile wait in `joining` and `leavers` until the round ends.
    /// (A leaver's slot holds `inertSubscriber` at once, so the rest of the round skips it; a
    /// joiner has had its first value.)
    @usableFromInline @exclusivity(unchecked) var isNotifying = false
    @usableFromInline @exclusivity(unchecked) var joining: ContiguousArray<Subscriber<State>> = []
    /// The subscribers that left during the round, held until it ends (one may be running).
    @usableFromInline @exclusivity(unchecked) var leavers: ContiguousArray<Subscriber<State>> = []
    /// Stands in the list for a subscriber that left during a round, until the round ends: its
    /// `receive` does nothing, so the round calls every slot without checking `isActive` first
    /// (three instructions a subscriber).
    @usableFromInline let inertSubscriber = Subscriber<State>.inert()
    /// The middleware chain; `nil` without middleware (the reducer is then called directly, under
    /// the lock of the fast path) and after shutting down.
    @usableFromInline @exclusivity(unchecked) var chain: MiddlewareChain<State>? {
        didSet { chainReference = chain.map(Unmanaged.passUnretained) }
    }
    /// `chain`, unretained: calling through it costs no retain and release of the chain (two
    /// atomic operations a dispatch). Sound because only ``tearDown()`` drops the chain, and it
    /// runs on the owning thread, never while the chain is being called.
    @usableFromInline @exclusivity(unchecked) var chainReference: Unmanaged<MiddlewareChain<State>>?
    /// Whether the store has middleware; fixed at creation, so read without the lock.
    @usableFromInline let hasMiddleware: Bool
    /// The observers of reduced actions (``ActionObserver``), joined; `nil` without observers and
    /// after shutting down. Like the chain, it holds a context, so the core, strongly: the cycle
    /// is broken by ``tearDown()``.
    @usableFromInline @exclusivity(unchecked) var observation: ActionObservation<State>? {
        didSet { observationReference = observation.map(Unmanaged.passUnretained) }
    }
    /// `observation`, unretained: calling through it costs no retain and release. Sound for the
    /// reason `chainReference` is: only ``tearDown()`` drops it, on the owning thread, never while
    /// an observer is being called.
    @usableFromInline @exclusivity(unchecked) var observationReference: Unmanaged<ActionObservation<State>>?
    /// Whether the store has observers; fixed at creation, so read without the lock.
    @usableFromInline let hasObservers: Bool

    @inlinable
    init(
        reducer: Reducer<State, Action>,
        state: State,
        middleware: [Middleware<State>],
        observers: [ActionObserver<State>],
        effectsEnabled: Bool
    ) {
        self.statePointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        self.statePointer.initialize(to: state)
        self.reducer = reducer.reduce
        self.effectsEnabled = effectsEnabled
        self.hasMiddleware = !middleware.isEmpty
        self.hasObservers = !observers.isEmpty
        self.chain = Self.buildChain(middleware, core: self)
        self.observation =
            observers.isEmpty ? nil : ActionObservation(observers, context: MiddlewareContext(core: self))
        // `didSet` does not run in an initialiser.
        self.chainReference = chain.map(Unmanaged.passUnretained)
        self.observationReference = observation.map(Unmanaged.passUnretained)
    }

    deinit {
        subscribers.deallocate()
        statePointer.deinitialize(count: 1)
        statePointer.deallocate()
        owner.deallocate()
        status.deallocate()
        lock.deallocate()
    }

    /// Builds the middleware chain once: the first middleware wraps the second, and so on; the
    /// innermost `next` reduces. The innermost step holds the core unretained: only the core
    /// itself calls its chain, so the core is alive during every call. The contexts hold the core
    /// strongly, and the cycle that makes is broken by ``tearDown()``, which drops the chain.
    /// Without middleware there is no chain. The chain calls the first middleware itself, with
    /// the closure for the rest: a closure around the first one too would cost a call a dispatch.
    @inlinable
    static func buildChain(_ middleware: [Middleware<State>], core: StoreCore) -> MiddlewareChain<State>? {
        guard let first = middleware.first else { return nil }
        let unretained = Unmanaged.passUnretained(core)
        var next: (Action) -> Void = { action in
            unretained._withUnsafeGuaranteedRef { $0.reduceAndNotify(action) }
        }
        let context = MiddlewareContext(core: core)
        for layer in middleware.dropFirst().reversed() {
            let inner = next
            let handle = layer.handle
            next = { action in handle(context, action, inner) }
        }
        return MiddlewareChain(first: first.handle, context: context, next: next)
    }

    /// Runs `action` through the middleware chain, if there still is one.
    @inlinable
    func runChain(_ action: Action) {
        chainReference?._withUnsafeGuaranteedRef { $0.run(action) }
    }

    /// Tells the observers that `action` was reduced, if the store has any (still).
    @inlinable
    func observe(_ action: Action) {
        observationReference?._withUnsafeGuaranteedRef { $0.run(action) }
    }

    // MARK: State

    @inlinable
    var state: State {
        // The owner is the only writer: its reads need no lock (in the reducer, it holds it).
        if owner.isCurrentThread { return statePointer.pointee }
        lock.lock()
        defer { lock.unlock() }
        return statePointer.pointee
    }

    // MARK: Submitting commands

    /// Dispatches an action: processes it now if no drain is in progress, else queues it.
    @inlinable
    func dispatch(_ action: Action) {
        if owner.isCurrentThread {
            enqueueFromOwner(.action(action))
            return
        }
        if hasMiddleware {
            // Middleware runs without the lock, so the drainer role is claimed without it; the
            // reducer, at the end of the chain, takes the lock.
            if status.claim(DrainStatus.draining) {
                owner.takeForCurrentThread()
                runChain(action)
                finishDraining()
                return
            }
            lock.lock()
            if isShutDown {
                lock.unlock()
                return
            }
            let mustDrain = queueBehindDrainer(.action(action))
            lock.unlock()
            if mustDrain { finishDraining() }
            return
        }
        lock.lock()
        if isShutDown {
            lock.unlock()
            return
        }
        if !status.isIdle {
            let mustDrain = queueBehindDrainer(.action(action))
            lock.unlock()
            if mustDrain { finishDraining() }
            return
        }
        owner.takeForCurrentThread()
        // The fast path: reduce under this lock. (Without middleware nothing claims the drainer
        // role without the lock, so the status stays idle meanwhile.)
        isReducing = true
        let effect = reducer(&statePointer.pointee, action)
        isReducing = false
        let queued = !queue.isEmpty || isShutDown
        if effect.isNone, subscribers.isEmpty, !queued, !hasObservers {
            owner.clear()
            lock.unlock()
            return
        }
        status.set(queued ? DrainStatus.pending : DrainStatus.draining)
        let runEffects = effectsEnabled
        lock.unlock()
        if hasObservers { observe(action) }
        startEffects(effect, if: runEffects)
        notify()
        finishDraining()
    }

    /// Queues `command` behind the drain another thread is doing; with the lock held. Returns
    /// whether that drainer had just given up its role: this thread is then the drainer, with the
    /// command queued, and must call ``finishDraining()`` once it releases the lock.
    @inlinable
    func queueBehindDrainer(_ command: Command) -> Bool {
        queue.append(command)
        while true {
            if status.markPending() { return false }
            // Idle: the drainer left. Drain it ourselves, unless a dispatch through middleware
            // (which claims without the lock) just took the role; then queue behind that one.
            if status.claim(DrainStatus.pending) {
                owner.takeForCurrentThread()
                return true
            }
        }
    }

    /// Queues a command the owning thread submits (from the reducer, middleware, a subscriber or
    /// an effect's `.send`): it runs after the current action, in FIFO order.
    @inlinable
    func enqueueFromOwner(_ command: Command) {
        // In the reducer this thread holds the lock already.
        if isReducing {
            queueForOwnDrain(command)
            return
        }
        lock.lock()
        queueForOwnDrain(command)
        lock.unlock()
    }

    /// Queues a command for the drain this thread owns; with the lock held. (In the fast path's
    /// reducer the drain is not published yet, and the dispatch finds the queue non-empty.)
    @inlinable
    func queueForOwnDrain(_ command: Command) {
        if isShutDown { return }
        queue.append(command)
        if !status.isIdle { status.set(DrainStatus.pending) }
    }

    /// Submits a subscription change. From the owning thread it applies at once (so a subscriber
    /// can change subscriptions mid-round); from another thread during a drain it is queued.
    @inlinable
    func submit(_ command: Command) {
        if owner.isCurrentThread {
            execute(command)
            return
        }
        lock.lock()
        if isShutDown {
            lock.unlock()
            return
        }
        if !status.claim(DrainStatus.draining) {
            let mustDrain = queueBehindDrainer(command)
            lock.unlock()
            if mustDrain { finishDraining() }
            return
        }
        owner.takeForCurrentThread()
        lock.unlock()
        execute(command)
        finishDraining()
    }

    /// The drainer, its current work done: gives up the role, or processes what was queued
    /// meanwhile (in FIFO order) and tries again; tears the store down if it was shut down.
    ///
    /// Inlined: nearly always nothing was queued, and giving the role up is then two
    /// instructions, without the call and the set-up of the loop in ``drainQueued()``.
    @inlinable
    func finishDraining() {
        // Cleared before the status goes idle, so it never overwrites the next owner's id.
        owner.clear()
        if status.finish() { return }
        drainQueued()
    }

    /// The drainer found commands queued while it worked (``finishDraining()`` could not give the
    /// role up): processes them, in FIFO order, and gives the role up once nothing more is queued;
    /// tears the store down if it was shut down. Specialised, but not inlined into every caller.
    @inlinable @inline(never)
    func drainQueued() {
        while true {
            owner.takeForCurrentThread()
            lock.lock()
            if isShutDown {
                queue.removeAll()
                lock.unlock()
                // Torn down before giving the role up: a dispatch through middleware may claim
                // it as soon as the status is idle (and then finds no chain).
                tearDown()
                lock.withLock {
                    owner.clear()
                    status.set(DrainStatus.idle)
                }
                return
            }
            swap(&queue, &batch)
            status.set(DrainStatus.draining)
            lock.unlock()
            for command in batch {
                execute(command)
            }
            batch.removeAll(keepingCapacity: true)
            owner.clear()
            if status.finish() { return }
        }
    }

    @inlinable
    func execute(_ command: Command) {
        switch command {
        case .action(let action):
            if hasMiddleware {
                runChain(action)
            } else {
                reduceAndNotify(action)
            }
        case .subscribe(let subscriber):
            subscriber.receiveFirst(&statePointer.pointee)
            if isNotifying {
                joining.append(subscriber)
            } else {
                subscribers.append(subscriber)
            }
        case .unsubscribe(let subscriber):
            subscriber.isActive = false
            if isNotifying {
                // Its slot (if it had one yet: a joiner has none) takes the inert subscriber,
                // and `leavers` holds it until the round ends: it may be the one running.
                if let left = subscribers.replace(subscriber, with: inertSubscriber) {
                    leavers.append(left)
                } else {
                    leavers.append(subscriber)
                }
            } else {
                // Released at the end of this scope, once the list is whole again.
                let removed = subscribers.remove(subscriber)
                withExtendedLifetime(removed) {}
            }
        }
    }

    // MARK: Reducing and notifying

    /// Reduces an action as the drainer: the innermost step of the chain, and how a queued action
    /// is processed without middleware. Reduce, tell the observers, start the effects, notify
    /// subscribers.
    @inlinable
    func reduceAndNotify(_ action: Action) {
        lock.lock()
        isReducing = true
        let effect = reducer(&statePointer.pointee, action)
        isReducing = false
        let runEffects = effectsEnabled
        lock.unlock()
        if hasObservers { observe(action) }
        startEffects(effect, if: runEffects)
        notify()
    }

    @inlinable
    func startEffects(_ effect: Effect<Action>, if enabled: Bool) {
        if enabled, !effect.isNone {
            effects.start(effect, send: Send { [self] action in self.dispatch(action) }, dispatch: dispatch)
        }
    }

    @inlinable
    func notify() {
        let count = subscribers.count
        guard count > 0, let list = subscribers.base else { return }
        isNotifying = true
        // `subscribers` does not change during the round (changes wait, see `isNotifying`): it
        // holds each subscriber until the round ends, and its buffer stays where it is, so the
        // loop walks it from the base pointer read above. `receive` is a `let` of the subscriber:
        // the guaranteed reference lets the compiler call it without retaining the subscriber or
        // the closure's context (four atomic operations per call). Where the next slot holds a
        // subscriber of the same class, one call notifies the run of them that starts here (see
        // ``Subscriber/receiveRun``) and says how many, at least one, so the loop ends; else the
        // subscriber's `receive` notifies it alone. The state is handed in place, not copied: no
        // reducer runs during the round. A subscriber that leaves during the round gives its slot
        // to `inertSubscriber`, whose closures do nothing: every slot is read afresh (here or in
        // a run), and no flag is checked.
        let state = statePointer
        var index = 0
        while index < count {
            let next = index &+ 1
            Unmanaged.passUnretained(list[index])._withUnsafeGuaranteedRef { subscriber in
                if next < count, ObjectIdentifier(type(of: list[next])) == ObjectIdentifier(type(of: subscriber)) {
                    index &+= subscriber.receiveRun(list + index, count &- index, &state.pointee)
                } else {
                    subscriber.receive(subscriber, &state.pointee)
                    index = next
                }
            }
        }
        isNotifying = false
        if !leavers.isEmpty || !joining.isEmpty { settleAfterRound() }
    }

    /// Applies the subscription changes made during a round: removes the inert stand-ins of who
    /// left, appends who joined (in the order they subscribed; who joined and left in the same
    /// round is dropped). Who left is released once the list is whole again.
    @usableFromInline
    func settleAfterRound() {
        var left: ContiguousArray<Subscriber<State>> = []
        if !leavers.isEmpty {
            swap(&left, &leavers)
            let inert = inertSubscriber
            let standIns = subscribers.removeAll { $0 === inert }
            withExtendedLifetime(standIns) {}
        }
        for subscriber in joining where subscriber.isActive {
            subscribers.append(subscriber)
        }
        joining.removeAll()
        withExtendedLifetime(left) {}
    }

    // MARK: Effects switch

    @usableFromInline
    func setEffectsEnabled(_ enabled: Bool) {
        // From the reducer, this thread holds the lock already.
        if owner.isCurrentThread, isReducing {
            effectsEnabled = enabled
            return
        }
        lock.withLock { effectsEnabled = enabled }
    }

    @usableFromInline
    var areEffectsEnabled: Bool {
        if owner.isCurrentThread, isReducing { return effectsEnabled }
        return lock.withLock { effectsEnabled }
    }

    // MARK: Shutting down

    /// Stops the store: drops queued commands, cancels every effect, releases the subscribers and
    /// the middleware chain (breaking the chain's reference cycle). Safe from any thread, also
    /// while another thread drains: that drainer tears down when it next looks at the queue.
    @usableFromInline
    func shutDown() {
        if owner.isCurrentThread {
            // From the reducer (holding the lock) or from middleware or a subscriber: the drain in
            // progress on this thread tears down when it finishes.
            if !isReducing { lock.lock() }
            isShutDown = true
            queue.removeAll()
            if !status.isIdle { status.set(DrainStatus.pending) }
            if !isReducing { lock.unlock() }
            effects.shutDown()
            return
        }
        lock.lock()
        isShutDown = true
        queue.removeAll()
        while !status.claim(DrainStatus.draining) {
            if status.markPending() {
                // Another thread drains: it tears down when it finishes.
                lock.unlock()
                effects.shutDown()
                return
            }
        }
        owner.takeForCurrentThread()
        lock.unlock()
        tearDown()
        lock.withLock {
            owner.clear()
            status.set(DrainStatus.idle)
        }
    }

    @usableFromInline
    func tearDown() {
        effects.shutDown()
        subscribers.deactivateAll()
        let removed = subscribers.removeAll()
        joining.removeAll()
        var left: ContiguousArray<Subscriber<State>> = []
        swap(&left, &leavers)
        withExtendedLifetime((removed, left)) {}
        chain = nil
        observation = nil
    }
}

/// A store's middleware chain: the first middleware, whose `next` calls the second, and so on to
/// the reducer. A class, so the core can call it through an unretained reference.
@usableFromInline
final class MiddlewareChain<State: StoreState> {
    /// A middleware's function (``Middleware/handle``).
    @usableFromInline typealias Handle =
        @Sendable (MiddlewareContext<State>, State.Action, (State.Action) -> Void) -> Void

    /// The first middleware.
    @usableFromInline let first: Handle
    /// What the middleware are handed.
    @usableFromInline let context: MiddlewareContext<State>
    /// The rest of the chain: the first middleware's `next`.
    @usableFromInline let next: (State.Action) -> Void

    @usableFromInline
    init(first: @escaping Handle, context: MiddlewareContext<State>, next: @escaping (State.Action) -> Void) {
        self.first = first
        self.context = context
        self.next = next
    }

    /// Runs `action` through the chain.
    @inlinable
    func run(_ action: State.Action) {
        first(context, action, next)
    }
}
