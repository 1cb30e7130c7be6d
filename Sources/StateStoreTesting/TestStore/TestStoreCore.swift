import StateStore

/// The engine behind a ``TestStore``: it reduces, runs effects under its own control, records the
/// actions effects send, and tells the test when everything has run as far as it can.
///
/// ## How effects run
/// The reducer's effects are interpreted the way ``Store`` interprets them (through
/// `Effect.inspection`): `.send` follow-ups are reduced right after the action that asked for
/// them; `.cancel` cancels by id at once; `cancelInFlight` replaces running work under the same id;
/// a thrown error becomes the `catch:` action unless the work was cancelled; `.merge` in order.
///
/// What differs is *when* work starts: `.run` work is queued and started one piece at a time by
/// ``settle()``, each allowed to run until it finishes or sleeps on the ``TestClock`` before the
/// next starts. Actions it sends are reduced on arrival (so cancellation takes effect exactly as in
/// a store) and kept, with the state they produced, until the test asserts them with `receive`.
/// That makes the order of received actions independent of thread scheduling.
///
/// ## Waiting without sleeping
/// Waiting (for settling, for an action, for the end of the effects) is a continuation resumed by
/// whatever change satisfies it: an action arriving, an effect finishing or falling asleep on the
/// clock. A timer task resumes it only if nothing does within the store's timeout; that is a
/// failure guard, never part of a passing test's timing.
///
/// ## Locks
/// `lock` guards everything below it. It is never held while calling into the clock or cancelling
/// a task (cancellation runs the clock's handlers, which call ``sleepEnded(effect:)``), so the only
/// lock order is clock, then core.
final class TestStoreCore<State: StoreState & Equatable & Encodable>: @unchecked Sendable, SleepTracking,
    ClockSettling
{
    typealias Action = State.Action

    struct Received {
        let action: Action
        let state: State
    }

    struct RunningEffect {
        let id: EffectID?
        let origin: String
        /// Where the test sent the action that started it (`nil`: an action an effect sent).
        let sentAt: String?
        var task: Task<Void, Never>?
        var sleeping = 0
        /// Timed out while settling without finishing or sleeping on the clock: it waits for
        /// something outside the store's control (a stream the test feeds), so settling no longer
        /// waits for it.
        var external = false
    }

    struct PendingEffect {
        let key: UInt64
        let run: Effect<Action>.Inspection.Run
    }

    private struct Waiter {
        let isSatisfied: @Sendable (TestStoreCore) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    let reducer: @Sendable (inout State, Action) -> Effect<Action>
    let timeout: Duration

    private let lock = PlainLock()
    // Guarded by `lock`.
    private var live: State
    private var assertedState: State
    private var receivedQueue: [Received] = []
    private var running: [UInt64: RunningEffect] = [:]
    private var pending: [PendingEffect] = []
    private var nextKey: UInt64 = 0
    private var waiters: [UInt64: Waiter] = [:]
    private var isShutDown = false

    init(state: State, reducer: Reducer<State, Action>, timeout: Duration) {
        self.live = state
        self.assertedState = state
        self.reducer = reducer.reduce
        self.timeout = timeout
    }

    // MARK: State

    /// The state after the last asserted (or skipped) step.
    var asserted: State {
        get { lock.withLock { assertedState } }
        set { lock.withLock { assertedState = newValue } }
    }

    /// The state with every action reduced so far, asserted or not.
    var liveState: State { lock.withLock { live } }

    var received: [Received] { lock.withLock { receivedQueue } }

    /// Removes and returns the received actions up to and including the first that `matches`.
    func takeReceived(upToFirst matches: (Action) -> Bool) -> (skipped: [Received], match: Received)? {
        lock.withLock {
            guard let index = receivedQueue.firstIndex(where: { matches($0.action) }) else { return nil }
            let skipped = Array(receivedQueue[..<index])
            let match = receivedQueue[index]
            receivedQueue.removeFirst(index + 1)
            return (skipped, match)
        }
    }

    /// Removes every received action, returning them.
    func takeAllReceived() -> [Received] {
        lock.withLock {
            let all = receivedQueue
            receivedQueue.removeAll()
            return all
        }
    }

    // MARK: Reducing

    /// Reduces an action sent by the test, and the follow-ups it asks for. Returns the states
    /// before and after the action itself (follow-ups are recorded as received).
    func send(_ action: Action, at location: String) -> (before: State, after: State) {
        let (result, cancelled): ((State, State), [Task<Void, Never>]) = lock.withLock {
            let before = live
            var cancelled: [Task<Void, Never>] = []
            let effect = reducer(&live, action)
            let after = live
            var followUps: [Action] = []
            schedule(effect, origin: action, sentAt: location, followUps: &followUps, cancelled: &cancelled)
            reduceFollowUps(followUps, cancelled: &cancelled)
            return ((before, after), cancelled)
        }
        finishChange(cancelling: cancelled)
        return result
    }

    /// Reduces an action an effect sent, unless that effect was cancelled meanwhile.
    func deliver(_ action: Action, from key: UInt64) {
        let cancelled: [Task<Void, Never>]? = lock.withLock {
            guard !isShutDown, running[key] != nil else { return nil }
            var cancelled: [Task<Void, Never>] = []
            reduceFollowUps([action], cancelled: &cancelled)
            return cancelled
        }
        guard let cancelled else { return }
        finishChange(cancelling: cancelled)
    }

    /// Reduces actions as received ones, in FIFO order, with the follow-ups each asks for.
    private func reduceFollowUps(_ actions: [Action], cancelled: inout [Task<Void, Never>]) {
        var queue = actions[...]
        while let action = queue.popFirst() {
            let effect = reducer(&live, action)
            receivedQueue.append(Received(action: action, state: live))
            var followUps: [Action] = []
            schedule(effect, origin: action, sentAt: nil, followUps: &followUps, cancelled: &cancelled)
            queue.append(contentsOf: followUps)
        }
    }

    private func schedule(
        _ effect: Effect<Action>,
        origin: Action,
        sentAt: String?,
        followUps: inout [Action],
        cancelled: inout [Task<Void, Never>]
    ) {
        switch effect.inspection {
        case .none:
            return
        case .send(let action):
            followUps.append(action)
        case .cancel(let id):
            cancelLocked(id: id, into: &cancelled)
        case .merge(let effects):
            for effect in effects {
                schedule(effect, origin: origin, sentAt: sentAt, followUps: &followUps, cancelled: &cancelled)
            }
        case .run(let run):
            if run.cancelInFlight, let id = run.id {
                cancelLocked(id: id, into: &cancelled)
            }
            nextKey += 1
            pending.append(PendingEffect(key: nextKey, run: run))
            running[nextKey] = RunningEffect(id: run.id, origin: String(describing: origin), sentAt: sentAt)
        }
    }

    private func cancelLocked(id: EffectID, into cancelled: inout [Task<Void, Never>]) {
        pending.removeAll { $0.run.id == id }
        for (key, effect) in running where effect.id == id {
            running.removeValue(forKey: key)
            if let task = effect.task { cancelled.append(task) }
        }
    }

    // MARK: Effects

    /// Starts the next queued effect, if any. Returns `false` when none was queued.
    private func startNextPending() -> Bool {
        lock.withLock {
            guard !isShutDown, !pending.isEmpty else { return false }
            let next = pending.removeFirst()
            guard running[next.key] != nil else { return true }
            let run = next.run
            let key = next.key
            let send = Send<Action> { [weak self] action in self?.deliver(action, from: key) }
            // The entry exists before the task can finish: `finish` takes the lock held here.
            let task = Task(priority: run.priority) { [self] in
                await EffectContext.$current.withValue(EffectContext(tracker: self, key: key)) {
                    do {
                        try await run.perform(send)
                    } catch {
                        if !Task.isCancelled, let action = run.errorAction(for: error) {
                            send(action)
                        }
                    }
                }
                self.finish(key)
            }
            running[key]?.task = task
            return true
        }
    }

    private func finish(_ key: UInt64) {
        lock.withLock { _ = running.removeValue(forKey: key) }
        finishChange(cancelling: [])
    }

    /// Effects still to finish, started or queued, in the order they were asked for.
    var inFlight: [RunningEffect] {
        lock.withLock { running.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Cancels every effect and refuses new ones.
    func shutDown() {
        let tasks: [Task<Void, Never>] = lock.withLock {
            isShutDown = true
            pending.removeAll()
            let tasks = running.values.compactMap(\.task)
            running.removeAll()
            return tasks
        }
        for task in tasks { task.cancel() }
        finishChange(cancelling: [])
    }

    /// Cancels every effect but keeps the store usable.
    func cancelAllEffects() {
        let tasks: [Task<Void, Never>] = lock.withLock {
            pending.removeAll()
            let tasks = running.values.compactMap(\.task)
            running.removeAll()
            return tasks
        }
        finishChange(cancelling: tasks)
    }

    // MARK: Sleep tracking (called by the clock, with its lock held)

    func sleepBegan(effect key: UInt64) {
        lock.withLock { running[key]?.sleeping += 1 }
        notifyWaiters()
    }

    func sleepEnded(effect key: UInt64) {
        lock.withLock { running[key]?.sleeping -= 1 }
        notifyWaiters()
    }

    // MARK: Settling and waiting

    /// Every started effect is finished, asleep on the clock, or known to wait on the outside.
    private var isSettledLocked: Bool {
        running.values.allSatisfy { $0.task == nil || $0.sleeping > 0 || $0.external }
    }

    /// Nothing can send an action without the test acting: no effect queued, every effect asleep
    /// on the clock.
    var isQuiescentLocked: Bool {
        pending.isEmpty && running.values.allSatisfy { $0.sleeping > 0 }
    }

    var isQuiescent: Bool { lock.withLock { isQuiescentLocked } }

    /// Whether an action that `matches` accepts was received; to be called under the lock (from a
    /// ``wait(timeout:until:)`` condition).
    func hasReceivedLocked(where matches: (Action) -> Bool) -> Bool {
        receivedQueue.contains { matches($0.action) }
    }

    /// Lets effects run as far as they can: starts queued effects one at a time, each run until
    /// it finishes or sleeps on the clock. An effect that does neither within the timeout is
    /// marked as waiting on the outside and no longer waited for.
    func settle() async {
        while true {
            let settled = await wait { $0.isSettledLocked }
            if !settled {
                lock.withLock {
                    for key in running.keys where running[key]?.task != nil && running[key]?.sleeping == 0 {
                        running[key]?.external = true
                    }
                }
            }
            if !startNextPending() { return }
        }
    }

    /// Waits until `condition` holds (checked under the lock after every change) or the timeout
    /// passes. Returns whether the condition holds.
    func wait(
        timeout: Duration? = nil,
        until condition: @escaping @Sendable (TestStoreCore) -> Bool
    ) async -> Bool {
        let limit = timeout ?? self.timeout
        let id: UInt64 = lock.withLock {
            nextKey += 1
            return nextKey
        }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let satisfied: Bool = lock.withLock {
                if condition(self) { return true }
                waiters[id] = Waiter(isSatisfied: condition, continuation: continuation)
                return false
            }
            if satisfied {
                continuation.resume(returning: true)
                return
            }
            // The failure guard: only fires when nothing satisfied the condition in time.
            let timer = Task { [weak self] in
                try? await Task.sleep(for: limit)
                guard !Task.isCancelled else { return }
                self?.expire(id)
            }
            let stillWaiting = lock.withLock {
                guard waiters[id] != nil else { return false }
                waiters[id]?.timer = timer
                return true
            }
            if !stillWaiting { timer.cancel() }
        }
    }

    private func expire(_ id: UInt64) {
        let waiter = lock.withLock { waiters.removeValue(forKey: id) }
        waiter?.continuation.resume(returning: false)
    }

    private func finishChange(cancelling tasks: [Task<Void, Never>]) {
        for task in tasks { task.cancel() }
        notifyWaiters()
    }

    private func notifyWaiters() {
        let ready: [Waiter] = lock.withLock {
            guard !waiters.isEmpty else { return [] }
            var ready: [Waiter] = []
            for (id, waiter) in waiters where waiter.isSatisfied(self) {
                waiters.removeValue(forKey: id)
                ready.append(waiter)
            }
            return ready
        }
        for waiter in ready {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }
}
